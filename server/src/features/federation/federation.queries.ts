import { type Insertable, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  FederationActorKind,
  FederationKeysTable,
  FederationRemotePostsTable,
} from '../../db/schema.js';
import { remoteActorBlockedBy } from './remote-blocks.queries.js';

/** A JSON value as a jsonb parameter: the text cast, the same on PostgreSQL and PGlite. */
const jsonb = (value: unknown) => sql<unknown>`${JSON.stringify(value)}::jsonb`;

// ---- Fedify's key–value store (0041 `federation_kv`) ----

/** A live entry's value; an expired one is absent (and left for `purgeExpiredKv`). */
export async function kvGet(db: Db, key: string): Promise<{ value: unknown } | undefined> {
  return db
    .selectFrom('federationKv')
    .select('value')
    .where('key', '=', key)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export async function kvSet(db: Db, key: string, value: unknown, expiresAt: Date | null): Promise<void> {
  await db
    .insertInto('federationKv')
    .values({ key, value: jsonb(value), expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: jsonb(value), expiresAt }))
    .execute();
}

export async function kvDelete(db: Db, key: string): Promise<void> {
  await db.deleteFrom('federationKv').where('key', '=', key).execute();
}

/**
 * Compare-and-swap in one statement: `expected` undefined means "absent (or expired)". The row
 * lock of the update (or the key's uniqueness for an insert) makes two racing swaps one winner.
 */
export async function kvCas(
  db: Db,
  key: string,
  expected: unknown,
  value: unknown,
  expiresAt: Date | null,
): Promise<boolean> {
  if (expected === undefined) {
    // Absent, or present but expired: an expired row is overwritten as if it were not there.
    const inserted = await db
      .insertInto('federationKv')
      .values({ key, value: jsonb(value), expiresAt })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value: jsonb(value), expiresAt })
          .where('federationKv.expiresAt', '<=', sql<Date>`now()`),
      )
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const updated = await db
    .updateTable('federationKv')
    .set({ value: jsonb(value), expiresAt })
    .where('key', '=', key)
    .where(sql<boolean>`value = ${jsonb(expected)}`)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * Live entries in key order: every one, or (`prefix` given) the one keyed `prefix.exact` and
 * those whose key text starts with `prefix.start`.
 */
export function kvList(db: Db, prefix?: { exact: string; start: string }) {
  return (
    db
      .selectFrom('federationKv')
      .select(['key', 'value'])
      .$if(prefix !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('key', '=', prefix!.exact),
            eb(sql<boolean>`starts_with(key, ${prefix!.start})`, '=', true),
          ]),
        ),
      )
      .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]))
      // Byte order, the same whatever the database's collation (Fedify asks for no order).
      .orderBy(sql`key collate "C"`)
      .execute()
  );
}

// ---- Local actors ----

/**
 * The person a username names, as federation may show them: null when there is no such person,
 * or they are not searchable, turned federation off, or are suspended (the actor is then 404).
 */
export function federatedPerson(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'firstName', 'lastName', 'bio', 'profilePicture', 'createdAt'])
    .where('username', '=', username)
    .where('searchable', '=', true)
    .where('federate', '=', true)
    .where((eb) => eb.or([eb('suspendedUntil', 'is', null), eb('suspendedUntil', '<=', sql<Date>`now()`)]))
    .executeTakeFirst();
}

/** A public mission and its owner's username, or null (members-only missions never federate). */
export function federatedMission(db: Db, missionId: string) {
  return db
    .selectFrom('missions')
    .innerJoin('users', 'users.id', 'missions.ownerId')
    .select([
      'missions.id',
      'missions.title',
      'missions.description',
      'missions.photo',
      'missions.createdAt',
      'users.username as ownerUsername',
    ])
    .where('missions.id', '=', missionId)
    .where('missions.visibility', '=', 'public')
    .executeTakeFirst();
}

// ---- Key pairs (0041 `federation_keys`) ----

export type StoredKey = Pick<FederationKeysTable, 'algorithm' | 'publicJwk' | 'privateJwk'>;

