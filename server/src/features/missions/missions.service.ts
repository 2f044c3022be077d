import {
  type CreateMissionInput,
  type MemberRole,
  type missionListQuerySchema,
  UNTITLED_MISSION,
  type UpdateMissionInput,
} from '@muster/contract/missions';
import type { GivenPlace } from '@muster/contract/geo';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { MissionsTable } from '../../db/schema.js';
import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import { savingMedia } from '../../platform/media/media.js';
import { placeAndTextColumns } from '../../platform/places.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import {
  answerJoinRequest,
  completeMission,
  deleteMember,
  deleteMission,
  findMission,
  follow,
  insertJoinRequest,
  insertMission,
  joinRequestAnswerersOf,
  listJoinRequestsFor,
  listMembers,
  listMissions,
  listMyOngoingMissions,
  type ListFilter,
  unfollow,
  updateMission,
} from './missions.queries.js';
import { pageText } from '../../platform/json-text.js';
import { missionSummaryText, presentJoinRequest, presentMember, presentMission } from './missions.present.js';

const PHOTO_MAX_PX = 1600;

const GONE = 'This mission no longer exists';
const titleOf = (m: { title: string }) => m.title.trim() || UNTITLED_MISSION;

/** The mission as the viewer may see it: missing, members-only to a stranger and blocked either way all answer the same 404. */
async function visibleMission(deps: Deps, viewerId: string, id: string) {
  const mission = await findMission(deps.db, viewerId, id);
  if (!mission) throw notFound(GONE);
  return mission;
}

/** Only the owner changes, completes or deletes a mission; a member who is not is refused (403), anyone else does not see it (404). */
async function ownMission(deps: Deps, viewerId: string, id: string) {
  const mission = await visibleMission(deps, viewerId, id);
  if (mission.role !== 'owner') throw forbidden('Only the mission’s owner can do that');
  return mission;
}

async function page(deps: Deps, viewerId: string, id: string) {
  return presentMission(await visibleMission(deps, viewerId, id));
}

export async function createMission(deps: Deps, viewer: Viewer | null, input: CreateMissionInput) {
  const me = requireViewer(viewer);
  const id = newId();
  const title = input.title.trim();
  await savingMedia(deps.media, async (media) => {
    // Re-encoded before the transaction, which then holds the database only for its writes.
    const photo = input.photo ? await media.saveImage(input.photo, { maxDimension: PHOTO_MAX_PX }) : null;
    // The mission and its group chat (the chats feature, `within`) commit together.
    await inTransaction(deps.db, async (trx) => {
      await insertMission(trx, {
        id,
        ownerId: me.id,
        title,
        description: input.description ?? '',
        type: input.type,
        category: input.category ?? '',
        ...placeAndTextColumns(input.location ?? '', input.mapLocation),
        photo,
        visibility: input.visibility ?? 'public',
      });
      await deps.events.emit(trx, 'mission.created', { missionId: id, ownerId: me.id, title });
    });
  });
  return page(deps, me.id, id);
}

export async function getMission(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  return page(deps, me.id, id);
}

export async function editMission(deps: Deps, viewer: Viewer | null, id: string, input: UpdateMissionInput) {
  const me = requireViewer(viewer);
  const mission = await ownMission(deps, me.id, id);
  const changes: Updateable<MissionsTable> = {};
  if (input.title !== undefined) changes.title = input.title.trim();
  if (input.description !== undefined) changes.description = input.description;
  if (input.type !== undefined) changes.type = input.type;
  if (input.category !== undefined) changes.category = input.category;
  // The owner's row holds the exact place (members see it): what is not sent stays as it was.
  if (input.location !== undefined || input.mapLocation !== undefined)
    Object.assign(
      changes,
      placeAndTextColumns(
        input.location ?? mission.location,
        input.mapLocation ?? (mission.mapLocation as GivenPlace | null),
      ),
    );
  if (input.visibility !== undefined) changes.visibility = input.visibility;
  await savingMedia(deps.media, async (media) => {
    if (input.photo === null) changes.photo = null;
    else if (input.photo !== undefined)
      changes.photo = await media.saveImage(input.photo, { maxDimension: PHOTO_MAX_PX });
    // Who sees it and its event commit together: made members-only, what went out to the
    // fediverse is retracted (federation's subscriber, decision 092).
    await inTransaction(deps.db, async (trx) => {
      await updateMission(trx, id, changes);
      if (changes.visibility !== undefined && changes.visibility !== mission.visibility)
        await deps.events.emit(trx, 'mission.visibility_changed', {
          missionId: id,
          visibility: changes.visibility,
        });
    });
  });
  // The replaced picture goes only once the row no longer points at it.
  if (changes.photo !== undefined && mission.photo)
    await deps.media.remove(mission.photo).catch(() => undefined);
  return page(deps, me.id, id);
}

