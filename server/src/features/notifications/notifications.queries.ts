import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { batchColumn, batched, givenColumns, snakeCase } from '../../db/batched.js';
import { prepared } from '../../db/prepared.js';
import type { NotificationsTable } from '../../db/schema.js';
import {
  contentShownTo,
  hiddenEitherWay,
  missionAudience,
  missionTitleOf,
  missionVisibleTo,
  mutedByViewer,
  postVisibleTo,
  silencedForViewer,
  type ViewerId,
} from '../../social/social.queries.js';

const LIST_LIMIT = 100;

/**
 * A notification, unless its recipient does not hear from its sender (`silencedForViewer`: a block
 * either way, or the recipient muted them): the check and the insert are one statement — they were
 * two round trips, a third of an offer's — so `insert … select … where not silenced`, and no row
 * comes back when it is. Without a sender (a system notice) nothing is checked. Nor does one come
 * back for a notice already given: a like tells its author once per liker and post, ever (0026's
 * unique index; the only one a notice can meet, ids being new).
 */
export async function insertNotificationUnlessSilenced(
  db: Db,
  row: Insertable<NotificationsTable>,
): Promise<Selectable<NotificationsTable> | undefined> {
  return newNotification(db, row);
}

/**
 * The post and the mission a notice is about (either may be null) are the person's to read now, by
 * the reads' own rules (issue 31 item 2): a members-only mission's update or the mission itself is
 * its members' alone, and a post is not theirs whose author is blocked either way with them
 * (postVisibleTo: a mention in a comment, or a reply, on the post of someone they blocked, issue
 * 34). Asked when a notice is made and again when the list is read.
 */
const readableBy = (person: ViewerId, postId: RawBuilder<unknown>, missionId: RawBuilder<unknown>) =>
  sql<boolean>`(not exists (select 1 from posts rp where rp.id = ${postId}
      and not ${postVisibleTo(person, 'rp')})
    and not exists (select 1 from missions rm where rm.id = ${missionId}
      and not ${missionVisibleTo(person, 'rm')}))`;

/**
 * A like's notice (issue 34 item 4, decision 066), in one statement: a post's author has one like
 * notice per post while unread. The first like since they last read writes it; each later one
 * makes its liker the sender, counts one more other and moves it to the top as new
 * (`notifications_like_unread`, 0031). A liker is told of once per post, ever (`post_like_notices`:
 * a toggle adds nothing, to the count nor to the bell; 044's rule), and, as every notice, only
 * when the author hears from them and may read the post (`silencedForViewer`, `readableBy`). No row
 * when nothing was told. `burstUntil`: the end of the burst this like belongs to, when the notice
 * is told away from the app, once, with the count then: a burst starts with the first like after
 * the last one ended.
 */
export async function upsertLikeNotice(
  db: Db,
  like: { id: string; authorId: string; likerId: string; postId: string; burstSeconds: number },
) {
  const author = sql`${like.authorId}::uuid`;
  const liker = sql`${like.likerId}::uuid`;
  const post = sql`${like.postId}::uuid`;
  const { rows } = await sql<Selectable<NotificationsTable>>`
    with told as (
      insert into post_like_notices (post_id, liker_id)
      select ${post}, ${liker}
      where exists (select 1 from posts lp where lp.id = ${post} and lp.author_id = ${author})
        and not ${silencedForViewer(author, liker)}
        and ${readableBy(author, post, sql`null::uuid`)}
      on conflict do nothing
      returning post_id
    )
    insert into notifications as n (id, user_id, sender_id, type, kind, related_post_id, message, others_count, burst_until)
    select ${like.id}, ${author}, ${liker}, 'like', 'likes', told.post_id, 'liked your post', 0,
      date_trunc('milliseconds', now()) + make_interval(secs => ${like.burstSeconds})
    from told
    on conflict (user_id, related_post_id) where type = 'like' and read_at is null do update
      set sender_id = excluded.sender_id, others_count = n.others_count + 1, created_at = now(),
        burst_until = case when n.burst_until > now() then n.burst_until else excluded.burst_until end
    returning n.*`.execute(db);
  return rows[0];
}

/**
 * A coalesced notice's burst is over once it is told (delivery.ts): the next like starts another,
 * told again. Only that burst (`burstUntil`, as its job carries it), never a later one.
 */
export async function endNoticeBurst(db: Db, id: string, burstUntil: string) {
  await db
    .updateTable('notifications')
    .set({ burstUntil: null })
    .where('id', '=', id)
    .where('burstUntil', '=', new Date(burstUntil))
    .execute();
}