export function actorKeys(
  db: Db,
  kind: FederationKeysTable['actorKind'],
  actorId: string,
): Promise<StoredKey[]> {
  return db
    .selectFrom('federationKeys')
    .select(['algorithm', 'publicJwk', 'privateJwk'])
    .where('actorKind', '=', kind)
    .where('actorId', '=', actorId)
    .orderBy('algorithm', 'desc') // RSASSA-PKCS1-v1_5 first: the key Mastodon reads as publicKey
    .execute();
}

/** Stores a fresh pair unless another process stored one first (its pair is then the one read back). */
export async function insertActorKey(
  db: Db,
  kind: FederationKeysTable['actorKind'],
  actorId: string,
  key: StoredKey,
): Promise<void> {
  await db
    .insertInto('federationKeys')
    .values({
      actorKind: kind,
      actorId,
      algorithm: key.algorithm,
      publicJwk: jsonb(key.publicJwk),
      privateJwk: jsonb(key.privateJwk),
    })
    .onConflict((oc) => oc.columns(['actorKind', 'actorId', 'algorithm']).doNothing())
    .execute();
}

// ---- Followers (0041 `federation_followers`) and remote actors ----

export type RemoteActorRow = {
  uri: string;
  handle: string | null;
  host: string;
  inbox: string;
  sharedInbox: string | null;
  name: string | null;
};

