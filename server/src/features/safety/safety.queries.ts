import { type RawBuilder, sql } from 'kysely';
import type { ReportTargetType } from '@muster/contract/safety';
import type { Db } from '../../db/database.js';
import { missionOfPostVisibleTo } from '../../social/social.queries.js';

/** Whether the person exists, and whether this call added or removed the row (idempotent toggles). */
type Toggled = { found: boolean; changed: boolean };

/**
 * Blocks or mutes a person in one statement: the row goes in only if they exist, and an existing
 * row stays as it was (its date too), so the answer says whether anything changed.
 */
async function addRow(
  db: Db,
  table: 'blocks' | 'mutes',
  viewerId: string,
  personId: string,
): Promise<Toggled> {
  const [by, of] = table === 'blocks' ? ['blocker_id', 'blocked_id'] : ['muter_id', 'muted_id'];
  const { rows } = await sql<Toggled>`
    with person as (select id from users where id = ${personId}),
    added as (
      insert into ${sql.table(table)} (${sql.ref(by)}, ${sql.ref(of)})
      select ${viewerId}::uuid, id from person
      on conflict do nothing
      returning 1)
    select exists (select 1 from person) as found, exists (select 1 from added) as changed`.execute(db);
  return rows[0]!;
}

async function removeRow(
  db: Db,
  table: 'blocks' | 'mutes',
  viewerId: string,
  personId: string,
): Promise<Toggled> {
  const [by, of] = table === 'blocks' ? ['blocker_id', 'blocked_id'] : ['muter_id', 'muted_id'];
  const { rows } = await sql<Toggled>`
    with removed as (
      delete from ${sql.table(table)} where ${sql.ref(by)} = ${viewerId} and ${sql.ref(of)} = ${personId}
      returning 1)
    select exists (select 1 from users where id = ${personId}) as found, exists (select 1 from removed) as changed`.execute(
    db,
  );
  return rows[0]!;
}

export const addBlock = (db: Db, blockerId: string, blockedId: string) =>
  addRow(db, 'blocks', blockerId, blockedId);
export const removeBlock = (db: Db, blockerId: string, blockedId: string) =>
  removeRow(db, 'blocks', blockerId, blockedId);
export const addMute = (db: Db, muterId: string, mutedId: string) => addRow(db, 'mutes', muterId, mutedId);
export const removeMute = (db: Db, muterId: string, mutedId: string) =>
  removeRow(db, 'mutes', muterId, mutedId);

/** The settings pages list at most this many people; nobody hides more by hand. */
const HIDDEN_LIST_MAX = 1000;

/** People I blocked or muted, newest first, each with when. */
export function listHiddenBy(db: Db, viewerId: string, table: 'blocks' | 'mutes') {
  const q =
    table === 'blocks'
      ? db
          .selectFrom('blocks as h')
          .innerJoin('users as u', 'u.id', 'h.blockedId')
          .where('h.blockerId', '=', viewerId)
      : db
          .selectFrom('mutes as h')
          .innerJoin('users as u', 'u.id', 'h.mutedId')
          .where('h.muterId', '=', viewerId);
  return q
    .select([
      'u.id',
      'u.username',
      'u.firstName',
      'u.lastName',
      'u.headline',
      'u.profilePicture',
      'u.verifiedOrg',
      'h.createdAt as since',
    ])
    .orderBy('h.createdAt', 'desc')
    .orderBy('u.id', 'desc')
    .limit(sql.lit(HIDDEN_LIST_MAX))
    .execute();
}

export type HiddenRow = Awaited<ReturnType<typeof listHiddenBy>>[number];

/**
 * The person `owner` blocked the viewer. A report is refused (as not found) only in this
 * direction: what the viewer blocked stays reportable, since "block, then report" is the usual way.
 */
const blockedViewer = (viewerId: string, owner: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from blocks b where b.blocker_id = ${owner} and b.blocked_id = ${viewerId})`;

/**
 * Who is behind a thing the viewer wants to report, if the viewer can see it: it exists, nobody
 * behind it has blocked the viewer, a post (or a comment's post) is not a members-only mission's
 * update to someone outside it (the feed's rule), and a message is in one of the viewer's chats (or
 * is a chat request to them). Undefined otherwise, so a report cannot probe for things the viewer
 * was never shown.
 */
export async function reportTargetOwner(
  db: Db,
  viewerId: string,
  type: ReportTargetType,
  id: string,
): Promise<string | undefined> {
  const owner: Record<ReportTargetType, RawBuilder<{ owner: string }>> = {
    post: sql`select p.author_id as owner from posts p where p.id = ${id} and not ${blockedViewer(viewerId, sql.ref('p.author_id'))}
      and ${missionOfPostVisibleTo(viewerId, sql.ref('p.mission_id'))}`,
    comment: sql`select c.author_id as owner from comments c join posts p on p.id = c.post_id
      where c.id = ${id} and not ${blockedViewer(viewerId, sql.ref('c.author_id'))} and not ${blockedViewer(viewerId, sql.ref('p.author_id'))}
        and ${missionOfPostVisibleTo(viewerId, sql.ref('p.mission_id'))}`,
    user: sql`select u.id as owner from users u where u.id = ${id} and not ${blockedViewer(viewerId, sql.ref('u.id'))}`,
    collaboration: sql`select r.user_id as owner from collaboration_requests r
      where r.id = ${id} and not ${blockedViewer(viewerId, sql.ref('r.user_id'))}`,
    // A message in one of the viewer's chats, or a stranger's chat request waiting for them.
    message: sql`select m.sender_id as owner from chat_messages m
      join chat_members me on me.chat_id = m.chat_id and me.user_id = ${viewerId}
      where m.id = ${id} and not ${blockedViewer(viewerId, sql.ref('m.sender_id'))}
      union all
      select cr.sender_id as owner from chat_requests cr
      where cr.id = ${id} and cr.recipient_id = ${viewerId} and not ${blockedViewer(viewerId, sql.ref('cr.sender_id'))}`,
  };
  const { rows } = await owner[type].execute(db);
  return rows[0]?.owner;
}

/** One report per reporter and target: false when this reporter had already reported it. */
export async function insertReport(
  db: Db,
  row: {
    id: string;
    reporterId: string;
    targetType: ReportTargetType;
    targetId: string;
    reason: string;
    note: string;
  },
): Promise<boolean> {
  const added = await db
    .insertInto('reports')
    .values(row)
    .onConflict((oc) => oc.columns(['reporterId', 'targetType', 'targetId']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}
