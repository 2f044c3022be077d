import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithSession } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import { offerOnPostIfAllowed } from './offers.queries.js';

/**
 * Offers made at once go in one statement (db/batched.ts, decision 035): each must come out as it
 * would alone. Calls made in one tick are deterministic batches: the first four run alone
 * (`inFlight`), and all the rest go together once one of those has finished.
 */
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const person = (sessionEnds?: Date) => userWithSession(h.db, {}, sessionEnds);

async function need(authorId: string, extra: { kind?: string; status?: string | null } = {}) {
  const id = newId();
  await sql`insert into posts (id, author_id, kind, title, content, status) values (${id}, ${authorId}, ${extra.kind ?? 'need'}, 'Boats', 'Two boats to the old mill', ${extra.status === undefined ? 'open' : extra.status})`.execute(
    h.db,
  );
  return id;
}

const offer = (helper: { id: string; sessionId: string }, postId: string, message: string) =>
  offerOnPostIfAllowed(h.db, {
    sessionId: helper.sessionId,
    id: newId(),
    postId,
    helperId: helper.id,
    message,
    give: '',
    available: 'Saturday',
  });

describe('offers made at once', () => {
  it('writes them in one statement, each on its own terms', async () => {
    const helpers = await Promise.all(Array.from({ length: 9 }, () => person()));
    const ended = await person(new Date(Date.now() - 1000));
    const author = await person();
    const blocker = await person();
    await h.db.insertInto('blocks').values({ blockerId: blocker.id, blockedId: helpers[5]!.id }).execute();
    const [a1, a2, a3, a4, open1, open2, fulfilled, general, blockers, mine] = [
      await need(author.id),
      await need(author.id),
      await need(author.id),
      await need(author.id),
      await need(author.id),
      await need(author.id),
      await need(author.id, { status: 'fulfilled' }),
      await need(author.id, { kind: 'general', status: null }),
      await need(blocker.id),
      await need(helpers[8]!.id),
    ];

    const answers = await Promise.all([
      offer(helpers[0]!, a1!, 'alone'),
      offer(helpers[1]!, a2!, 'alone'),
      offer(helpers[2]!, a3!, 'alone'),
      offer(helpers[3]!, a4!, 'alone'),
      offer(helpers[4]!, open1!, 'I have a van'),
      offer(helpers[5]!, blockers!, 'blocked'),
      offer(ended, a1!, 'signed out'),
      offer(helpers[6]!, fulfilled!, 'too late'),
      offer(helpers[7]!, general!, 'not a need'),
      offer(helpers[8]!, mine!, 'my own'),
      offer(helpers[0]!, newId(), 'nothing there'),
      offer(helpers[1]!, open2!, 'I can row'),
    ]);

    const made = (i: number) => answers[i]!.id;
    expect(answers.map((a) => a.message)).toEqual([
      'alone',
      'alone',
      'alone',
      'alone',
      'I have a van',
      null,
      null,
      null,
      null,
      null,
      null,
      'I can row',
    ]);
    expect(answers[4]).toMatchObject({
      live: true,
      targetId: open1,
      status: 'pending',
      box: 'made',
      helperId: helpers[4]!.id,
      ownerId: author.id,
      postTitle: 'Boats',
    });
    expect(JSON.parse(answers[4]!.personCard!)).toMatchObject({ _id: author.id });
    expect(answers[5]).toMatchObject({ live: true, targetId: null });
    expect(answers[6]).toMatchObject({ live: false, id: null });
    expect(answers[7]).toMatchObject({ targetId: fulfilled, targetStatus: 'fulfilled', id: null });
    expect(answers[8]).toMatchObject({ targetId: general, targetKind: 'general', id: null });
    expect(answers[9]).toMatchObject({ targetId: mine, targetAuthorId: helpers[8]!.id, id: null });
    expect(answers[10]).toMatchObject({ live: true, targetId: null, id: null });
    const writers = async (ids: string[]) =>
      (
        await sql<{
          n: number;
        }>`select count(distinct xmin::text)::int as n from offers where id = any(${ids}::uuid[])`.execute(
          h.db,
        )
      ).rows[0]!.n;
    expect(await writers([made(4)!, made(11)!])).toBe(1);
    const counts = await h.db
      .selectFrom('posts')
      .select(['id', 'offerCount'])
      .where('id', 'in', [open1!, open2!, fulfilled!, blockers!])
      .orderBy('id')
      .execute();
    expect(Object.fromEntries(counts.map((c) => [c.id, c.offerCount]))).toEqual({
      [open1!]: 1,
      [open2!]: 1,
      [fulfilled!]: 0,
      [blockers!]: 0,
    });

    // A second offer by the same helper at once with others: the one-live-offer rule still holds.
    const again = await Promise.all([
      offer(helpers[0]!, a2!, 'x'),
      offer(helpers[1]!, a3!, 'x'),
      offer(helpers[2]!, a4!, 'x'),
      offer(helpers[3]!, a1!, 'x'),
      offer(helpers[4]!, open1!, 'Me again'),
      offer(helpers[6]!, open1!, 'Me too'),
    ]);
    expect(again[4]).toMatchObject({ targetId: open1, id: null });
    expect(again[5]).toMatchObject({ targetId: open1, message: 'Me too' });
  });
});