export async function upsertRemoteActor(db: Db, actor: RemoteActorRow): Promise<void> {
  await db
    .insertInto('federationRemoteActors')
    .values(actor)
    .onConflict((oc) =>
      oc.column('uri').doUpdateSet({
        handle: actor.handle,
        host: actor.host,
        inbox: actor.inbox,
        sharedInbox: actor.sharedInbox,
        name: actor.name,
        fetchedAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

/** Records an accepted Follow; a repeated one (a retry, a re-follow) keeps the pair once, with its latest id. */
export async function insertFollower(
  db: Db,
  row: {
    actorKind: FederationActorKind;
    actorId: string;
    remoteActor: string;
    inbox: string;
    sharedInbox: string | null;
    followId: string;
  },
): Promise<void> {
  await db
    .insertInto('federationFollowers')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['actorKind', 'actorId', 'remoteActor']).doUpdateSet({
        inbox: row.inbox,
        sharedInbox: row.sharedInbox,
        followId: row.followId,
      }),
    )
    .execute();
}

export async function deleteFollower(
  db: Db,
  kind: FederationActorKind,
  actorId: string,
  remoteActor: string,
): Promise<void> {
  await db
    .deleteFrom('federationFollowers')
    .where('actorKind', '=', kind)
    .where('actorId', '=', actorId)
    .where('remoteActor', '=', remoteActor)
    .execute();
}

export async function countFollowers(db: Db, kind: FederationActorKind, actorId: string): Promise<number> {
  const row = await db
    .selectFrom('federationFollowers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('actorKind', '=', kind)
    .where('actorId', '=', actorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of followers, oldest first, after the cursor (the last row's `createdAt` and URI), with
 * one row more than asked so the caller knows whether another page follows.
 */
export function followersPage(
  db: Db,
  kind: FederationActorKind,
  actorId: string,
  after: { createdAt: Date; remoteActor: string } | null,
  limit: number,
) {
  let query = db
    .selectFrom('federationFollowers')
    .select(['remoteActor', 'inbox', 'sharedInbox', 'createdAt'])
    .where('actorKind', '=', kind)
    .where('actorId', '=', actorId)
    // Nothing is delivered to a blocked server (decision 088), even through a follower row that
    // slipped in (a Follow stored while the block was being made): this page is whom Fedify sends to.
    .where(hostExprBlocked(urlHost('inbox')), '=', false)
    .where((eb) =>
      eb.or([eb('sharedInbox', 'is', null), eb(hostExprBlocked(urlHost('sharedInbox')), '=', false)]),
    )
    .where(hostExprBlocked(urlHost('remoteActor')), '=', false)
    // Nor to someone the person blocked (decision 092): the row goes with the block, this covers a
    // Follow stored while the block was being made.
    .where(
      // Qualified: inside the probe a bare remote_actor is the block's own column (always equal).
      sql<boolean>`not (federation_followers.actor_kind = 'person'
        and ${remoteActorBlockedBy(sql.ref('federation_followers.actor_id'), sql.ref('federation_followers.remote_actor'))})`,
    );
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '>', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('remoteActor', '>', after.remoteActor)]),
      ]),
    );
  return query
    .orderBy('createdAt')
    .orderBy('remoteActor')
    .limit(sql.lit(limit + 1))
    .execute();
}

// ---- Server policies (0041 `federation_servers`) ----

/**
 * Whether an admin blocked this remote server: its host (with a port, if any) or, as Mastodon's
 * domain blocks do, its domain or any domain above it (a block of `bad.example` covers
 * `a.bad.example` and every port), so a server cannot slip past a block by a port or a subdomain.
 */
export async function isBlockedHost(db: Db, host: string): Promise<boolean> {
  return (await serverPolicy(db, host)) === 'blocked';
}

/**
 * The policy covering a remote server (decision 088), by the same rule as `isBlockedHost`: its
 * host, its name without the port, or a domain above it. A block wins over a limit that a
 * narrower or wider entry sets; undefined when no admin set either.
 */
export async function serverPolicy(db: Db, host: string): Promise<'blocked' | 'limited' | undefined> {
  const lower = host.toLowerCase();
  const hostname = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.split(':')[0]!;
  // An address has no domains above it: only itself, with and without the port.
  const labels = /^[\d.]+$|^\[/.test(hostname) ? [hostname] : hostname.split('.');
  const names = new Set([lower, ...labels.map((_, i) => labels.slice(i).join('.')).filter((n) => n !== '')]);
  const rows = await db
    .selectFrom('federationServers')
    .select('policy')
    .where('host', 'in', [...names])
    .execute();
  if (rows.some((r) => r.policy === 'blocked')) return 'blocked';
  return rows.length ? 'limited' : undefined;
}

// ---- NodeInfo usage ----

/** People, posts and comments on this instance, for NodeInfo's usage. */
export async function usageCounts(db: Db) {
  const row = await sql<{ users: string; posts: string; comments: string }>`
    select (select count(*) from users) as users,
           (select count(*) from posts) as posts,
           (select count(*) from comments) as comments`.execute(db);
  const r = row.rows[0]!;
  return { users: Number(r.users), posts: Number(r.posts), comments: Number(r.comments) };
}

// ---- What comes in (decision 087): following remote accounts, remote posts, replies, reactions ----

/** The icon last fetched of a remote actor (0042), for the list of whom a person follows. */
export async function setRemoteActorAvatar(db: Db, uri: string, avatar: string | null): Promise<void> {
  await db.updateTable('federationRemoteActors').set({ avatar }).where('uri', '=', uri).execute();
}

/** A person's follow of a remote actor, pending; false when they already follow (or asked to). */
export async function insertFollowing(
  db: Db,
  row: { id: string; userId: string; remoteActor: string; followId: string },
): Promise<boolean> {
  const added = await db
    .insertInto('federationFollowing')
    .values(row)
    .onConflict((oc) => oc.columns(['userId', 'remoteActor']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** One of a person's follows, by its id (undefined: not theirs, or none). */
export function followingOf(db: Db, userId: string, id: string) {
  return db
    .selectFrom('federationFollowing')
    .innerJoin('users', 'users.id', 'federationFollowing.userId')
    .select([
      'federationFollowing.id',
      'federationFollowing.remoteActor',
      'federationFollowing.followId',
      'users.username',
    ])
    .where('federationFollowing.id', '=', id)
    .where('federationFollowing.userId', '=', userId)
    .executeTakeFirst();
}

export async function deleteFollowing(db: Db, id: string): Promise<void> {
  await db.deleteFrom('federationFollowing').where('id', '=', id).execute();
}

/** The remote actor's Accept of our Follow: only that actor may accept it. True when it matched. */
export async function acceptFollowing(db: Db, followId: string, remoteActor: string): Promise<boolean> {
  const updated = await db
    .updateTable('federationFollowing')
    .set({ state: 'accepted' })
    .where('followId', '=', followId)
    .where('remoteActor', '=', remoteActor)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The remote actor's Reject of our Follow (or a later Reject ending an accepted one). */
export async function rejectFollowing(db: Db, followId: string, remoteActor: string): Promise<void> {
  await db
    .deleteFrom('federationFollowing')
    .where('followId', '=', followId)
    .where('remoteActor', '=', remoteActor)
    .execute();
}

/**
 * The blocked-server test for a host column in SQL: the host itself or a domain above it, as
 * `isBlockedHost` reads one host (a port is part of the stored host; a block by name covers it).
 */
export const hostBlocked = (column: string) => hostExprBlocked(sql.ref(column));

/** The same test for any SQL expression giving a host (a follower's inbox's host, decision 088). */
const hostExprBlocked = (host: RawBuilder<string> | ReturnType<typeof sql.ref>) =>
  hostUnderPolicy(host, 'blocked');

/** Whether an admin's policy of this kind covers the host expression, by `serverPolicy`'s rule. */
export const hostUnderPolicy = (
  host: RawBuilder<string> | ReturnType<typeof sql.ref>,
  policy: 'blocked' | 'limited',
) =>
  sql<boolean>`exists (select 1 from federation_servers s
  where s.policy = ${sql.lit(policy)} and (s.host = ${host}
    or split_part(${host}, ':', 1) = s.host
    or split_part(${host}, ':', 1) like '%.' || s.host))`;

/** The host (with its port, if any) of a URL column, in SQL: what follows the scheme, up to the path. */
const urlHost = (column: string) =>
  sql<string>`lower(split_part(split_part(${sql.ref(column)}, '://', 2), '/', 1))`;

/** A person's follows of remote accounts, newest first, with what we last fetched of each actor. */
export function followingList(db: Db, userId: string) {
  return db
    .selectFrom('federationFollowing as f')
    .leftJoin('federationRemoteActors as a', 'a.uri', 'f.remoteActor')
    .select(['f.id', 'f.remoteActor', 'f.state', 'f.createdAt', 'a.handle', 'a.name', 'a.avatar', 'a.host'])
    .where('f.userId', '=', userId)
    .orderBy('f.createdAt', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
}

/** Whether anyone here follows this remote actor (asked or accepted): what they post may be kept. */
export async function isFollowedHere(db: Db, remoteActor: string): Promise<boolean> {
  const row = await db
    .selectFrom('federationFollowing')
    .select('id')
    .where('remoteActor', '=', remoteActor)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/** A remote listing as it is written (the table's own columns; `fetchedAt` is the database's). */
export type RemotePostRow = Omit<Insertable<FederationRemotePostsTable>, 'fetchedAt'>;

/**
 * Stores a remote listing, or replaces it. A replacement only ever comes from the actor that
 * wrote it (the `where` of the update): another actor's Update of the same id changes nothing.
 * True when something was written.
 */
export async function upsertRemotePost(db: Db, row: RemotePostRow): Promise<boolean> {
  const { objectUri: _uri, ...changes } = row;
  const written = await db
    .insertInto('federationRemotePosts')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('objectUri')
        .doUpdateSet({ ...changes, fetchedAt: sql<Date>`now()` })
        .where('federationRemotePosts.remoteActor', '=', row.remoteActor),
    )
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a remote listing is kept here (its actor named, so an Update is only its author's). */
export function remotePostAuthor(db: Db, objectUri: string) {
  return db
    .selectFrom('federationRemotePosts')
    .select(['remoteActor', 'host'])
    .where('objectUri', '=', objectUri)
    .executeTakeFirst();
}

/** A remote listing as kept, unless its server is blocked now (nothing of a blocked server is read back). */
export function remotePost(db: Db, objectUri: string) {
  return db
    .selectFrom('federationRemotePosts')
    .selectAll()
    .where('objectUri', '=', objectUri)
    .where(hostBlocked('host'), '=', false)
    .executeTakeFirst();
}

/**
 * A remote Delete of a listing or reply: only its own actor's removes it. The post a reply
 * answered, if one went (its counts moved), else undefined.
 */
export async function deleteRemoteObject(
  db: Db,
  objectUri: string,
  remoteActor: string,
): Promise<string | undefined> {
  await db
    .deleteFrom('federationRemotePosts')
    .where('objectUri', '=', objectUri)
    .where('remoteActor', '=', remoteActor)
    .execute();
  const reply = await db
    .deleteFrom('federationRemoteReplies')
    .where('objectUri', '=', objectUri)
    .where('remoteActor', '=', remoteActor)
    .returning('postId')
    .executeTakeFirst();
  return reply?.postId;
}

/**
 * The post a remote object answers or reacts to, when it is one of ours that federates: public,
 * of a federated kind, by a person whose posts federate. Its author, for a report about it.
 */
export function federatedPost(db: Db, postId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('users', 'users.id', 'posts.authorId')
    .select(['posts.id', 'posts.authorId'])
    .where('posts.id', '=', postId)
    .where('posts.kind', 'in', ['need', 'want', 'provision', 'mission_update'])
    .where('users.federate', '=', true)
    .where('users.searchable', '=', true)
    .executeTakeFirst();
}

/**
 * A remote reply to one of our posts: kept once; a repeat of it (a retry, an Update) its author's
 * to change, and never once the post's author or a moderator removed it (decision 091).
 */
export async function upsertRemoteReply(
  db: Db,
  row: {
    id: string;
    objectUri: string;
    postId: string;
    remoteActor: string;
    host: string;
    text: string;
    url: string | null;
    published: string;
  },
): Promise<void> {
  await db
    .insertInto('federationRemoteReplies')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('objectUri')
        .doUpdateSet({ text: row.text, url: row.url })
        .where('federationRemoteReplies.remoteActor', '=', row.remoteActor)
        .where('federationRemoteReplies.removedAt', 'is', null),
    )
    .execute();
}

/** A remote Like or Announce, once per actor, kind and post (a second one keeps the latest id). */
export async function insertReaction(
  db: Db,
  row: { postId: string; kind: 'like' | 'announce'; remoteActor: string; host: string; activityId: string },
): Promise<void> {
  await db
    .insertInto('federationReactions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['postId', 'kind', 'remoteActor']).doUpdateSet({ activityId: row.activityId }),
    )
    .execute();
}

/** An Undo of a Like or Announce: by the activity's id, only its own actor's. The post it was of, if one went. */
export async function deleteReaction(
  db: Db,
  activityId: string,
  remoteActor: string,
): Promise<string | undefined> {
  const gone = await db
    .deleteFrom('federationReactions')
    .where('activityId', '=', activityId)
    .where('remoteActor', '=', remoteActor)
    .returning('postId')
    .executeTakeFirst();
  return gone?.postId;
}

/**
 * A post's remote likes, boosts and replies (none removed), none from a server blocked now nor from
 * someone its author blocked (decision 092: those rows go with the block; this covers one stored
 * meanwhile).
 */
export async function remoteCounts(db: Db, postId: string) {
  const author = sql`(select author_id from posts where id = ${postId})`;
  const { rows } = await sql<{ likes: string; announces: string; replies: string }>`
    select
      (select count(*) from federation_reactions r where r.post_id = ${postId} and r.kind = 'like'
         and not ${hostBlocked('r.host')}
         and not ${remoteActorBlockedBy(author, sql.ref('r.remote_actor'))}) as likes,
      (select count(*) from federation_reactions r where r.post_id = ${postId} and r.kind = 'announce'
         and not ${hostBlocked('r.host')}
         and not ${remoteActorBlockedBy(author, sql.ref('r.remote_actor'))}) as announces,
      (select count(*) from federation_remote_replies p where p.post_id = ${postId} and p.removed_at is null
         and not ${hostBlocked('p.host')}
         and not ${remoteActorBlockedBy(author, sql.ref('p.remote_actor'))}) as replies`.execute(db);
  const r = rows[0]!;
  return { likes: Number(r.likes), announces: Number(r.announces), replies: Number(r.replies) };
}
