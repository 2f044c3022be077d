import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * The person an unsubscribe link names, with their stored choices (null ones when they never
 * chose), locked against a settings change racing this one; undefined once the account is gone.
 */
export function findUnsubscriber(db: Db, userId: string, options: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('users as u')
    .leftJoin('notificationSettings as s', 's.userId', 'u.id')
    .select(['u.id', 's.channels', 's.digest'])
    .where('u.id', '=', userId);
  // The user's row: the settings' side of the join may be missing, and an outer join's null side cannot be locked.
  if (options.lock) q = q.forUpdate('u');
  return q.executeTakeFirst();
}

/** One kind's channel, leaving the person's other choices as they were. */
export async function setNoticeChannel(db: Db, userId: string, kind: string, channel: string) {
  const one = sql<string>`jsonb_build_object(${kind}::text, ${channel}::text)`;
  await db
    .insertInto('notificationSettings')
    .values({ userId, channels: sql`${one}` as unknown as string })
    .onConflict((oc) =>
      oc.column('userId').doUpdateSet({
        channels: sql`notification_settings.channels || ${one}` as unknown as string,
        updatedAt: sql`now()`,
      }),
    )
    .execute();
}

export async function turnDigestOff(db: Db, userId: string) {
  await db
    .insertInto('notificationSettings')
    .values({ userId, digest: 'off' })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ digest: 'off', updatedAt: sql`now()` }))
    .execute();
}
