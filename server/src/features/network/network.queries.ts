import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonText } from '../../platform/json-text.js';
import type { Cursor } from '../../platform/paging.js';
import {
  appearsInSearchFor,
  cardOf,
  connectedTo,
  connectionsVisibleTo,
  hiddenEitherWay,
  mutedByViewer,
  profileVisibleTo,
} from '../../social/social.queries.js';

/** The network feature owns `connections` (two rows per connection) and `connection_requests`. */

/** Requests are lists, not pages (the spec's call answers a list); this bounds them. */
const REQUESTS_LISTED = 100;
/** "People you may know" answers this many. */
const SUGGESTIONS = 10;
/** The best of each source that become candidates for suggestions (then ranked and filtered). */
const SOURCE_CANDIDATES = 60;

const me = (id: string) => sql`${id}::uuid`;

export type SendOutcome = {
  /** False when there is no such person. */
  exists: boolean;
  hidden: boolean;
  connected: boolean;
  /** My earlier request to them, still there (pending, or ignored by them). */
  mine: string | null;
  /** Their request to me: my request answers it, and we are connected now. */
  theirs: string | null;
  /** The new request, when one was made. */
  sent: string | null;
};

/**
 * Asks to connect, in one statement so that what it sees and what it writes agree: nothing for a
 * person hidden either way or already connected; if they had asked me (ignored or not), both
 * requests go and the two connection rows come; else a new request, unless I had asked already.
 */
export async function sendRequest(
  db: Db,
  input: { id: string; senderId: string; recipientId: string },
): Promise<SendOutcome> {
  const sender = me(input.senderId);
  const { rows } = await sql<Omit<SendOutcome, 'exists'>>`
    with target as (
      select u.id,
        ${hiddenEitherWay(input.senderId, sql.ref('u.id'))} as hidden,
        ${connectedTo(input.senderId, sql.ref('u.id'))} as connected,
        (select r.id from connection_requests r where r.sender_id = ${sender} and r.recipient_id = u.id) as mine,
        (select r.id from connection_requests r where r.sender_id = u.id and r.recipient_id = ${sender}) as theirs
      from users u where u.id = ${input.recipientId}
    ), answered as (
      delete from connection_requests r using target t
      where t.theirs is not null and not t.hidden and not t.connected
        and ((r.sender_id = t.id and r.recipient_id = ${sender}) or (r.sender_id = ${sender} and r.recipient_id = t.id))
      returning r.id
    ), joined as (
      insert into connections (user_id, other_id)
      select pair.user_id, pair.other_id from target t
      cross join lateral (values (${sender}, t.id), (t.id, ${sender})) as pair (user_id, other_id)
      where t.theirs is not null and not t.hidden and not t.connected
      on conflict do nothing
    ), sent as (
      insert into connection_requests (id, sender_id, recipient_id)
      select ${input.id}, ${sender}, t.id from target t
      where t.theirs is null and t.mine is null and not t.hidden and not t.connected
      on conflict (sender_id, recipient_id) do nothing
      returning id
    )
    select t.hidden, t.connected, t.mine, t.theirs, (select id from sent) as sent from target t`.execute(db);
  const row = rows[0];
  return row
    ? { exists: true, ...row }
    : { exists: false, hidden: false, connected: false, mine: null, theirs: null, sent: null };
}

/**
 * The recipient says yes: the request and any crossing one of theirs go, and the two connection
 * rows come, in one statement. Nothing when it is not a request to `recipientId`, or when a block
 * lies between the two. Answers the sender, or undefined.
 */
export async function acceptRequest(db: Db, requestId: string, recipientId: string) {
  const recipient = me(recipientId);
  const { rows } = await sql<{ senderId: string }>`
    with request as (
      delete from connection_requests r
      where r.id = ${requestId} and r.recipient_id = ${recipient} and not ${hiddenEitherWay(recipientId, sql.ref('r.sender_id'))}
      returning r.sender_id
    ), crossing as (
      delete from connection_requests r using request q
      where r.sender_id = ${recipient} and r.recipient_id = q.sender_id
    ), joined as (
      insert into connections (user_id, other_id)
      select pair.user_id, pair.other_id from request q
      cross join lateral (values (q.sender_id, ${recipient}), (${recipient}, q.sender_id)) as pair (user_id, other_id)
      on conflict do nothing
    )
    select sender_id from request`.execute(db);
  return rows[0]?.senderId;
}

