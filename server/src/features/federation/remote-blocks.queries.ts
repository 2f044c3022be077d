import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../platform/ids.js';

/*
 * A person here blocking a person on another server (decision 092): 0046 `federation_person_blocks`,
 * and what a block takes away between the two.
 */

/**
 * Whether `viewer` (a uuid expression) blocked the remote actor in `actor` (a URI expression), in
 * SQL: the filter every read of remote things by a person here applies (remote listings in search
 * and on the map, remote replies under a post, remote offers).
 */
export const remoteActorBlockedBy = (viewer: RawBuilder<unknown>, actor: RawBuilder<unknown>) =>
  sql<boolean>`exists (select 1 from federation_person_blocks fpb
    where fpb.user_id = ${viewer} and fpb.remote_actor = ${actor})`;

/** Whether the person blocked this remote actor. */
export async function isRemoteBlocked(db: Db, userId: string, remoteActor: string): Promise<boolean> {
  const row = await db
    .selectFrom('federationPersonBlocks')
    .select('id')
    .where('userId', '=', userId)
    .where('remoteActor', '=', remoteActor)
    .executeTakeFirst();
  return row !== undefined;
}

/** The remote actor we know by this handle (`@user@host`) or URI, as last fetched. */
export function knownRemoteActor(db: Db, handleOrUri: string) {
  return db
    .selectFrom('federationRemoteActors')
    .select(['uri', 'host'])
    .where((eb) =>
      eb.or([eb('uri', '=', handleOrUri), eb(sql`lower(handle)`, '=', handleOrUri.toLowerCase())]),
    )
    .executeTakeFirst();
}

/** Blocks; a second block of the same actor is the first (its id answered). */
export async function insertRemoteBlock(db: Db, userId: string, remoteActor: string): Promise<string> {
  await db
    .insertInto('federationPersonBlocks')
    .values({ id: newId(), userId, remoteActor })
    .onConflict((oc) => oc.columns(['userId', 'remoteActor']).doNothing())
    .execute();
  const row = await db
    .selectFrom('federationPersonBlocks')
    .select('id')
    .where('userId', '=', userId)
    .where('remoteActor', '=', remoteActor)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What lay between the two, in the block's transaction: their follow of the person's actor (so
 * nothing is delivered to them), the person's follow of them (its Follow id answered, for the
 * Undo), and their likes, boosts and replies on the person's posts (uncounted, unshown).
 */
export async function purgeBetween(db: Db, userId: string, remoteActor: string) {
  await db
    .deleteFrom('federationFollowers')
    .where('actorKind', '=', 'person')
    .where('actorId', '=', userId)
    .where('remoteActor', '=', remoteActor)
    .execute();
  const following = await db
    .deleteFrom('federationFollowing')
    .where('userId', '=', userId)
    .where('remoteActor', '=', remoteActor)
    .returning('followId')
    .executeTakeFirst();
  const theirs = (table: 'federation_reactions' | 'federation_remote_replies') =>
    sql`delete from ${sql.table(table)} r using posts p
      where p.id = r.post_id and p.author_id = ${userId} and r.remote_actor = ${remoteActor}`.execute(db);
  await theirs('federation_reactions');
  await theirs('federation_remote_replies');
  return { followId: following?.followId ?? null };
}

/** Unblocks one of the person's blocks; undefined when it is not theirs (or none). */
export function deleteRemoteBlock(db: Db, userId: string, id: string) {
  return db
    .deleteFrom('federationPersonBlocks')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .returning('remoteActor')
    .executeTakeFirst();
}

/** The person's blocks of remote people, newest first, with what we last fetched of each. */
export function remoteBlockList(db: Db, userId: string) {
  return db
    .selectFrom('federationPersonBlocks as b')
    .leftJoin('federationRemoteActors as a', 'a.uri', 'b.remoteActor')
    .select(['b.id', 'b.remoteActor', 'b.createdAt', 'a.handle', 'a.name', 'a.avatar', 'a.host'])
    .where('b.userId', '=', userId)
    .orderBy('b.createdAt', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
}

/** Whether the author of one of our posts blocked this remote actor (what they send about it is dropped). */
export async function postAuthorBlocked(db: Db, postId: string, remoteActor: string): Promise<boolean> {
  const row = await db
    .selectFrom('posts as p')
    .select('p.id')
    .where('p.id', '=', postId)
    .where(remoteActorBlockedBy(sql.ref('p.author_id'), sql`${remoteActor}`))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the person blocked any of these remote actors. */
export async function blockedAmong(db: Db, userId: string, actors: readonly string[]): Promise<boolean> {
  if (actors.length === 0) return false;
  const row = await db
    .selectFrom('federationPersonBlocks')
    .select('id')
    .where('userId', '=', userId)
    .where('remoteActor', 'in', actors)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the person blocked anyone elsewhere (so a signed fetch is worth verifying at all). */
export async function hasRemoteBlocks(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('federationPersonBlocks')
    .select('id')
    .where('userId', '=', userId)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row !== undefined;
}