/**
 * The statement for a batch of notices given the same columns (`columns`, its shape: as
 * `values(row)` would have them; `heard`: whether they have a sender to check), compiled once per
 * shape (db/prepared.ts). `rows` are notifications rows, each a JSON text: an array of them, which
 * PostgreSQL counts as the few rows a batch is (a JSON array it counts as a hundred, and planned to
 * hash the whole mutes table to check them).
 */
const newNotifications = prepared(
  (db, a: { columns: string; heard: boolean; rows: string[] }) => {
    const columns = a.columns.split(',').map(snakeCase);
    const heard = a.heard
      ? sql<boolean>`not ${silencedForViewer(sql`(i.n).user_id`, sql`(i.n).sender_id`)}`
      : sql<boolean>`true`;
    // A notice about a post or a mission names it (its title, a comment on it): it reaches only
    // someone who may read that post or mission now, by the reads' own rules (issue 31 item 2) —
    // not a member who left a members-only mission and is answered on a comment there.
    const reads = readableBy(sql`(i.n).user_id`, sql`(i.n).related_post_id`, sql`(i.n).related_mission_id`);
    return sql<Selectable<NotificationsTable>>`
      with i as materialized (
        select e.ord, jsonb_populate_record(null::notifications, e.value) as n from unnest(${batchColumn(a.rows, 'jsonb[]')}) with ordinality as e (value, ord)
      )
      insert into notifications (${sql.join(columns.map((c) => sql.id(c)))})
      select ${sql.join(columns.map((c) => sql`(i.n).${sql.id(c)}`))} from i
      where ${heard} and ${reads} order by i.ord
      on conflict do nothing
      returning *`;
  },
  { literal: ['columns', 'heard'] },
);

/** Every feature's notices, made at once by many requests, go in one statement (db/batched.ts, decision 035). */
const newNotification = batched(
  async (db, rows: Array<Insertable<NotificationsTable>>) => {
    const columns = givenColumns(rows[0]!);
    const json = rows.map((row) => Object.fromEntries(columns.map((c) => [snakeCase(c), row[c]])));
    const made = await newNotifications(db, {
      columns: columns.join(','),
      heard: rows[0]!.senderId !== undefined,
      rows: json.map((row) => JSON.stringify(row)),
    });
    const byId = new Map(made.map((n) => [n.id, n]));
    return rows.map((row) => byId.get(row.id));
  },
  { group: (row) => givenColumns(row).sort().join(','), key: (row) => row.id },
);

/**
 * The people a post or comment names (issue 34 mentions), by username, in the order named: not
 * its author, and no more than `cap` told for it in all, whatever its edits added. Who may read
 * it, and who hears from its author, is the notice's insert's to check, as for every notice.
 */