/** Ignored stays ignored (the first time is kept); answers the sender, or undefined when it is not a request to me. */
export async function ignoreRequest(db: Db, requestId: string, recipientId: string) {
  const row = await db
    .updateTable('connectionRequests')
    .set({ ignoredAt: sql<Date>`coalesce(ignored_at, now())` })
    .where('id', '=', requestId)
    .where('recipientId', '=', recipientId)
    .returning('senderId')
    .executeTakeFirst();
  return row?.senderId;
}

/** Only its sender withdraws a request; answers the recipient, or undefined. */
export async function withdrawRequest(db: Db, requestId: string, senderId: string) {
  const row = await db
    .deleteFrom('connectionRequests')
    .where('id', '=', requestId)
    .where('senderId', '=', senderId)
    .returning('recipientId')
    .executeTakeFirst();
  return row?.recipientId;
}

/** Both rows of a connection, in one statement; false when the two were not connected. */
export async function removeConnection(db: Db, userId: string, otherId: string) {
  const res = await db
    .deleteFrom('connections')
    .where((eb) =>
      eb.or([
        eb.and([eb('userId', '=', userId), eb('otherId', '=', otherId)]),
        eb.and([eb('userId', '=', otherId), eb('otherId', '=', userId)]),
      ]),
    )
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

/** A block ends everything between the two: connection rows and requests both ways. Answers the requests that went. */
export async function severPair(db: Db, a: string, b: string) {
  const { rows } = await sql<{ senderId: string; recipientId: string }>`
    with gone as (
      delete from connections
      where (user_id = ${a} and other_id = ${b}) or (user_id = ${b} and other_id = ${a})
    )
    delete from connection_requests
    where (sender_id = ${a} and recipient_id = ${b}) or (sender_id = ${b} and recipient_id = ${a})
    returning sender_id, recipient_id`.execute(db);
  return rows;
}

/** Requests waiting for my answer (not ignored), newest first, with the sender's card. */
export function listReceivedRequests(db: Db, userId: string) {
  return db
    .selectFrom('connectionRequests as r')
    .innerJoin('users as u', 'u.id', 'r.senderId')
    .select(['r.id', 'r.createdAt', cardOf('u').as('card')])
    .where('r.recipientId', '=', userId)
    .where('r.ignoredAt', 'is', null)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('r.sender_id'))}`)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(REQUESTS_LISTED))
    .execute();
}

/** My requests still open, ignored ones included (as on LinkedIn, the sender is not told), with the recipient's card. */
export function listSentRequests(db: Db, userId: string) {
  return db
    .selectFrom('connectionRequests as r')
    .innerJoin('users as u', 'u.id', 'r.recipientId')
    .select(['r.id', 'r.createdAt', cardOf('u').as('card')])
    .where('r.senderId', '=', userId)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('r.recipient_id'))}`)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(REQUESTS_LISTED))
    .execute();
}

/**
 * A page of someone's connections, newest first (keyset on created_at, other_id: the
 * connections_recent index), without anyone hidden from the viewer.
 */
