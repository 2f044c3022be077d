import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FederationActorKind, FederationKeysTable } from '../../db/schema.js';

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

export function actorKeys(db: Db, kind: FederationActorKind, actorId: string): Promise<StoredKey[]> {
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
  kind: FederationActorKind,
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
    .where('actorId', '=', actorId);
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
  const lower = host.toLowerCase();
  const hostname = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.split(':')[0]!;
  // An address has no domains above it: only itself, with and without the port.
  const labels = /^[\d.]+$|^\[/.test(hostname) ? [hostname] : hostname.split('.');
  const names = new Set([lower, ...labels.map((_, i) => labels.slice(i).join('.')).filter((n) => n !== '')]);
  const row = await db
    .selectFrom('federationServers')
    .select('host')
    .where('host', 'in', [...names])
    .where('policy', '=', 'blocked')
    .executeTakeFirst();
  return row !== undefined;
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
