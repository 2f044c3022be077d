import { type Task, UNTITLED_MISSION } from '@muster/contract/missions';
import { presentCard } from '../../social/social.present.js';
import type { TaskRow } from './tasks.queries.js';

/** Any member may change a task; the owner, partners and the one who made it may remove it. */
export function mayDeleteTask(t: Pick<TaskRow, 'viewerRole' | 'createdBy'>, viewerId: string): boolean {
  return t.viewerRole === 'owner' || t.viewerRole === 'partner' || t.createdBy === viewerId;
}

export function presentTask(t: TaskRow, viewerId: string): Task {
  return {
    _id: t.id,
    missionId: t.missionId,
    missionTitle: t.missionTitle || UNTITLED_MISSION,
    title: t.title,
    description: t.description,
    assignee: t.assigneeId
      ? presentCard({
          id: t.assigneeId,
          username: t.assigneeUsername ?? '',
          firstName: t.assigneeFirstName ?? '',
          lastName: t.assigneeLastName ?? '',
          headline: t.assigneeHeadline ?? '',
          profilePicture: t.assigneePicture,
          verifiedOrg: t.assigneeVerifiedOrg,
        })
      : null,
    dueDate: t.dueDate,
    status: t.status,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    can: { edit: t.viewerRole !== null, delete: mayDeleteTask(t, viewerId) },
  };
}
