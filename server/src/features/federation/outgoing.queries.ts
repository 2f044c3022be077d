import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { contentShownTo, limitedFrom, missionOfPostVisibleTo } from '../../social/social.queries.js';
import { kvDelete, kvGet, kvSet } from './federation.queries.js';

/*
 * What goes out (decision 086): the posts a stranger may read, as the kernel's rules say it
 * (social.queries.ts, read with no viewer), and the record of which posts a Create went out for.
 */

/** The kinds that become Notes (notes.ts); any other never leaves. */
const FEDERATED_KINDS = ['need', 'want', 'provision', 'mission_update'];

/**
 * A post as federation sees it: its public JSON (`rendered`: the approximate place, never the
 * exact one), its author's username, and each part of the stranger's read rule apart, so the
 * caller names the audience from the rule (`members`: a members-only mission's update;
 * `connections`: a limited author) instead of assuming it. Null: no such post.
 */
export function postForFederation(db: Db, postId: string) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.authorId')
    .select([
      'p.id',
      'p.kind',
      'p.authorId',
      'p.rendered',
      'a.username',
      sql<boolean>`not ${missionOfPostVisibleTo(undefined, sql.ref('p.mission_id'))}`.as('membersOnly'),
      sql<boolean>`${limitedFrom(undefined, sql.ref('p.author_id'))}`.as('limited'),
      sql<boolean>`not ${contentShownTo(undefined, 'p')}`.as('hidden'),
      // The author's actor exists (federation.queries.ts federatedPerson): searchable, federating, not suspended.
      sql<boolean>`(a.searchable and a.federate and (a.suspended_until is null or a.suspended_until <= now()))`.as(
        'authorFederates',
      ),
    ])
    .where('p.id', '=', postId)
    .executeTakeFirst();
}

/**
 * A page of an actor's public federated posts, newest first, after the cursor: a person's own
 * (authorId), or a public mission's updates (missionId). One row more than asked says whether
 * another page follows. Every part of the stranger's rule holds for each row.
 */
export function publicPostsPage(
  db: Db,
  by: { authorId: string } | { missionId: string },
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  let q = publicPosts(db, by).select(['p.id', 'p.createdAt', 'p.rendered', 'a.username']);
  if (after) q = q.where(sql<boolean>`(p.created_at, p.id) < (${after.createdAt}, ${after.id}::uuid)`);
  return q
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .limit(sql.lit(limit + 1))
    .execute();
}

export async function countPublicPosts(db: Db, by: { authorId: string } | { missionId: string }) {
  const row = await publicPosts(db, by)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function publicPosts(db: Db, by: { authorId: string } | { missionId: string }) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as a', 'a.id', 'p.authorId')
    .where(sql<boolean>`p.kind = any(${FEDERATED_KINDS}::text[])`)
    .where('a.searchable', '=', true)
    .where('a.federate', '=', true)
    .where((eb) =>
      eb.or([eb('a.suspendedUntil', 'is', null), eb('a.suspendedUntil', '<=', sql<Date>`now()`)]),
    )
    .where(contentShownTo(undefined, 'p'))
    .where(sql<boolean>`not ${limitedFrom(undefined, sql.ref('p.author_id'))}`)
    .where(missionOfPostVisibleTo(undefined, sql.ref('p.mission_id')))
    .$if('authorId' in by, (q) => q.where('p.authorId', '=', (by as { authorId: string }).authorId))
    .$if('missionId' in by, (q) => q.where('p.missionId', '=', (by as { missionId: string }).missionId));
}

// ---- Which posts a Create went out for (kept in 0041's federation_kv, under a key of ours) ----

/** Who a Create went out as: the author's identifier (their username then), so a Delete names the same actor. */
export type SentRecord = { identifier: string; at: string };

/** Fedify's keys are JSON arrays (federation.store.ts) whose first element is never "muster". */
const sentKey = (postId: string) => JSON.stringify(['muster', 'sent', postId]);

export async function sentRecord(db: Db, postId: string): Promise<SentRecord | undefined> {
  return (await kvGet(db, sentKey(postId)))?.value as SentRecord | undefined;
}

export const recordSent = (db: Db, postId: string, record: SentRecord) =>
  kvSet(db, sentKey(postId), record, null);

export const forgetSent = (db: Db, postId: string) => kvDelete(db, sentKey(postId));

/** Whether the actor has any follower at all (one probe of federation_followers' key). */
export async function hasFollowers(db: Db, actorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('federationFollowers')
    .select('actorId')
    .where('actorKind', '=', 'person')
    .where('actorId', '=', actorId)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The posts a Create went out for and no Delete yet (decision 092): a person's own, or a mission's
 * updates. One probe of federation_kv's key per post of theirs; what is found is what a change to
 * their standing (a suspension, a limit, a privacy change) or the mission's (members only) may retract.
 */
export async function sentPostsOf(db: Db, by: { authorId: string } | { missionId: string }) {
  const rows = await db
    .selectFrom('posts as p')
    .select('p.id')
    .$if('authorId' in by, (q) => q.where('p.authorId', '=', (by as { authorId: string }).authorId))
    .$if('missionId' in by, (q) => q.where('p.missionId', '=', (by as { missionId: string }).missionId))
    .where(
      sql<boolean>`exists (select 1 from federation_kv k
      where k.key = '["muster","sent","' || p.id::text || '"]')`,
    )
    .orderBy('p.createdAt')
    .execute();
  return rows.map((r) => r.id);
}

/** A person by the username a Create went out as, whatever their standing now (their keys are theirs). */
export function personByUsername(db: Db, username: string) {
  return db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
}
