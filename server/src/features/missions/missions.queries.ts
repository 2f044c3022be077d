import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { MissionsTable } from '../../db/schema.js';
import type { Cursor } from '../../platform/paging.js';
import {
  cardOf,
  hiddenEitherWay,
  isMissionMember,
  missionChatIdOf,
  missionIdsOf,
  missionVisibleTo,
} from '../../social/social.queries.js';

/**
 * The missions feature owns missions, mission_members (the owner included, role 'owner'),
 * mission_join_requests and mission_follows (offers are the offers feature's). The member and follower counts are
 * kept by triggers (0014): nothing here writes them.
 */

/** Lists that are not pages (join requests, members, the picker) are bounded by this. */
const LISTED = 200;

export type MissionRow = {
  id: string;
  ownerId: string;
  title: string;
  type: 'collaboration' | 'partnership';
  category: string;
  location: string;
  photo: string | null;
  visibility: 'public' | 'members';
  status: 'ongoing' | 'completed';
  partnersCount: number;
  collaboratorsCount: number;
  followerCount: number;
  updateCount: number;
  createdAt: Date;
  /** The owner's card JSON (users.card). */
  ownerCard: string;
};

export type MissionPageRow = MissionRow & {
  description: string;
  mapLocation: unknown;
  role: 'owner' | 'partner' | 'collaborator' | null;
  following: boolean;
  requested: boolean;
  chatId: string | null;
};

const me = (id: string) => sql`${id}::uuid`;

/**
 * The mission's place as the viewer may see it (issue 16, decision 022): exact for its members (the
 * owner included), else the public, approximate one. Costs nothing for a mission without a place.
 */
function placeFor(viewerId: string, exact: RawBuilder<unknown>, shown: RawBuilder<unknown>) {
  return sql`case when m.exact_location is not null and ${isMissionMember(me(viewerId), sql.ref('m.id'))} then ${exact} else ${shown} end`;
}

/** The card's columns, and for the mission page (`page`) its description and place as well, as the viewer may see them. */
function missionColumns(viewerId: string, page = true) {
  const mapLocation = placeFor(
    viewerId,
    sql`nullif(m.exact_location->'mapLocation', 'null'::jsonb)`,
    sql`m.map_location`,
  );
  return sql`m.id, m.owner_id as "ownerId", m.title, ${page ? sql`m.description, ${mapLocation} as "mapLocation",` : sql``}
    m.type, m.category, ${placeFor(viewerId, sql`m.exact_location->>'location'`, sql`m.location`)} as location, m.photo, m.visibility, m.status, m.partners_count as "partnersCount",
    m.collaborators_count as "collaboratorsCount", m.follower_count as "followerCount",
    m.update_count as "updateCount", m.created_at as "createdAt", ${cardOf('u')} as "ownerCard"`;
}

/** The mission and its owner's membership, in one statement: a mission never exists without its owner as a member. */
export async function insertMission(db: Db, row: Insertable<MissionsTable> & { ownerId: string }) {
  await db
    .with('m', (w) => w.insertInto('missions').values(row).returning(['id', 'ownerId']))
    .insertInto('missionMembers')
    .columns(['missionId', 'userId', 'role'])
    .expression((eb) => eb.selectFrom('m').select(['m.id', 'm.ownerId', sql<'owner'>`'owner'`.as('role')]))
    .execute();
}

/** The mission page as the viewer sees it, or undefined when it is not theirs to see (missionVisibleTo). */
export async function findMission(db: Db, viewerId: string, id: string): Promise<MissionPageRow | undefined> {
  return (await missionPage(db, { viewerId, id }))[0];
}

/** Compiled once (db/prepared.ts): the mission page is a hot read. */
const missionPage = prepared(
  (db, a: { viewerId: string; id: string }) => sql<MissionPageRow>`
    select ${missionColumns(a.viewerId)},
      (select mm.role from mission_members mm where mm.mission_id = m.id and mm.user_id = ${me(a.viewerId)}) as role,
      exists (select 1 from mission_follows f where f.mission_id = m.id and f.user_id = ${me(a.viewerId)}) as following,
      exists (select 1 from mission_join_requests r where r.mission_id = m.id and r.user_id = ${me(a.viewerId)}) as requested,
      ${missionChatIdOf(sql.ref('m.id'))} as "chatId"
    from missions m join users u on u.id = m.owner_id
    where m.id = ${a.id} and ${missionVisibleTo(a.viewerId, 'm')}`,
);

export type ListFilter = {
  cursor?: Cursor | undefined;
  limit: number;
  type?: string | undefined;
  category?: string | undefined;
  status?: string | undefined;
  /** Missions this person belongs to (any role). */
  memberId?: string | undefined;
  /** Missions this person follows. */
  followerId?: string | undefined;
};