export async function findMentioned(
  db: Db,
  m: { usernames: string[]; authorId: string; postId: string; commentId: string | null; cap: number },
) {
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    where u.username = any(${m.usernames}::text[]) and u.id <> ${m.authorId}
    order by array_position(${m.usernames}::text[], u.username)
    limit greatest(0, ${m.cap} - (select count(*) from notifications t where t.type = 'mention'
      and t.related_post_id = ${m.postId} and t.related_comment_id is not distinct from ${m.commentId}::uuid))`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

/** What two people told each other goes when one has blocked the other. */
export function deleteNotificationsBetween(db: Db, a: string, b: string) {
  return db
    .deleteFrom('notifications')
    .where((eb) =>
      eb.or([
        eb.and([eb('userId', '=', a), eb('senderId', '=', b)]),
        eb.and([eb('userId', '=', b), eb('senderId', '=', a)]),
      ]),
    )
    .execute();
}

/**
 * A user's notifications with their sender and related user joined in: one query, no N+1. Those
 * from someone silenced for them (blocked either way, muted), and those about a post or mission no
 * longer theirs to read (a mission made members-only, left), are left out, whenever they came.
 */
function notificationsOf(db: Db, userId: string) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('users as s', 's.id', 'n.senderId')
    .leftJoin('users as r', 'r.id', 'n.relatedUserId')
    .selectAll('n')
    .select([
      's.firstName as senderFirstName',
      's.lastName as senderLastName',
      's.username as senderUsername',
      's.profilePicture as senderPicture',
      'r.username as relatedUsername',
    ])
    .where('n.userId', '=', userId)
    .where(listedFor(userId));
}

/**
 * The list's audience rule for the notice `n` (alias) and its recipient `person` (an id, or a
 * column for a statement over many people: the digest's batch): nothing from someone silenced for
 * them, nothing about a post or mission no longer theirs to read, nothing about a comment gone or
 * hidden from them by a moderator (decision 071). Every path that carries a notice (the list,
 * mail, push, the digest) asks this.
 */
export function listedFor(person: ViewerId): RawBuilder<boolean> {
  return sql<boolean>`(not ${silencedForViewer(person, sql.ref('n.sender_id'))}
    and ${readableBy(person, sql.ref('n.related_post_id'), sql.ref('n.related_mission_id'))}
    and (n.related_comment_id is null or exists (select 1 from comments rc where rc.id = n.related_comment_id
      and ${contentShownTo(person, 'rc')})))`;
}

export function listNotifications(db: Db, userId: string, type?: string) {
  let q = notificationsOf(db, userId);
  if (type) q = q.where('n.type', '=', type);
  return q.orderBy('n.createdAt', 'desc').orderBy('n.id', 'desc').limit(sql.lit(LIST_LIMIT)).execute();
}

/**
 * One notice as its recipient's list would show it now, or undefined when the list would not
 * (issue 34): mail and push read it through the same audience rule as the app, at send time.
 */
export function findListedNotification(db: Db, userId: string, id: string) {
  return notificationsOf(db, userId).where('n.id', '=', id).executeTakeFirst();
}

/** A connection request's notice: at most one per sender and recipient, as there is one request. */
export function deleteConnectionRequestNotices(db: Db, userId: string, senderId: string) {
  return db
    .deleteFrom('notifications')
    .where('userId', '=', userId)
    .where('senderId', '=', senderId)
    .where('type', '=', 'connectionRequest')
    .execute();
}

export function markAllRead(db: Db, userId: string) {
  return db
    .updateTable('notifications')
    .set({ readAt: new Date() })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute();
}

/** Deletes only when it is the user's own; the row count tells whether it was. */
export async function deleteOwnNotification(db: Db, userId: string, id: string) {
  const res = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function countUnreadOffers(db: Db, userId: string) {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('type', '=', 'newOffer').as('onPosts'),
      // Offers of help to my missions (issue 12) are missionHelp notifications.
      eb.fn.countAll<number>().filterWhere('type', '=', 'missionHelp').as('onMissions'),
    ])
    .where('userId', '=', userId)
    .where('type', 'in', ['newOffer', 'missionHelp'])
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row;
}

export function markOffersRead(db: Db, userId: string) {
  return db
    .updateTable('notifications')
    .set({ readAt: new Date() })
    .where('userId', '=', userId)
    .where('type', 'in', ['newOffer', 'missionHelp'])
    .where('readAt', 'is', null)
    .execute();
}

export function listUnreadTaskNotifications(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'message', 'type', 'typeTask', 'chatId', 'createdAt'])
    .where('userId', '=', userId)
    .where('typeTask', 'is not', null)
    .where('readAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(sql.lit(LIST_LIMIT))
    .execute();
}

/**
 * A mission update tells the mission's members and followers (issue 12), in one statement however
 * many they are: only those who may see the mission now (missionAudience: a members-only mission's
 * members alone), not its author, and not anyone who blocked, was blocked by or muted the author.
 * Each hears it as their level for the mission says (decision 062): no row is every update;
 * 'important' only an update by one who leads the mission (its owner or a partner) or one marked
 * as an emergency — both asked once for the statement, not per person; 'none' nothing at all.
 * Answers each notice made, for telling its recipient live.
 */
export async function insertMissionUpdateNotices(
  db: Db,
  input: { missionId: string; postId: string; authorId: string },
) {
  const { rows } = await sql<{ id: string; userId: string; type: string; kind: string }>`
    insert into notifications (id, user_id, type, kind, message, sender_id, related_post_id, related_mission_id)
    select gen_random_uuid(), a.id, 'missionUpdate', 'missionUpdates', 'posted an update to ' || coalesce(${missionTitleOf(input.missionId)}, 'a mission'),
      ${input.authorId}, ${input.postId}, ${input.missionId}
    from ${missionAudience(sql`${input.missionId}::uuid`)} a
    left join mission_notice_levels lvl on lvl.user_id = a.id and lvl.mission_id = ${input.missionId}
    where a.id <> ${input.authorId}
      and not ${hiddenEitherWay(input.authorId, sql.ref('a.id'))}
      and not ${mutedByViewer(sql.ref('a.id'), sql`${input.authorId}::uuid`)}
      and (lvl.level is null or (lvl.level = 'important' and (
        exists (select 1 from mission_members lead where lead.mission_id = ${input.missionId}
          and lead.user_id = ${input.authorId} and lead.role in ('owner', 'partner'))
        or exists (select 1 from posts urgent where urgent.id = ${input.postId} and urgent.emergency_emoji is not null))))
    returning id, user_id, type, kind`.execute(db);
  return rows;
}
