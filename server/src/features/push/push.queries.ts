import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PushTarget } from '../../platform/push.js';

/** A person's browsers at most; a new one beyond it ends the one subscribed longest ago. */
export const PUSH_SUBSCRIPTIONS_PER_PERSON = 20;

/**
 * Keeps this browser's subscription for `userId`. An endpoint is one browser profile's: when it
 * is already stored (for this person, or for whoever signed in on that browser before), it moves
 * to the person signing in now, with the keys the browser gives now.
 */
export async function upsertSubscription(
  db: Db,
  row: PushTarget & { id: string; userId: string; userAgent: string | null },
) {
  await db
    .insertInto('pushSubscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        createdAt: sql`now()`,
      }),
    )
    .execute();
  // A script signing one account up from endless browsers fills no table: the oldest go.
  await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', row.userId)
    .where(
      'id',
      'not in',
      db
        .selectFrom('pushSubscriptions')
        .select('id')
        .where('userId', '=', row.userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(sql.lit(PUSH_SUBSCRIPTIONS_PER_PERSON)),
    )
    .execute();
}

/** Ends `userId`'s subscription at `endpoint`; false when they have none there. */
export async function deleteOwnSubscription(db: Db, userId: string, endpoint: string) {
  const result = await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every browser a person's pushes go to. */
export function listSubscriptions(db: Db, userId: string) {
  return db
    .selectFrom('pushSubscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .limit(sql.lit(PUSH_SUBSCRIPTIONS_PER_PERSON))
    .execute();
}

/** A subscription its push service called gone (404/410): that endpoint takes nothing more, whoever holds it. */
export async function deleteGoneSubscription(db: Db, endpoint: string) {
  await db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute();
}