export function listConnectionsOf(
  db: Db,
  ownerId: string,
  viewerId: string,
  options: { cursor?: Cursor | undefined; limit: number },
) {
  let q = db
    .selectFrom('connections as c')
    .innerJoin('users as u', 'u.id', 'c.otherId')
    .select(['c.otherId as id', 'c.createdAt', cardOf('u').as('card')])
    .where('c.userId', '=', ownerId);
  if (ownerId !== viewerId)
    q = q.where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('c.other_id'))}`);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) =>
      eb.or([
        eb('c.createdAt', '<', createdAt),
        eb.and([eb('c.createdAt', '=', createdAt), eb('c.otherId', '<', id)]),
      ]),
    );
  }
  return q
    .orderBy('c.createdAt', 'desc')
    .orderBy('c.otherId', 'desc')
    .limit(sql.lit(options.limit + 1))
    .execute();
}

/** Whether the person is there for the viewer (not hidden either way) and their connections are the viewer's to see. */
export function findListOwner(db: Db, viewerId: string, ownerId: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', connectionsVisibleTo(viewerId, 'u').as('connectionsVisible')])
    .where('u.id', '=', ownerId)
    .where(sql<boolean>`not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}`)
    .executeTakeFirst();
}

/**
 * People you may know, in one statement: candidates from friends of friends (with how many
 * connections we share), from people who follow the hashtags I follow, from my place, and the
 * newest people; ranked by mutual connections, then shared hashtags, then the same place, then
 * the newest. Never me, my connections, anyone I asked or who asked me (ignored or not), anyone
 * hidden either way or muted by me, anyone who keeps out of search, nor an unverified account.
 *
 * Each source is one short index walk from me, and only its best few become candidates, so the
 * rules and the cards are looked up for a few hundred people, not for every friend of a friend
 * (about 2,500 at 50 connections each). The counts themselves come from the whole sources.
 * The answer is each card with `mutualCount` spliced in.
 */
export async function suggestPeople(db: Db, viewerId: string) {
  const viewer = me(viewerId);
  const { rows } = await sql<{ suggestion: JsonText }>`
    with mine as (
      select other_id as id from connections where user_id = ${viewer}
    ), mutual as (
      select theirs.other_id as id, count(*)::int as n
      from mine join connections theirs on theirs.user_id = mine.id
      where theirs.other_id <> ${viewer} and theirs.other_id not in (select id from mine)
      group by theirs.other_id
    ), tags as ${hashtagFollowersSharedWith(viewerId)},
    here as (
      select lower(location) as place from users where id = ${viewer} and location <> ''
    ), candidates as (
      (select id from mutual order by n desc limit ${sql.lit(SOURCE_CANDIDATES)})
      union (select id from tags order by shared desc limit ${sql.lit(SOURCE_CANDIDATES)})
      union (select p.id from here
        cross join lateral (
          select p.id from users p
          where lower(p.location) = here.place and p.location <> '' and ${profileVisibleTo(viewerId, 'p')}
          order by lower(p.location), p.created_at desc limit ${sql.lit(SOURCE_CANDIDATES)}) p)
      union (select id from users order by created_at desc limit ${sql.lit(SOURCE_CANDIDATES)})
    )
    select left(${cardOf('u')}, -1) || ',"mutualCount":' || coalesce(m.n, 0) || '}' as suggestion
    from candidates k
    join users u on u.id = k.id
    left join mutual m on m.id = k.id
    left join tags h on h.id = k.id
    where u.email_verified_at is not null
      and ${appearsInSearchFor(viewerId, 'u')}
      and not ${connectedTo(viewerId, sql.ref('u.id'))}
      and not ${mutedByViewer(viewerId, sql.ref('u.id'))}
      and not exists (select 1 from connection_requests r where r.sender_id = ${viewer} and r.recipient_id = u.id)
      and not exists (select 1 from connection_requests r where r.sender_id = u.id and r.recipient_id = ${viewer})
    order by coalesce(m.n, 0) desc, coalesce(h.shared, 0) desc,
      (lower(u.location) = (select place from here) and ${profileVisibleTo(viewerId, 'u')}) is true desc, u.created_at desc, u.id desc
    limit ${sql.lit(SUGGESTIONS)}`.execute(db);
  return rows.map((r) => r.suggestion);
}

/** How many of the viewer's hashtags are read for "people you may know", and followers per tag. */
const SHARED_TAGS_READ = 20;
const FOLLOWERS_PER_TAG = 100;

/**
 * People who follow the hashtags the viewer follows, as rows (id, shared): how many of those tags
 * each follows (`hashtag_follows` is the hashtags feature's). Only the viewer's newest tags and
 * each tag's newest followers count, so a tag everyone follows costs the same short index walk as
 * a rare one.
 */
function hashtagFollowersSharedWith(viewerId: string): RawBuilder<{ id: string; shared: number }> {
  return sql<{ id: string; shared: number }>`(
    select f.user_id as id, count(*)::int as shared
    from (select tag from hashtag_follows where user_id = ${viewerId} order by created_at desc limit ${sql.lit(SHARED_TAGS_READ)}) mine
    cross join lateral (
      select hf.user_id from hashtag_follows hf
      where hf.tag = mine.tag and hf.user_id <> ${viewerId}
      order by hf.created_at desc limit ${sql.lit(FOLLOWERS_PER_TAG)}) f
    group by f.user_id)`;
}