export async function removeMission(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  await ownMission(deps, me.id, id);
  const gone = await deleteMission(deps.db, id);
  if (gone?.photo) await deps.media.remove(gone.photo).catch(() => undefined);
}

export async function markCompleted(deps: Deps, viewer: Viewer | null, id: string) {
  const me = requireViewer(viewer);
  await ownMission(deps, me.id, id);
  await completeMission(deps.db, id);
  return page(deps, me.id, id);
}

export async function listVisibleMissions(
  deps: Deps,
  viewer: Viewer | null,
  query: z.infer<typeof missionListQuerySchema>,
) {
  const me = requireViewer(viewer);
  return missionPage(deps, me.id, query, {
    type: query.type,
    category: query.category,
    status: query.status,
  });
}

async function missionPage(
  deps: Deps,
  viewerId: string,
  query: { cursor?: string | undefined; limit: number },
  filter: Omit<ListFilter, 'cursor' | 'limit'>,
) {
  const cursor = decodeCursor(query.cursor);
  const rows = await listMissions(deps.db, viewerId, { ...filter, cursor, limit: query.limit });
  const { page: shown, nextCursor } = pageOf(rows, query.limit);
  return pageText(shown.map(missionSummaryText), { nextCursor });
}

/** Missions I belong to (owner included) — or, with `userId`, the ones of theirs I may see. */
export async function missionsOf(
  deps: Deps,
  viewer: Viewer | null,
  query: { cursor?: string | undefined; limit: number; userId?: string | undefined },
) {
  const me = requireViewer(viewer);
  return missionPage(deps, me.id, query, { memberId: query.userId ?? me.id });
}

export async function followedMissions(
  deps: Deps,
  viewer: Viewer | null,
  query: { cursor?: string | undefined; limit: number },
) {
  const me = requireViewer(viewer);
  return missionPage(deps, me.id, query, { followerId: me.id });
}

/** The composer's picker (spec §7): ongoing missions I belong to, each with its number of updates. */
export async function myOngoingMissions(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listMyOngoingMissions(deps.db, me.id)).map((m) => ({
    _id: m.id,
    title: m.title,
    updateCount: m.updateCount,
  }));
}

export async function askToJoin(
  deps: Deps,
  viewer: Viewer | null,
  id: string,
  input: { role: MemberRole; message?: string | undefined },
) {
  const me = requireViewer(viewer);
  const mission = await visibleMission(deps, me.id, id);
  if (mission.role) throw conflict('You are already a member of this mission');
  if (mission.status !== 'ongoing') throw conflict('This mission is completed');
  const requestId = await inTransaction(deps.db, async (trx) => {
    const requestId = await insertJoinRequest(trx, {
      id: newId(),
      missionId: id,
      userId: me.id,
      role: input.role,
      message: input.message ?? '',
    });
    if (requestId)
      await deps.events.emit(trx, 'mission.join_requested', {
        missionId: id,
        title: titleOf(mission),
        ownerId: mission.ownerId,
        requesterId: me.id,
        requestId,
        role: input.role,
      });
    return requestId;
  });
  // Asking twice is answered as the first time: the request still waits.
  if (requestId) await joinRequestsChanged(deps, id, me.id);
  return page(deps, me.id, id);
}