/**
 * A page of missions the viewer may see, newest first by keyset; one row more than the page says
 * whether another exists. Owners hidden either way and members-only missions of others are left
 * out before the limit.
 */
export async function listMissions(db: Db, viewerId: string, f: ListFilter): Promise<MissionRow[]> {
  return missionList(db, {
    viewerId,
    limit: f.limit + 1,
    type: f.type,
    category: f.category || undefined,
    status: f.status,
    memberId: f.memberId,
    // Whose missions these are matters only when they are someone else's.
    otherMember: f.memberId !== undefined && f.memberId !== viewerId,
    followerId: f.followerId,
    cursorAt: f.cursor?.createdAt,
    cursorId: f.cursor?.id,
  });
}

type ListArgs = {
  viewerId: string;
  limit: number;
  type: string | undefined;
  category: string | undefined;
  status: string | undefined;
  memberId: string | undefined;
  otherMember: boolean;
  followerId: string | undefined;
  cursorAt: Date | undefined;
  cursorId: string | undefined;
};

/** Compiled once per filter shape (db/prepared.ts): the mission list is a hot read. */
const missionList = prepared(
  (db, a: ListArgs) => sql<MissionRow>`
    select ${missionColumns(a.viewerId, false)}
    from missions m join users u on u.id = m.owner_id
    where ${missionVisibleTo(a.viewerId, 'm')}
      ${a.type !== undefined ? sql`and m.type = ${a.type}` : sql``}
      ${a.category !== undefined ? sql`and m.category = ${a.category}` : sql``}
      ${a.status !== undefined ? sql`and m.status = ${a.status}` : sql``}
      ${a.memberId !== undefined ? sql`and m.id in ${missionIdsOf(me(a.memberId))}` : sql``}
      ${a.memberId !== undefined && a.otherMember ? sql`and not ${hiddenEitherWay(a.viewerId, me(a.memberId))}` : sql``}
      ${a.followerId !== undefined ? sql`and m.id in (select mf.mission_id from mission_follows mf where mf.user_id = ${me(a.followerId)})` : sql``}
      ${a.cursorAt !== undefined ? sql`and (m.created_at, m.id) < (${a.cursorAt}, ${a.cursorId}::uuid)` : sql``}
    order by m.created_at desc, m.id desc
    limit ${sql.lit(a.limit)}`,
  { literal: ['limit', 'otherMember'] },
);

/** The composer's picker: ongoing missions I belong to, newest first, with their update counts. */
export async function listMyOngoingMissions(db: Db, viewerId: string) {
  const { rows } = await sql<{ id: string; title: string; updateCount: number }>`
    select m.id, m.title, m.update_count as "updateCount"
    from mission_members mm join missions m on m.id = mm.mission_id
    where mm.user_id = ${me(viewerId)} and m.status = 'ongoing'
      and not ${hiddenEitherWay(viewerId, sql.ref('m.owner_id'))}
    order by m.created_at desc, m.id desc
    limit ${sql.lit(LISTED)}`.execute(db);
  return rows;
}

export function updateMission(db: Db, id: string, changes: Updateable<MissionsTable>) {
  return db
    .updateTable('missions')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
}

export function completeMission(db: Db, id: string) {
  return db
    .updateTable('missions')
    .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'ongoing')
    .executeTakeFirst();
}

/** Deleting a mission takes its members, requests, follows, offers and tasks (cascade); updates stay as posts. */
export async function deleteMission(db: Db, id: string) {
  return db.deleteFrom('missions').where('id', '=', id).returning(['photo']).executeTakeFirst();
}

/**
 * Asks to join, in one statement: nothing for someone already a member, or whose request waits
 * (the unique pair), or for a mission that is not ongoing. Answers the new request's id, or undefined.
 */
export async function insertJoinRequest(
  db: Db,
  input: { id: string; missionId: string; userId: string; role: 'partner' | 'collaborator'; message: string },
) {
  const { rows } = await sql<{ id: string }>`
    insert into mission_join_requests (id, mission_id, user_id, role, message)
    select ${input.id}, m.id, ${me(input.userId)}, ${input.role}, ${input.message}
    from missions m
    where m.id = ${input.missionId} and m.status = 'ongoing'
      and not ${isMissionMember(me(input.userId), sql.ref('m.id'))}
    on conflict (mission_id, user_id) do nothing
    returning id`.execute(db);
  return rows[0]?.id;
}

export type JoinRequestRow = {
  id: string;
  missionId: string;
  missionTitle: string;
  missionPhoto: string | null;
  userCard: string;
  role: 'partner' | 'collaborator';
  message: string;
  createdAt: Date;
};

/**
 * Requests to join missions the viewer owns or partners in, newest first; requesters hidden
 * either way from the viewer or from the mission's owner are left out.
 */
