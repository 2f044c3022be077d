import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import { insertNotificationUnlessSilenced } from './notifications.queries.js';

/**
 * Notices made at once go in one statement per shape (db/batched.ts, decision 035): each must come
 * out as it would alone. Calls made in one tick are deterministic batches: the first four of a
 * shape run alone (`inFlight`), and the rest of it go together once one of those has finished.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe('notifications made at once', () => {
  it('writes each shape in one statement, and drops only the ones their recipient does not hear', async () => {
    const [owner, liker, muted, blocked, other] = await Promise.all(
      Array.from({ length: 5 }, () => buildUser(h.db)),
    );
    await h.db.insertInto('mutes').values({ muterId: owner!.id, mutedId: muted!.id }).execute();
    await h.db.insertInto('blocks').values({ blockerId: blocked!.id, blockedId: owner!.id }).execute();
    const like = (senderId: string, message = 'liked your post') =>
      insertNotificationUnlessSilenced(h.db, {
        id: newId(),
        userId: owner!.id,
        senderId,
        type: 'like',
        message,
      });
    const system = (message: string) =>
      insertNotificationUnlessSilenced(h.db, {
        id: newId(),
        userId: other!.id,
        type: 'systemNotification',
        message,
      });

    const made = await Promise.all([
      like(liker!.id, '1'),
      like(liker!.id, '2'),
      like(liker!.id, '3'),
      like(liker!.id, '4'),
      system('Welcome to Muster!'),
      like(muted!.id, 'muted'),
      like(liker!.id, 'batched 1'),
      like(blocked!.id, 'blocked'),
      like(other!.id, 'batched 2'),
    ]);

    expect(made.map((n) => n?.message)).toEqual([
      '1',
      '2',
      '3',
      '4',
      'Welcome to Muster!',
      undefined,
      'batched 1',
      undefined,
      'batched 2',
    ]);
    expect(made[8]).toMatchObject({ userId: owner!.id, senderId: other!.id, type: 'like', readAt: null });
    expect(made[4]).toMatchObject({ userId: other!.id, senderId: null, type: 'systemNotification' });
    const writers = (
      await sql<{
        n: number;
      }>`select count(distinct xmin::text)::int as n from notifications where id = any(${[made[6]!.id, made[8]!.id]}::uuid[])`.execute(
        h.db,
      )
    ).rows[0]!.n;
    expect(writers).toBe(1);
    const stored = await h.db
      .selectFrom('notifications')
      .select('message')
      .where('userId', '=', owner!.id)
      .orderBy('message')
      .execute();
    expect(stored.map((n) => n.message)).toEqual(['1', '2', '3', '4', 'batched 1', 'batched 2']);
  });
});
