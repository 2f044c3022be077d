import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import {
  hiddenEitherWay,
  isMissionMember,
  missionChatIdOf,
  missionIdsOf,
  missionMemberIdsOf,
  missionOwnerOf,
  missionTitleOf,
  type Person,
} from '../../social/social.queries.js';

/** More tasks than any board shows at once; a mission with more pages them by status filter. */
const TASK_LIST_LIMIT = 500;

type TaskStatus = 'todo' | 'in_progress' | 'done';

/**
 * Tasks as the viewer sees them: only in missions they belong to whose owner is not blocked
 * either way with them (the kernel's rules), each with its mission's title, the viewer's role
 * there (for what they may do), and the assignee's card unless the two are blocked either way.
 */
function visibleTasks(db: Db, viewerId: string) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('users as a', (j) =>
      j
        .onRef('a.id', '=', 't.assigneeId')
        .on(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('a.id'))}`),
    )
    .select([
      't.id',
      't.missionId',
      't.title',
      't.description',
      't.dueDate',
      't.status',
      't.createdBy',
      't.createdAt',
      't.updatedAt',
      'a.id as assigneeId',
      'a.username as assigneeUsername',
      'a.firstName as assigneeFirstName',
      'a.lastName as assigneeLastName',
      'a.headline as assigneeHeadline',
      'a.profilePicture as assigneePicture',
      'a.verifiedOrg as assigneeVerifiedOrg',
    ])
    .select([
      missionTitleOf(sql.ref('t.mission_id')).as('missionTitle'),
      missionRoleIn(sql.val(viewerId), sql.ref('t.mission_id')).as('viewerRole'),
    ])
    .where(sql<boolean>`t.mission_id in ${missionIdsOf(sql.val(viewerId))}`)
    .where(sql<boolean>`not ${hiddenEitherWay(viewerId, missionOwnerOf(sql.ref('t.mission_id')))}`);
}

/**
 * Nobody assigned, or someone the actor may put a task on: a member of the mission not blocked
 * either way with the actor (issue 31). Blocked, they are not there for each other, so a task
 * from one never lands on the other's list: answered as for someone who is not a member.
 */
function assigneeIsMember(actorId: string, assigneeId: string | null, mission: Expression<unknown>) {
  if (assigneeId === null) return sql<boolean>`true`;
  const assignee = sql.val(assigneeId);
  return sql<boolean>`(${isMissionMember(assignee, mission)} and not ${hiddenEitherWay(actorId, assignee)})`;
}

export type TaskRow = Awaited<ReturnType<ReturnType<typeof visibleTasks>['execute']>>[number];

export function findVisibleTask(db: Db, viewerId: string, taskId: string) {
  return visibleTasks(db, viewerId).where('t.id', '=', taskId).executeTakeFirst();
}

/** Tasks of the viewer's missions, newest first; `mine` keeps those assigned to them. */
export function listVisibleTasks(
  db: Db,
  viewerId: string,
  filter: { missionId?: string | undefined; status?: TaskStatus | undefined; mine?: boolean },
) {
  let q = visibleTasks(db, viewerId);
  if (filter.missionId) q = q.where('t.missionId', '=', filter.missionId);
  if (filter.status) q = q.where('t.status', '=', filter.status);
  if (filter.mine) q = q.where('t.assigneeId', '=', viewerId);
  return q.orderBy('t.createdAt', 'desc').orderBy('t.id', 'desc').limit(sql.lit(TASK_LIST_LIMIT)).execute();
}

/**
 * Adds a task in one statement, only while the creator and the assignee (when there is one) are
 * members of the mission, so a check and a leave cannot interleave. No row: one of them is not.
 * Returns what the notices need: the mission's owner and its chat.
 */
export async function insertTaskIfMembers(
  db: Db,
  t: {
    id: string;
    missionId: string;
    creatorId: string;
    title: string;
    description: string;
    assigneeId: string | null;
    dueDate: string | null;
  },
) {
  const mission = sql.val(t.missionId);
  const { rows } = await sql<{ id: string; ownerId: string; chatId: string | null }>`
    insert into tasks (id, mission_id, title, description, assignee_id, due_date, created_by)
    select ${t.id}, ${t.missionId}, ${t.title}, ${t.description}, ${t.assigneeId}, ${t.dueDate}::date, ${t.creatorId}
    where ${isMissionMember(sql.val(t.creatorId), mission)} and ${assigneeIsMember(t.creatorId, t.assigneeId, mission)}
    returning id, ${missionOwnerOf(mission)} as owner_id, ${missionChatIdOf(mission)} as chat_id`.execute(db);
  return rows[0];
}

/** Whether the actor may assign the person a task of the mission (`assigneeIsMember`). */
export async function mayBeAssigned(
  db: Db,
  actorId: string,
  personId: string,
  missionId: string,
): Promise<boolean> {
  const { rows } = await sql<{
    member: boolean;
  }>`select ${assigneeIsMember(actorId, personId, sql.val(missionId))} as member`.execute(db);
  return rows[0]?.member ?? false;
}

/**
 * Changes a task while the editor and the new assignee (when one is named, and not blocked either
 * way with the editor) are members, in one transaction that holds the row: returns the status it
 * had before (for telling people when it moved) and where its notices go. No row: the task is
 * gone, or one of them is not a member.
 */
export function updateTaskIfMembers(
  db: Db,
  taskId: string,
  editorId: string,
  patch: {
    title?: string;
    description?: string;
    assigneeId?: string | null;
    dueDate?: string | null;
    status?: TaskStatus;
  },
) {
  // One transaction, or the caller's (the service's, which also enqueues the move's notices).
  const inOne = <T>(work: (trx: Db) => Promise<T>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  return inOne(async (trx) => {
    const before = await trx
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', taskId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('tasks as t')
      .set({ ...patch, updatedAt: sql<Date>`now()` })
      .where('t.id', '=', taskId)
      .where(isMissionMember(sql.val(editorId), sql.ref('t.mission_id')))
      .where(assigneeIsMember(editorId, patch.assigneeId ?? null, sql.ref('t.mission_id')))
      .returning([
        't.missionId',
        't.title',
        't.status',
        't.assigneeId',
        missionOwnerOf(sql.ref('t.mission_id')).as('ownerId'),
        missionChatIdOf(sql.ref('t.mission_id')).as('chatId'),
      ])
      .executeTakeFirst();
    return after && { ...after, oldStatus: before.status };
  });
}

export async function deleteTask(db: Db, taskId: string): Promise<boolean> {
  const result = await db.deleteFrom('tasks').where('id', '=', taskId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Who sees the mission's board, for telling them live that a task changed (issue 15): its members,
 * but not one blocked either way with the owner (the kernel hides the whole mission from them).
 */
export async function boardAudienceOf(db: Db, missionId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    where u.id in ${missionMemberIdsOf(sql.val(missionId))}
      and not ${hiddenEitherWay(missionOwnerOf(sql.val(missionId)), sql.ref('u.id'))}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The viewer's role in a mission they may see ('owner' | 'partner' | 'collaborator'), or null
 * when they are not a member — or the mission is gone, or its owner is blocked either way with
 * them (blocked people never share a mission, so a stale membership grants nothing).
 */
export async function missionRoleOf(
  db: Db,
  viewerId: string,
  missionId: string,
): Promise<'owner' | 'partner' | 'collaborator' | null> {
  const { rows } = await sql<{ role: 'owner' | 'partner' | 'collaborator' }>`
    select mm.role from mission_members mm join missions m on m.id = mm.mission_id
    where mm.mission_id = ${missionId} and mm.user_id = ${viewerId}
      and not ${hiddenEitherWay(viewerId, sql.ref('m.owner_id'))}`.execute(db);
  return rows[0]?.role ?? null;
}

/** The person's role in the mission ('owner' | 'partner' | 'collaborator'), or null: a scalar for lists (missionRoleOf asks for one). */
function missionRoleIn(
  person: Person,
  missionId: Person,
): RawBuilder<'owner' | 'partner' | 'collaborator' | null> {
  return sql<
    'owner' | 'partner' | 'collaborator' | null
  >`(select mmr.role from mission_members mmr where mmr.mission_id = ${missionId} and mmr.user_id = ${person})`;
}
