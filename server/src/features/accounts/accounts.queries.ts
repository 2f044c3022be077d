import { type Insertable, type RawBuilder, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JsonText } from '../../platform/json-text.js';
import type { EmailTokenPurpose, EmailTokensTable, UsersTable } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import {
  appearsInSearchFor,
  connectedTo,
  connectionsVisibleTo,
  hiddenEitherWay,
  mutedByViewer,
  type Person,
  profileVisibleTo,
} from '../../social/social.queries.js';
import { inPrefixBounds, type PrefixBounds, prefixBounds } from '../../db/prefix-bounds.js';
import type { ConnectionState } from '@muster/contract/network';

export function findUserById(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A profile as the viewer may see it — its counts and the viewer's standing — as the contract's
 * JSON text, in one round trip: nothing when there is no such username or a block lies between
 * the two (the same answer, as everywhere). Limited (a profile for connections only, and the
 * viewer is not one): the card, the counts and Connect, with an empty bio and location.
 *
 * At 100k people the probes cost PostgreSQL ~0.1 ms; what cost the route was the API's side: a
 * second round trip for the standing, building the query, and turning ~20 typed columns into
 * objects and back into JSON. So the standing joins laterally, the statement is built once
 * (decision 010), and PostgreSQL writes the JSON (timestamps in `toISOString` form).
 */
const profileFor = prepared((db, a: { viewerId: string; username: string }) => {
  const id = sql.ref('u.id');
  const found = db
    .selectFrom('users as u')
    .innerJoinLateral(connectionStandingWith(a.viewerId, id).as('s'), (join) => join.onTrue())
    .select([
      'u.card',
      'u.bio',
      // Everyone else reads the city-level location; the owner what they typed (decision 041).
      sql<string>`case when u.id = ${a.viewerId} then coalesce(u.exact_location, u.location) else u.location end`.as(
        'location',
      ),
      'u.createdAt',
      sql<boolean>`u.id = ${a.viewerId}`.as('isMe'),
      connectionCountOf(id).as('connectionCount'),
      mutualCountWith(a.viewerId, id).as('mutualCount'),
      mutedByViewer(a.viewerId, id).as('muted'),
      profileVisibleTo(a.viewerId, 'u').as('profileVisible'),
      connectionsVisibleTo(a.viewerId, 'u').as('connectionsVisible'),
      's.connection',
      's.connectionRequestId',
    ])
    .where('u.username', '=', a.username)
    .where(sql<boolean>`not ${hiddenEitherWay(a.viewerId, id)}`)
    // A fence: merged into the outer select, each rule would be evaluated once per use below.
    .offset(sql.lit(0));
  return db.selectFrom(found.as('p')).select(
    sql<JsonText>`left(p.card, -1)
      || ',"bio":' || to_json(case when p.profile_visible then p.bio else '' end)::text
      || ',"location":' || to_json(case when p.profile_visible then p.location else '' end)::text
      || ',"createdAt":"' || to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
      || ',"isMe":' || p.is_me
      || ',"connectionCount":' || p.connection_count
      || ',"mutualCount":' || case when p.is_me then 0 else p.mutual_count end
      || ',"connection":"' || p.connection || '"'
      || ',"connectionRequestId":' || coalesce(to_json(p.connection_request_id)::text, 'null')
      || ',"muted":' || p.muted
      || ',"limited":' || (not p.profile_visible)
      || ',"connectionsVisible":' || p.connections_visible
      || '}'`.as('profile'),
  );
});

export async function findProfile(db: Db, viewerId: string, username: string): Promise<JsonText | undefined> {
  return (await profileFor(db, { viewerId, username }))[0]?.profile;
}

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Usernames and emails are stored lower-case, so an exact match is a case-blind match. */
export function findUserByEmailOrUsername(db: Db, login: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', login), eb('username', '=', login)]))
    .executeTakeFirst();
}

export function insertUser(db: Db, row: Insertable<UsersTable>) {
  return db.insertInto('users').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: string, changes: Updateable<UsersTable>) {
  return db
    .updateTable('users')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function deleteUser(db: Db, id: string) {
  return db.deleteFrom('users').where('id', '=', id).execute();
}

/** Holds the person's row until the transaction ends: rows that point at it wait, then fail once it is gone. */
export function lockUser(db: Db, id: string) {
  return db.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertEmailToken(db: Db, row: Insertable<EmailTokensTable>) {
  return db.insertInto('emailTokens').values(row).execute();
}

/** Claims a live token atomically: it is marked used in the same statement that finds it. */
export function consumeEmailToken(db: Db, tokenHash: string, purpose: EmailTokenPurpose) {
  return db
    .updateTable('emailTokens')
    .set({ usedAt: new Date() })
    .where('tokenHash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Ends a user's live links: those of one kind (a newer link replaces the older ones), or with no
 * `purpose` every kind (after the password or the address changes).
 */
export function retireEmailTokens(db: Db, userId: string, purpose?: EmailTokenPurpose) {
  let q = db
    .updateTable('emailTokens')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null);
  if (purpose) q = q.where('purpose', '=', purpose);
  return q.execute();
}

export function listUserSessions(db: Db, userId: string) {
  return db
    .selectFrom('sessions')
    .select(['createdAt', 'lastSeenAt', 'userAgent', 'ip'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function listUserNotificationsForExport(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'message', 'readAt', 'createdAt'])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

/**
 * What a person chose for being told away from the app (issue 34), for their export: their
 * settings row (none until they first chose), their per-mission levels, and the browsers that
 * take their pushes (where each push goes and when it subscribed; not the browser's keys, which
 * are the browser's secret, not the person's data).
 */
export async function listUserNoticeChoicesForExport(db: Db, userId: string) {
  const [settings, missions, browsers] = await Promise.all([
    db
      .selectFrom('notificationSettings')
      .select(['channels', 'digest', 'quietEnabled', 'quietStart', 'quietEnd', 'timeZone', 'lastDigestAt'])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('missionNoticeLevels as l')
      .innerJoin('missions as m', 'm.id', 'l.missionId')
      .select(['l.missionId', 'm.title', 'l.level'])
      .where('l.userId', '=', userId)
      .orderBy('m.title')
      .execute(),
    db
      .selectFrom('pushSubscriptions')
      .select(['endpoint', 'userAgent', 'createdAt'])
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .execute(),
  ]);
  return { settings, missions, browsers };
}

/**
 * The person's requests to be verified as an organisation (the verification feature's table,
 * decision 069), for their export: what they sent and how it was answered, not who answered.
 */
export function listUserOrganisationRequestsForExport(db: Db, userId: string) {
  return db
    .selectFrom('organisationRequests')
    .select([
      'organisationName',
      'website',
      'contactName',
      'contactEmail',
      'contactPhone',
      'proof',
      'status',
      'reason',
      'createdAt',
      'decidedAt',
    ])
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export function findIdentity(db: Db, issuer: string, subject: string) {
  return db
    .selectFrom('oidcIdentities')
    .selectAll()
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function insertIdentity(db: Db, row: { issuer: string; subject: string; userId: string }) {
  return db.insertInto('oidcIdentities').values(row).execute();
}

export function deleteUserIdentities(db: Db, userId: string) {
  return db.deleteFrom('oidcIdentities').where('userId', '=', userId).execute();
}

export function listUserIdentities(db: Db, userId: string) {
  return db
    .selectFrom('oidcIdentities')
    .select(['issuer', 'createdAt'])
    .where('userId', '=', userId)
    .execute();
}

export function insertOidcFlow(db: Db, row: { stateHash: string; codeVerifier: string; nonce: string }) {
  return db.insertInto('oidcFlows').values(row).execute();
}

/** Takes a flow out (single use); flows older than ten minutes are dead. */
export function takeOidcFlow(db: Db, stateHash: string) {
  return db
    .deleteFrom('oidcFlows')
    .where('stateHash', '=', stateHash)
    .where('createdAt', '>', new Date(Date.now() - 10 * 60_000))
    .returningAll()
    .executeTakeFirst();
}

export function deleteStaleOidcFlows(db: Db) {
  return db
    .deleteFrom('oidcFlows')
    .where('createdAt', '<', new Date(Date.now() - 10 * 60_000))
    .execute();
}

export function usernamesStartingWith(db: Db, prefix: string) {
  return db.selectFrom('users').select('username').where('username', 'like', `${prefix}%`).execute();
}

/**
 * People whose username or name starts with `prefix`, for people search and @mention suggestions:
 * never me, anyone blocked either way, or anyone who chose not to appear in search (the kernel's rule).
 */
export async function searchPeople(db: Db, viewerId: string, prefix: string, limit: number) {
  const rows = await peopleByPrefix(db, { viewerId, limit, ...prefixBounds(prefix) });
  return rows.map((r) => r.card);
}

// One short index walk per name field (migration 0008), each stopping after `limit` rows however
// many people share the prefix; then the best of the three, by username. Each person comes back
// as their card, the JSON text a trigger keeps (decision 010). Compiled once (`prepared`): building
// this statement on every keystroke was a tenth of the API's time on it (decision 031).
const peopleByPrefix = prepared(
  (db, { viewerId, limit, ...bounds }: { viewerId: string; limit: number } & PrefixBounds) => {
    const byField = (field: RawBuilder<unknown>) => sql`(
    select u.username, u.card from users u
    where ${inPrefixBounds(field, bounds)} and ${appearsInSearchFor(viewerId, 'u')}
    order by ${field} limit ${sql.lit(limit)})`;
    return sql<{ card: JsonText }>`
    select card from (
      ${byField(sql`(u.username collate "C")`)}
      union
      ${byField(sql`(lower(u.first_name) collate "C")`)}
      union
      ${byField(sql`(lower(u.last_name) collate "C")`)}
    ) found
    order by username limit ${sql.lit(limit)}`;
  },
  { literal: ['limit'] },
);

/*
 * Other features' rows that accounts read: where the viewer stands with a person and the counts on
 * their profile (network's), and every file a person's rows point at (for deleting the account).
 */

/**
 * Where the viewer stands with one person — `connection` ('connected', 'pending-sent',
 * 'pending-received' or 'none') and `connection_request_id`, the request to act on when one is
 * pending — as a one-row subquery to join laterally (`cross join lateral ${…} s`), so a profile
 * reads it in the same statement as the person (each round trip costs the API more than the probes).
 * Their request to me (not ignored) comes before mine to them. Each direction is its own probe of
 * one pair: written as one `or`, the generic plan walked all of the viewer's received requests.
 */
function connectionStandingWith(
  viewerId: string,
  person: Person,
): RawBuilder<{ connection: ConnectionState; connectionRequestId: string | null }> {
  return sql<{ connection: ConnectionState; connectionRequestId: string | null }>`(
    select case when k.connected then 'connected'
                when r.sender_id = ${viewerId} then 'pending-sent'
                when r.sender_id is not null then 'pending-received'
                else 'none' end as connection,
           case when k.connected then null else r.id end as connection_request_id
    from (select ${connectedTo(viewerId, person)} as connected) k
    left join lateral (
      select q.id, q.sender_id from (
        select cr.id, cr.sender_id, 1 as rank from connection_requests cr
        where cr.sender_id = ${person} and cr.recipient_id = ${viewerId} and cr.ignored_at is null
        union all
        select cr.id, cr.sender_id, 2 from connection_requests cr
        where cr.sender_id = ${viewerId} and cr.recipient_id = ${person}) q
      order by q.rank
      limit 1) r on true)`;
}

/** How many connections the person has: one index-only count of their rows. */
function connectionCountOf(person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections cc where cc.user_id = ${person})`;
}

/** Connections the viewer and the person share: the viewer's rows, each probed on the person's key. */
function mutualCountWith(viewerId: string, person: Person): RawBuilder<number> {
  return sql<number>`(select count(*)::int from connections mine
    join connections theirs on theirs.user_id = ${person} and theirs.other_id = mine.other_id
    where mine.user_id = ${viewerId})`;
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
      select image from collaboration_requests where user_id = ${userId}
      union all
      select photo from missions where owner_id = ${userId}) f
    where url is not null`.execute(db);
  return rows.map((r) => r.url);
}

/**
 * A suspension in force (decision 070): its end (null for good), reason and rule, as moderation
 * set them on the user's row, and the strike that set it (moderation's table, read here for the
 * appeal link a refused sign-in carries) unless it was appealed already. Undefined when none runs.
 */
export async function runningSuspension(db: Db, userId: string) {
  const { rows } = await sql<{
    until: Date | null;
    reason: string;
    rule: string;
    strikeId: string | null;
  }>`select case when u.suspended_until = 'infinity' then null else u.suspended_until end as until,
      coalesce(u.suspension_reason, '') as reason, coalesce(u.suspension_rule, 'other') as rule,
      (select s.id from moderation_strikes s where s.user_id = u.id and s.account_action = 'suspend'
        and s.lifted_at is null and s.appealed_at is null and s.ends_at = u.suspended_until
        order by s.created_at desc limit 1) as "strikeId"
    from users u where u.id = ${userId} and u.suspended_until > now()`.execute(db);
  return rows[0];
}

/**
 * Ends every session of a person who is suspended now (decision 070), in the moderator's
 * transaction; none when they are not (the same event tells of a suspension lifted). How many ended.
 */
export async function endSessionsIfSuspended(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ id: string }>`delete from sessions s where s.user_id = ${userId}
    and exists (select 1 from users u where u.id = ${userId} and u.suspended_until > now())
    returning s.id`.execute(db);
  return rows.length;
}
