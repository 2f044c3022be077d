import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import { mayDeleteTask, presentTask } from './tasks.present.js';
import {
  boardAudienceOf,
  deleteTask,
  findVisibleTask,
  insertTaskIfMembers,
  listVisibleTasks,
  mayBeAssigned,
  missionRoleOf,
  updateTaskIfMembers,
} from './tasks.queries.js';

type TaskStatus = 'todo' | 'in_progress' | 'done';
type NewTask = {
  title: string;
  description: string;
  assigneeId?: string | null | undefined;
  dueDate?: string | null | undefined;
};
type TaskPatch = {
  title?: string | undefined;
  description?: string | undefined;
  assigneeId?: string | null | undefined;
  dueDate?: string | null | undefined;
  status?: TaskStatus | undefined;
};

const MISSION_NOT_FOUND = 'Mission not found';
const TASK_NOT_FOUND = 'Task not found';
const notAMember = () =>
  badRequest('Choose a member of this mission', [
    { path: 'assigneeId', message: 'Choose a member of this mission' },
  ]);

/** Once a task is added, changed or removed, the mission's board is refetched by every member with it open (issue 15). */
async function taskChanged(deps: Deps, taskId: string, missionId: string) {
  deps.realtime.publish(await boardAudienceOf(deps.db, missionId), {
    type: 'task.changed',
    data: { taskId, missionId },
  });
}

/** Only members see a mission's tasks; anyone else meets a mission that is not there. */
async function requireMember(deps: Deps, viewerId: string, missionId: string) {
  const role = await missionRoleOf(deps.db, viewerId, missionId);
  if (!role) throw notFound(MISSION_NOT_FOUND);
  return role;
}

export async function listMissionTasks(deps: Deps, viewer: Viewer | null, missionId: string) {
  const me = requireViewer(viewer);
  await requireMember(deps, me.id, missionId);
  return (await listVisibleTasks(deps.db, me.id, { missionId })).map((t) => presentTask(t, me.id));
}

/** Tasks of every mission I belong to; `mine` keeps those assigned to me. */
export async function listMyTasks(
  deps: Deps,
  viewer: Viewer | null,
  query: {
    mine?: 'true' | 'false' | undefined;
    status?: TaskStatus | undefined;
    missionId?: string | undefined;
  },
) {
  const me = requireViewer(viewer);
  const rows = await listVisibleTasks(deps.db, me.id, {
    missionId: query.missionId,
    status: query.status,
    mine: query.mine === 'true',
  });
  return rows.map((t) => presentTask(t, me.id));
}

/**
 * A member adds a task, assigned to a member or to nobody; the assignee and the owner are told. A
 * member blocked either way with the creator is answered as someone outside the mission (400 on
 * `assigneeId`, the answer for an id nobody has): a block is never told by a difference.
 */
export async function createTask(deps: Deps, viewer: Viewer | null, missionId: string, input: NewTask) {
  const me = requireViewer(viewer);
  await requireMember(deps, me.id, missionId);
  const assigneeId = input.assigneeId?.toLowerCase() ?? null;
  const created = await inTransaction(deps.db, async (trx) => {
    const created = await insertTaskIfMembers(trx, {
      id: newId(),
      missionId,
      creatorId: me.id,
      title: input.title,
      description: input.description,
      assigneeId,
      dueDate: input.dueDate ?? null,
    });
    if (created)
      await deps.events.emit(trx, 'task.created', {
        taskId: created.id,
        missionId,
        chatId: created.chatId,
        ownerId: created.ownerId,
        assigneeId,
        actorId: me.id,
        title: input.title,
      });
    return created;
  });
  if (!created) {
    // The creator was a member a moment ago; if they still are, the assignee is the one who is not.
    await requireMember(deps, me.id, missionId);
    throw notAMember();
  }
  await taskChanged(deps, created.id, missionId);
  const task = await findVisibleTask(deps.db, me.id, created.id);
  if (!task) throw notFound(TASK_NOT_FOUND);
  return presentTask(task, me.id);
}

/** Any member edits a task or moves it; a move tells the assignee and the owner. */
export async function updateTask(deps: Deps, viewer: Viewer | null, taskId: string, patch: TaskPatch) {
  const me = requireViewer(viewer);
  const task = await findVisibleTask(deps.db, me.id, taskId);
  if (!task) throw notFound(TASK_NOT_FOUND);
  const assigneeId = patch.assigneeId === undefined ? undefined : (patch.assigneeId?.toLowerCase() ?? null);
  if (assigneeId && !(await mayBeAssigned(deps.db, me.id, assigneeId, task.missionId))) throw notAMember();
  const updated = await inTransaction(deps.db, async (trx) => {
    const updated = await updateTaskIfMembers(trx, taskId, me.id, {
      ...withoutUndefined(patch),
      ...(assigneeId !== undefined && { assigneeId }),
    });
    if (updated && updated.status !== updated.oldStatus)
      await deps.events.emit(trx, 'task.status_changed', {
        taskId,
        missionId: updated.missionId,
        chatId: updated.chatId,
        ownerId: updated.ownerId,
        assigneeId: updated.assigneeId,
        actorId: me.id,
        title: updated.title,
        status: updated.status,
      });
    return updated;
  });
  if (!updated) {
    // Gone meanwhile, or someone left: whichever it was, answer as a fresh look would.
    if (!(await findVisibleTask(deps.db, me.id, taskId))) throw notFound(TASK_NOT_FOUND);
    throw notAMember();
  }
  await taskChanged(deps, taskId, updated.missionId);
  const fresh = await findVisibleTask(deps.db, me.id, taskId);
  if (!fresh) throw notFound(TASK_NOT_FOUND);
  return presentTask(fresh, me.id);
}

/** The owner, a partner or the task's creator removes it; other members may not (403), strangers meet nothing (404). */
export async function removeTask(deps: Deps, viewer: Viewer | null, taskId: string) {
  const me = requireViewer(viewer);
  const task = await findVisibleTask(deps.db, me.id, taskId);
  if (!task) throw notFound(TASK_NOT_FOUND);
  if (!mayDeleteTask(task, me.id))
    throw forbidden('Only the mission owner, a partner or the task’s creator can delete it');
  if (!(await deleteTask(deps.db, taskId))) throw notFound(TASK_NOT_FOUND);
  await taskChanged(deps, taskId, task.missionId);
}

function withoutUndefined<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
