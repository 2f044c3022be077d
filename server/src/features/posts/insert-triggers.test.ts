import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.js';
import { createTestDatabase } from '../../../test/helpers.js';
import type { DatabaseHandle } from '../../db/database.js';
import { newId } from '../../platform/ids.js';

// Migration 0025: the posts' insert triggers that act only on needs, wants and provisions run only
// for those (a WHEN clause; the lexicon's a row trigger), and still do what they did for them.
let t: DatabaseHandle;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

async function post(authorId: string, kind: string, category: string | null, expiresAt: Date | null = null) {
  const id = newId();
  await t.db
    .insertInto('posts')
    .values({ id, authorId, kind, content: `A ${kind}`, category, expiresAt })
    .execute();
  return await t.db
    .selectFrom('posts')
    .select(['expiresAt', 'rendered'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
const inLexicon = async (word: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from search_lexicon where word = ${word}`.execute(t.db))
    .rows[0]!.n === 1;

it('gives a need or want its default expiry (rendered too), keeps a chosen one, and leaves other posts without', async () => {
  const me = await buildUser(t.db);
  const need = await post(me.id, 'need', null);
  expect(need.expiresAt).toBeInstanceOf(Date);
  expect(need.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  expect(JSON.parse(need.rendered).expiresAt).toBe(need.expiresAt!.toISOString());
  expect((await post(me.id, 'want', null)).expiresAt).toBeInstanceOf(Date);
  const chosen = new Date(Date.now() + 3 * 86_400_000);
  expect((await post(me.id, 'need', null, chosen)).expiresAt).toEqual(chosen);
  expect((await post(me.id, 'general', null)).expiresAt).toBeNull();
  expect((await post(me.id, 'provision', null)).expiresAt).toBeNull();
});

it('adds the category words of needs, wants and provisions to the search lexicon, and of no other post', async () => {
  const me = await buildUser(t.db);
  await post(me.id, 'need', 'Quokka Ferries');
  await post(me.id, 'provision', 'Wombat');
  await post(me.id, 'general', 'Platypus');
  expect([
    await inLexicon('quokka'),
    await inLexicon('ferries'),
    await inLexicon('wombat'),
    await inLexicon('platypus'),
  ]).toEqual([true, true, true, false]);
});

it('runs neither trigger for a post it has nothing to do for', async () => {
  // The executor skips a trigger whose WHEN is false without calling its function; a statement
  // trigger has no WHEN and runs (with a transition table) for every insert.
  const { rows } = await sql<{ name: string; row: boolean; when: boolean }>`
    select tgname as name, (tgtype & 1) = 1 as row, pg_get_triggerdef(oid) ~ ' WHEN ' as when
    from pg_trigger where tgrelid = 'posts'::regclass and tgname in ('posts_need_expiry', 'search_lexicon_posts_insert')
    order by tgname`.execute(t.db);
  expect(rows).toEqual([
    { name: 'posts_need_expiry', row: true, when: true },
    { name: 'search_lexicon_posts_insert', row: true, when: true },
  ]);
});