/**
 * A join request was made or answered (issue 15): whoever may answer it refetches their list and
 * badge (the combined badge counts join requests), the requester their standing with the mission.
 */
async function joinRequestsChanged(deps: Deps, missionId: string, requesterId: string) {
  const answerers = await joinRequestAnswerersOf(deps.db, missionId, requesterId);
  deps.realtime.publish([...answerers, requesterId], { type: 'joinRequest.changed', data: { missionId } });
  deps.realtime.publish(answerers, { type: 'counts.changed', data: { counts: ['requests'] } });
}

/** Requests to join missions I own or partner in (the spec's GET /chats/join-requests). */
export async function joinRequestsForMe(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listJoinRequestsFor(deps.db, me.id)).map(presentJoinRequest);
}

export async function answerRequest(
  deps: Deps,
  viewer: Viewer | null,
  missionId: string,
  requestId: string,
  approve: boolean,
) {
  const me = requireViewer(viewer);
  const mission = await visibleMission(deps, me.id, missionId);
  if (mission.role !== 'owner' && mission.role !== 'partner')
    throw forbidden('Only the owner or a partner can answer join requests');
  // The membership, the mission chat's members (`within`) and the notice commit together.
  const answered = await inTransaction(deps.db, async (trx) => {
    const answered = await answerJoinRequest(trx, { requestId, missionId, answererId: me.id, approve });
    if (!answered) throw notFound('That request no longer exists');
    if (answered.joined) {
      await deps.events.emit(trx, 'mission.member_joined', { missionId, userId: answered.userId });
      await deps.events.emit(trx, 'mission.join_approved', {
        missionId,
        title: titleOf(mission),
        userId: answered.userId,
        approverId: me.id,
      });
    }
    return answered;
  });
  await joinRequestsChanged(deps, missionId, answered.userId);
  return page(deps, me.id, missionId);
}

export async function leave(deps: Deps, viewer: Viewer | null, missionId: string) {
  const me = requireViewer(viewer);
  const mission = await visibleMission(deps, me.id, missionId);
  if (mission.role === 'owner') throw forbidden('The owner cannot leave their mission');
  await inTransaction(deps.db, async (trx) => {
    if (!mission.role || !(await deleteMember(trx, missionId, me.id)))
      throw notFound('You are not a member of this mission');
    await deps.events.emit(trx, 'mission.member_left', { missionId, userId: me.id });
  });
  // A members-only mission is no longer mine to see: answer what is left to see, or nothing.
  const after = await findMission(deps.db, me.id, missionId);
  return after ? presentMission(after) : null;
}

export async function removeMember(deps: Deps, viewer: Viewer | null, missionId: string, userId: string) {
  const me = requireViewer(viewer);
  await ownMission(deps, me.id, missionId);
  if (userId === me.id) throw forbidden('The owner cannot leave their mission');
  await inTransaction(deps.db, async (trx) => {
    if (!(await deleteMember(trx, missionId, userId)))
      throw notFound('That person is not a member of this mission');
    await deps.events.emit(trx, 'mission.member_left', { missionId, userId });
  });
  return members(deps, me, missionId);
}

export async function members(deps: Deps, viewer: Viewer | null, missionId: string) {
  const me = requireViewer(viewer);
  await visibleMission(deps, me.id, missionId);
  const rows = (await listMembers(deps.db, me.id, missionId)).map(presentMember);
  const owner = rows.find((r) => r.role === 'owner');
  // The owner is always a member; the mission is not visible when they are hidden from the viewer.
  if (!owner) throw notFound(GONE);
  return {
    owner,
    partners: rows.filter((r) => r.role === 'partner'),
    collaborators: rows.filter((r) => r.role === 'collaborator'),
  };
}

export async function setFollowing(deps: Deps, viewer: Viewer | null, missionId: string, following: boolean) {
  const me = requireViewer(viewer);
  await visibleMission(deps, me.id, missionId);
  await (following ? follow(deps.db, missionId, me.id) : unfollow(deps.db, missionId, me.id));
  return page(deps, me.id, missionId);
}
