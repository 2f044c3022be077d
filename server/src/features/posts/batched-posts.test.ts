import { extractHashtags } from '@muster/contract/hashtags';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, userWithSession } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import { placeColumns } from '../../platform/places.js';
import { insertPost } from './posts.queries.js';

/**
 * Posts made at once go in one statement (db/batched.ts, decision 035): each must come out as it
 * would alone. Calls made in one tick are deterministic batches: the first four run alone
 * (`inFlight`), and all the rest go together once one of those has finished.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const author = (sessionEnds?: Date) => userWithSession(h.db, {}, sessionEnds);

/** The columns createPost gives a need, so that every call here has one statement shape. */
const post = (
  who: { id: string; sessionId: string },
  content: string,
  extra: { missionId?: string; place?: { address: string; lat: number; lng: number } } = {},
) =>
  insertPost(h.db, who.sessionId, {
    id: newId(),
    authorId: who.id,
    kind: 'need',
    title: content.slice(0, 20),
    content,
    category: 'Transport',
    status: 'open',
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    image: null,
    video: null,
    fileUrl: null,
    fileName: null,
    review: JSON.stringify({ rating: 4 }),
    ...placeColumns(extra.place),
    mission: null,
    missionId: extra.missionId ?? null,
    emergencyEmoji: null,
    hashtags: extractHashtags(content),
  });

const writers = async (ids: string[]) =>
  (
    await sql<{
      n: number;
    }>`select count(distinct xmin::text)::int as n from posts where id = any(${ids}::uuid[])`.execute(h.db)
  ).rows[0]!.n;

describe('posts made at once', () => {
  it('writes them in one statement, each with its own author, text, hashtags, place and live audience', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, () => author()));
    const ended = await author(new Date(Date.now() - 1000));
    const friend = await buildUser(h.db);
    await h.db
      .insertInto('connections')
      .values([
        { userId: people[6]!.id, otherId: friend.id },
        { userId: friend.id, otherId: people[6]!.id },
      ])
      .execute();
    const place = { address: '12 Quay Street, Riverton', lat: 51.5, lng: -0.12 };

    const made = await Promise.all([
      ...people.slice(0, 4).map((p, i) => post(p, `Alone ${i} #floodrelief`)),
      post(ended, 'Signed out, so never written'),
      post(people[4]!, 'Sandbags needed at the bridge #floodrelief #sandbags'),
      post(people[5]!, 'A van to move supplies', { place }),
      post(people[6]!, 'Someone to drive to the shelter #transport'),
      post(people[7]!, 'Blankets for the hall'),
    ]);

    expect(made[4]).toBeUndefined();
    const [bags, van, drive, blankets] = made.slice(5);
    expect(await writers([bags!.id, van!.id, drive!.id, blankets!.id])).toBe(1);
    expect(await writers(made.slice(0, 4).map((m) => m!.id))).toBe(4);
    expect([bags, van, drive, blankets].map((m) => m!.authorId)).toEqual(people.slice(4).map((p) => p.id));
    expect(JSON.parse(bags!.post)).toMatchObject({
      content: 'Sandbags needed at the bridge #floodrelief #sandbags',
      hashtags: ['floodrelief', 'sandbags'],
      review: { rating: 4 },
    });
    // The author reads the exact place; the text everyone else reads has the approximate one.
    expect(JSON.parse(van!.post).mapLocation).toEqual(place);
    const shared = await h.db
      .selectFrom('posts')
      .select(['rendered', 'exactLocation'])
      .where('id', '=', van!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(shared.rendered).mapLocation.address).not.toContain('12 Quay');
    expect(shared.exactLocation).toEqual(place);
    expect(drive!.audience).toEqual([friend.id]);
    expect(bags!.audience).toEqual([]);
    const tags = await h.db
      .selectFrom('postHashtags')
      .select(['postId', 'tag'])
      .where('postId', 'in', [bags!.id, drive!.id, blankets!.id])
      .orderBy('tag')
      .execute();
    expect(tags).toEqual([
      { postId: bags!.id, tag: 'floodrelief' },
      { postId: bags!.id, tag: 'sandbags' },
      { postId: drive!.id, tag: 'transport' },
    ]);
    expect(await h.db.selectFrom('posts').select('id').where('authorId', '=', ended.id).execute()).toEqual(
      [],
    );
  });

  it('fails only the post at fault when one of a batch cannot be written', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => author()));
    const settled = await Promise.allSettled([
      ...people.slice(0, 4).map((p, i) => post(p, `Alone ${i}`)),
      post(people[4]!, 'An update to a mission that is gone', { missionId: newId() }),
      post(people[5]!, 'Fine one'),
      post(people[6]!, 'Fine two'),
    ]);
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect((settled[4] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    const fine = settled
      .slice(5)
      .map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof post>>>).value!);
    expect(fine.map((p) => JSON.parse(p.post).content)).toEqual(['Fine one', 'Fine two']);
    expect(
      await h.db.selectFrom('posts').select('id').where('authorId', '=', people[4]!.id).execute(),
    ).toEqual([]);
  });
});
