import { type Expression, type RawBuilder, sql } from 'kysely';
import type { ConnectionState } from '@muster/contract/network';
import type { Db } from '../db/database.js';

/**
 * Who sees whom: the one home of the rules every feature asks (DESIGN.md §2, issue 11). Each rule
 * is a SQL predicate that drops into any Kysely query, builder or `sql` template:
 *
 *   .where(hiddenEitherWay(viewerId, sql.ref('p.author_id')))         // builder
 *   sql`… and not ${hiddenEitherWay(viewerId, sql.ref('u.id'))}`      // template
 *
 * `person` is an expression for the other person's id; `user` is the alias of a `users` row
 * whose privacy columns the rule reads. A feature that needs another rule about people adds it
 * here, never in its own queries.
 */
type Person = Expression<unknown>;

/** Either of the two blocked the other: each is hidden from the other everywhere. */
export function hiddenEitherWay(viewerId: string, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${person})
       or (b.blocker_id = ${person} and b.blocked_id = ${viewerId}))`;
}

/** The viewer muted them: their posts leave the viewer's feed and their notifications stop. */
export function mutedByViewer(viewerId: string, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from mutes m where m.muter_id = ${viewerId} and m.muted_id = ${person})`;
}

/** Hidden from the viewer's feed and notifications: blocked either way, or muted by the viewer. */
export function silencedForViewer(viewerId: string, person: Person): RawBuilder<boolean> {
  return sql<boolean>`(${hiddenEitherWay(viewerId, person)} or ${mutedByViewer(viewerId, person)})`;
}

/** The two are connected. */
export function connectedTo(viewerId: string, person: Person): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from connections c where c.user_id = ${viewerId} and c.other_id = ${person})`;
}

const column = (user: string, name: string) => sql.ref(`${user}.${name}`);

/** The whole profile (bio, location, posts tab) is the viewer's to see: theirs, open to everyone, or a connection's. */
export function profileVisibleTo(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(${id} = ${viewerId} or ${column(user, 'profile_visibility')} = 'everyone' or ${connectedTo(viewerId, id)})`;
}

/** The person's list of connections is the viewer's to see. */
export function connectionsVisibleTo(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  const visibility = column(user, 'connections_visibility');
  return sql<boolean>`(${id} = ${viewerId} or ${visibility} = 'everyone'
    or (${visibility} = 'connections' and ${connectedTo(viewerId, id)}))`;
}

/** The viewer may write to the person directly (others go to chat requests): not blocked, and allowed by their policy. */
export function mayMessageDirectly(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(not ${hiddenEitherWay(viewerId, id)}
    and (${column(user, 'message_policy')} = 'everyone' or ${connectedTo(viewerId, id)}))`;
}

/** The person may be offered to the viewer by people search, @mentions and suggestions. */
export function appearsInSearchFor(viewerId: string, user: string): RawBuilder<boolean> {
  const id = column(user, 'id');
  return sql<boolean>`(${id} <> ${viewerId} and ${column(user, 'searchable')} and not ${hiddenEitherWay(viewerId, id)})`;
}

/** A person as every list shows them: the card JSON text a trigger keeps (decision 010). */
export function cardOf(user: string): RawBuilder<string> {
  return sql<string>`${column(user, 'card')}`;
}

/** Where the viewer stands with one person, and the request id to act on when one is pending. */
export async function connectionBetween(
  db: Db,
  viewerId: string,
  personId: string,
): Promise<{ state: ConnectionState; requestId: string | null }> {
  const { rows } = await sql<{ state: ConnectionState; requestId: string | null }>`
    select case when exists (select 1 from connections where user_id = ${viewerId} and other_id = ${personId}) then 'connected'
                when r.sender_id = ${viewerId} then 'pending-sent'
                when r.sender_id is not null then 'pending-received'
                else 'none' end as state,
           r.id as request_id
    from (select 1) one
    left join lateral (
      select id, sender_id from connection_requests
      where (sender_id = ${viewerId} and recipient_id = ${personId})
         or (sender_id = ${personId} and recipient_id = ${viewerId} and ignored_at is null)
      order by (sender_id = ${personId}) desc
      limit 1) r on true`.execute(db);
  const row = rows[0]!;
  return { state: row.state, requestId: row.state === 'connected' ? null : row.requestId };
}

/** How many connections the person has: one index-only count of their rows. */
export function connectionCountOf(person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections cc where cc.user_id = ${person})`;
}

/** Connections the viewer and the person share: the viewer's rows, each probed on the person's key. */
export function mutualCountWith(viewerId: string, person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections mine
    join connections theirs on theirs.user_id = ${person} and theirs.other_id = mine.other_id
    where mine.user_id = ${viewerId})`;
}

/** How many of the viewer's hashtags are read for "people you may know", and followers per tag. */
const SHARED_TAGS_READ = 20;
const FOLLOWERS_PER_TAG = 100;

/**
 * People who follow the hashtags the viewer follows, as rows (id, shared): how many of those tags
 * each follows. `hashtag_follows` is the posts feature's; this is its one reading outside it. Only
 * the viewer's newest tags and each tag's newest followers count, so a tag everyone follows costs
 * the same short index walk as a rare one.
 */
export function hashtagFollowersSharedWith(viewerId: string): RawBuilder<{ id: string; shared: number }> {
  return sql<{ id: string; shared: number }>`(
    select f.user_id as id, count(*)::int as shared
    from (select tag from hashtag_follows where user_id = ${viewerId} order by created_at desc limit ${sql.lit(SHARED_TAGS_READ)}) mine
    cross join lateral (
      select hf.user_id from hashtag_follows hf
      where hf.tag = mine.tag and hf.user_id <> ${viewerId}
      order by hf.created_at desc limit ${sql.lit(FOLLOWERS_PER_TAG)}) f
    group by f.user_id)`;
}

/**
 * Every stored file a person's rows point at — their picture, their posts' images, videos and
 * documents, their collaboration requests' images — for deleting the account: the rows go by
 * foreign-key cascade, the files do not. Read it in the transaction that deletes the person, with
 * their `users` row locked, so that nothing they write meanwhile escapes it; remove the files only
 * after that transaction commits. A feature that stores files in a table of its own adds it here.
 */
export async function filesOwnedBy(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ url: string }>`
    select url from (
      select profile_picture as url from users where id = ${userId}
      union all
      select unnest(array[image, video, file_url]) from posts where author_id = ${userId}
      union all
      select image from collaboration_requests where user_id = ${userId}) f
    where url is not null`.execute(db);
  return rows.map((r) => r.url);
}