export async function listJoinRequestsFor(
  db: Db,
  viewerId: string,
  missionId?: string,
): Promise<JoinRequestRow[]> {
  const { rows } = await sql<JoinRequestRow>`
    select r.id, r.mission_id as "missionId", m.title as "missionTitle", m.photo as "missionPhoto",
      ${cardOf('u')} as "userCard", r.role, r.message, r.created_at as "createdAt"
    from mission_members mine
    join missions m on m.id = mine.mission_id
    join mission_join_requests r on r.mission_id = m.id
    join users u on u.id = r.user_id
    where mine.user_id = ${me(viewerId)} and mine.role in ('owner', 'partner')
      ${missionId !== undefined ? sql`and m.id = ${missionId}` : sql``}
      and not ${hiddenEitherWay(viewerId, sql.ref('r.user_id'))}
      and not ${hiddenEitherWay(viewerId, sql.ref('m.owner_id'))}
      and not ${hiddenEitherWay(sql.ref('m.owner_id'), sql.ref('r.user_id'))}
    order by r.created_at desc, r.id desc
    limit ${sql.lit(LISTED)}`.execute(db);
  return rows;
}

/**
 * Answers a join request, in one statement: the request goes, and on approval its sender becomes a
 * member with the role they asked for. Only the mission's owner or a partner may answer, and a
 * requester blocked either way with the owner or the one answering is never let in. Answers the
 * requester and whether they joined, or undefined when there was no such request to answer.
 */
/**
 * Who may answer a person's request to join the mission (issue 15, for telling them live): its
 * owner and partners, as listJoinRequestsFor shows it to them — none blocked either way with the
 * requester, and nobody when the owner and the requester are.
 */
export async function joinRequestAnswerersOf(
  db: Db,
  missionId: string,
  requesterId: string,
): Promise<string[]> {
  const { rows } = await sql<{ userId: string }>`
    select a.user_id from mission_members a join missions m on m.id = a.mission_id
    where a.mission_id = ${missionId} and a.role in ('owner', 'partner')
      and not ${hiddenEitherWay(requesterId, sql.ref('a.user_id'))}
      and not ${hiddenEitherWay(sql.ref('m.owner_id'), sql`${requesterId}::uuid`)}`.execute(db);
  return rows.map((r) => r.userId);
}

export async function answerJoinRequest(
  db: Db,
  input: { requestId: string; missionId: string; answererId: string; approve: boolean },
) {
  const { rows } = await sql<{ userId: string; joined: boolean }>`
    with r as (
      delete from mission_join_requests r using missions m
      where r.id = ${input.requestId} and r.mission_id = ${input.missionId} and m.id = r.mission_id
        and exists (select 1 from mission_members a where a.mission_id = r.mission_id and a.user_id = ${me(input.answererId)}
                    and a.role in ('owner', 'partner'))
        and not ${hiddenEitherWay(input.answererId, sql.ref('r.user_id'))}
        and not ${hiddenEitherWay(sql.ref('m.owner_id'), sql.ref('r.user_id'))}
      returning r.mission_id, r.user_id, r.role
    ), joined as (
      insert into mission_members (mission_id, user_id, role)
      select mission_id, user_id, role from r where ${input.approve}
      on conflict do nothing
      returning user_id
    )
    select r.user_id as "userId", exists (select 1 from joined) as joined from r`.execute(db);
  return rows[0];
}

/** A member leaves, or is removed: never the owner. Answers whether someone went. */
export async function deleteMember(db: Db, missionId: string, userId: string) {
  const res = await db
    .deleteFrom('missionMembers')
    .where('missionId', '=', missionId)
    .where('userId', '=', userId)
    .where('role', '<>', 'owner')
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

export type MemberRow = { userCard: string; role: 'owner' | 'partner' | 'collaborator'; joinedAt: Date };

/** The mission's people, owner first, then by when they joined; those hidden either way from the viewer are left out. */
export async function listMembers(db: Db, viewerId: string, missionId: string): Promise<MemberRow[]> {
  const { rows } = await sql<MemberRow>`
    select ${cardOf('u')} as "userCard", mm.role, mm.joined_at as "joinedAt"
    from mission_members mm join users u on u.id = mm.user_id
    where mm.mission_id = ${missionId} and not ${hiddenEitherWay(viewerId, sql.ref('mm.user_id'))}
    order by (mm.role = 'owner') desc, mm.joined_at, mm.user_id
    limit ${sql.lit(LISTED * 5)}`.execute(db);
  return rows;
}

export function follow(db: Db, missionId: string, userId: string) {
  return db
    .insertInto('missionFollows')
    .values({ missionId, userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function unfollow(db: Db, missionId: string, userId: string) {
  return db
    .deleteFrom('missionFollows')
    .where('missionId', '=', missionId)
    .where('userId', '=', userId)
    .execute();
}
