import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MISSION_PHOTO } from '@muster/contract/missions';
import type { AdvancedSearchResult, CategoryMatch } from '@muster/contract/search';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { searchCategoryGroups } from './search.queries.js';
import { searchTermsOf } from './search.service.js';

let t: TestApp;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName = 'Test', lastName = 'Person') => signedInUser(t, { firstName, lastName });

async function post(
  p: Person,
  body: {
    kind: 'need' | 'want' | 'provision' | 'general';
    category?: string;
    title?: string;
    content: string;
    mission?: { missionId: string; title: string };
  },
) {
  const res = await api('POST', '/posts/create', p.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function mission(owner: Person, title: string, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, { title, type: 'collaboration', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function search(p: Person, query: string, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams({
    query,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  });
  const res = await api('GET', `/users/advanced-search?${params}`, p.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AdvancedSearchResult;
}

const allPostIds = (groups: CategoryMatch[]) => groups.flatMap((g) => g.postIds);
const userIds = (r: AdvancedSearchResult) => r.users.map((u) => u._id);
const posterIds = (r: AdvancedSearchResult) =>
  [...r.needsMatches, ...r.provisionsMatches].flatMap((g) => g.users.map((u) => u._id));

async function block(blocker: Person, blocked: Person) {
  expect((await api('POST', `/users/${blocked.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
}

describe('the query', () => {
  it('turns words into a bound prefix tsquery and keeps hashtags only when there is a #', () => {
    expect(searchTermsOf("Drivers'; drop table posts -- volu")).toMatchObject({
      words: 'drivers & drop & table & posts & volu:*',
      tags: [],
    });
    expect(searchTermsOf('#FloodRelief vans #')).toMatchObject({
      words: 'floodrelief & vans:*',
      tags: ['floodrelief'],
    });
    // A hashtag at the end is a whole tag, not a prefix.
    expect(searchTermsOf('vans #FloodRelief')).toMatchObject({
      words: 'vans & floodrelief',
      tags: ['floodrelief'],
    });
    expect(searchTermsOf('!!!').words).toBeNull();
    expect(searchTermsOf('transprt van', new Map([['transprt', ['transport']]])).words).toBe(
      '(transprt | transport) & van:*',
    );
    expect(searchTermsOf('sheltr', new Map([['sheltr', ['shelter', 'shelters']]])).words).toBe(
      '(sheltr:* | shelter | shelters)',
    );
  });

  it('refuses an empty or whitespace query with field details (400), and strangers (401)', async () => {
    const me = await person();
    for (const q of ['', '   ']) {
      const res = await api('GET', `/users/advanced-search?query=${encodeURIComponent(q)}`, me.cookie);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('query');
    }
    expect((await api('GET', '/users/advanced-search', me.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/users/advanced-search?query=x', undefined)).statusCode).toBe(401);
  });

  it('answers a query of punctuation only with empty sections, never a 500', async () => {
    const me = await person();
    const r = await search(me, "'&|!:*()");
    expect(r).toMatchObject({ needsMatches: [], provisionsMatches: [], missionMatches: [] });
  });
});

describe('matching', () => {
  it('finds needs by a prefix, a typo and a stemmed word, grouped by category', async () => {
    const poster = await person('Kwame');
    const me = await person();
    const need = await post(poster, {
      kind: 'need',
      category: 'Helpers',
      title: 'Volunteer drivers',
      content: 'We need a driver for the clinic run',
    });
    for (const q of ['volu', 'volunter', 'drivers', 'driver', 'Volunteers']) {
      expect(allPostIds((await search(me, q)).needsMatches), q).toContain(need);
    }
  });

  it('forgives a typo in a category word or a hashtag in use, and learns a category from an edit', async () => {
    const poster = await person();
    const me = await person();
    const van = await post(poster, {
      kind: 'need',
      category: 'Wheelchair transport',
      title: 'A ride to dialysis',
      content: 'Tuesdays at 8',
    });
    const tagged = await post(poster, {
      kind: 'provision',
      category: 'Food',
      title: 'Soup kitchen',
      content: 'Hot soup for #quakerelief crews',
    });
    expect(allPostIds((await search(me, 'wheelchiar')).needsMatches), 'wheelchiar').toContain(van);
    expect(allPostIds((await search(me, 'transprt')).needsMatches), 'transprt').toContain(van);
    expect(allPostIds((await search(me, '#quakerelif')).provisionsMatches), '#quakerelif').toContain(tagged);
    // A word that is nobody's category or tag is taken as typed.
    expect((await search(me, 'zzyzxqua')).needsMatches).toEqual([]);
    expect(
      (await api('PATCH', `/posts/${van}`, poster.cookie, { category: 'Dialysis escort' })).statusCode,
    ).toBe(200);
    expect(allPostIds((await search(me, 'dialysys escourt')).needsMatches), 'after the edit').toContain(van);
  });

  it('groups needs and wants apart from provisions, by category case-folded, with counts, posters and previews', async () => {
    const [a, b, c] = [await person('Ada'), await person('Bea'), await person('Cy')];
    const me = await person();
    const n1 = await post(a, {
      kind: 'need',
      category: 'Quiltwork',
      title: 'Quilt frames',
      content: 'Quilt frames wanted',
    });
    const n2 = await post(b, {
      kind: 'want',
      category: 'quiltwork',
      title: 'Batting',
      content: 'Quilt batting please',
    });
    const n3 = await post(c, {
      kind: 'need',
      category: 'QUILTWORK',
      title: 'Thread',
      content: 'Quilt thread',
    });
    const p1 = await post(a, {
      kind: 'provision',
      category: 'Quiltwork',
      title: 'Spare quilt',
      content: 'I can give a quilt',
    });
    await post(a, { kind: 'general', content: 'A quilt show today' });
    const r = await search(me, 'quilt');
    expect(r.needsMatches).toHaveLength(1);
    const group = r.needsMatches[0]!;
    expect(group.category.toLowerCase()).toBe('quiltwork');
    expect(group.count).toBe(3);
    expect(new Set(group.postIds)).toEqual(new Set([n1, n2, n3]));
    expect(group.users.map((u) => u._id)).toEqual([c.user.id, b.user.id, a.user.id]);
    expect(group.posts).toHaveLength(3);
    expect(group.posts[0]).toMatchObject({
      excerpt: expect.any(String),
      author: { _id: expect.any(String) },
    });
    expect(r.provisionsMatches).toHaveLength(1);
    expect(r.provisionsMatches[0]).toMatchObject({ count: 1, postIds: [p1] });
  });

  it('counts hashtags only when the query holds one, and their posts match', async () => {
    const a = await person();
    const me = await person();
    const tagged = await post(a, {
      kind: 'provision',
      category: 'Boats',
      title: 'Canoe',
      content: 'A canoe for #zephyrtag trips',
    });
    await post(a, { kind: 'general', content: 'Also #zephyrtag' });
    const r = await search(me, '#zephyrtag');
    expect(r.hashtags).toEqual([{ name: 'zephyrtag', count: 2 }]);
    expect(allPostIds(r.provisionsMatches)).toContain(tagged);
    expect((await search(me, 'zephyrtag')).hashtags).toBeUndefined();
  });

  it('finds people by a name prefix or a typo, the exact name first', async () => {
    const me = await person();
    const close = await person('Marguerita', 'Quenby');
    const exact = await person('Margo', 'Quenby');
    expect(userIds(await search(me, 'Marguer'))).toContain(close.user.id);
    expect(userIds(await search(me, 'Quenbyy'))).toEqual(
      expect.arrayContaining([close.user.id, exact.user.id]),
    );
    expect(userIds(await search(me, 'Margo Quenby'))[0]).toBe(exact.user.id);
    expect(userIds(await search(me, exact.user.username))[0]).toBe(exact.user.id);
  });

  it('finds a person by a name with one letter dropped or two swapped, below exact names and names that start so', async () => {
    const me = await person();
    const adaeze = await person('Adaeze', 'Momodoma');
    const john = await person('John', 'Okonkwo');
    // Someone is called Jhon (a right spelling too), and someone's name starts with it.
    const jhon = await person('Jhon', 'Vargas');
    const jhonatan = await person('Jhonatan', 'Reyes');
    expect(userIds(await search(me, 'momdoma'))).toEqual([adaeze.user.id]);
    expect(userIds(await search(me, 'Momodma'))).toEqual([adaeze.user.id]);
    const found = userIds(await search(me, 'Jhon'));
    expect(found).toEqual(expect.arrayContaining([jhon.user.id, jhonatan.user.id, john.user.id]));
    expect(found.indexOf(john.user.id)).toBeGreaterThan(found.indexOf(jhon.user.id));
    expect(found.indexOf(john.user.id)).toBeGreaterThan(found.indexOf(jhonatan.user.id));
    // Two words, one mistyped: the respelt name is the closest.
    expect(userIds(await search(me, 'Jhon Okonkwo'))[0]).toBe(john.user.id);
    expect(userIds(await search(me, 'Jhon Vargas'))[0]).toBe(jhon.user.id);
  });

  it('respells names for nobody the viewer may not find: blocked either way, or hiding from search', async () => {
    const me = await person();
    const blocked = await person('Ngozi', 'Ekwuememe');
    const blocker = await person('Ngozi', 'Ekwuememe');
    const shy = await person('Ngozi', 'Ekwuememe');
    const open = await person('Ngozi', 'Ekwuememe');
    expect(userIds(await search(me, 'Ekwueme'))).toHaveLength(4);
    expect(userIds(await search(me, 'Ekwuemmee'))).toHaveLength(4);
    await block(me, blocked);
    await block(blocker, me);
    const privacy = {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: false,
    };
    expect((await api('PUT', '/users/me/privacy', shy.cookie, privacy)).statusCode).toBe(200);
    for (const q of ['Ekwuemmee', 'Ekwueeme', 'Ekuwememe'])
      expect(userIds(await search(me, q)), q).toEqual([open.user.id]);
  });

  it('counts the words of names in use, and forgets a word when the last name holding it changes or goes', async () => {
    const words = async () =>
      (
        await sql<{
          word: string;
          people: number;
        }>`select word, people from search_names where word like 'zorb%' order by word`.execute(t.db)
      ).rows.map((r) => `${r.word} ${r.people}`);
    const a = await person('Zorbalinde', 'Zorbafeld');
    const b = await person('Zorbalinde', 'Quist');
    expect(await words()).toEqual(['zorbafeld 1', 'zorbalinde 2']);
    const renamed = await api('PATCH', '/users/me', a.cookie, {
      firstName: 'Zorbalinde',
      lastName: 'Zorbaquell',
      headline: '',
      bio: '',
      location: '',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await words()).toEqual(['zorbalinde 2', 'zorbaquell 1']);
    expect(userIds(await search(b, 'Zorbaqell'))).toEqual([a.user.id]);
    await t.db.deleteFrom('users').where('id', '=', a.user.id).execute();
    expect(await words()).toEqual(['zorbalinde 1']);
    await t.db.deleteFrom('users').where('id', '=', b.user.id).execute();
    expect(await words()).toEqual([]);
  });

  it('finds posts and missions by a long number among the words, though no name or title is then matched by likeness', async () => {
    const owner = await person();
    const me = await person();
    const id = await mission(owner, 'Route 66204 water relay');
    const need = await post(owner, {
      kind: 'need',
      category: 'Pumps',
      title: 'Pump 66204',
      content: 'Spare parts for pump 66204',
    });
    expect((await search(me, 'relay 66204')).missionMatches.map((m) => m._id)).toEqual([id]);
    expect(allPostIds((await search(me, 'pump 66204')).needsMatches)).toEqual([need]);
    // A title typo beside a long number is not forgiven (it would be by itself: see below).
    expect((await search(me, 'relya 66204')).missionMatches).toEqual([]);
  });

  it('finds missions by words and title typos, with the default photo', async () => {
    const owner = await person();
    const me = await person();
    const id = await mission(owner, 'Riverbank restoration');
    const r = await search(me, 'restorations');
    expect(r.missionMatches).toContainEqual({
      _id: id,
      title: 'Riverbank restoration',
      photo: DEFAULT_MISSION_PHOTO,
      type: 'collaboration',
      partnersCount: 0,
      collaboratorsCount: 0,
    });
    expect((await search(me, 'Riverbnk')).missionMatches.map((m) => m._id)).toContain(id);
    const hidden = await mission(owner, 'Riverbank members only', { visibility: 'members' });
    expect((await search(me, 'riverbank')).missionMatches.map((m) => m._id)).not.toContain(hidden);
  });
});

describe('plans and shared answers', () => {
  it('finds the same posts whether the query is taken as common (a walk) or rare (the GIN index)', async () => {
    const a = await person();
    const me = await person();
    await post(a, {
      kind: 'need',
      category: 'Harps',
      title: 'Harp strings',
      content: 'Strings for a harp #harpfix',
    });
    await post(a, { kind: 'want', category: 'Harps', title: 'Harp tuner', content: 'A tuner' });
    const terms = searchTermsOf('harp #harpfix');
    const w = { limit: 20, offset: 0 };
    const walk = await searchCategoryGroups(t.db, me.user.id, 'needs', terms, w, undefined, true);
    const index = await searchCategoryGroups(t.db, me.user.id, 'needs', terms, w, undefined, false);
    expect(JSON.parse(walk.items)).toHaveLength(1);
    expect(walk).toEqual(index);
  });

  it('gives a viewer their own members-only mission and their own posts, though others share an answer', async () => {
    const owner = await person();
    const other = await person();
    const hidden = await mission(owner, 'Glassblowing guild', { visibility: 'members' });
    expect((await search(other, 'glassblowing')).missionMatches).toEqual([]);
    expect((await search(owner, 'glassblowing')).missionMatches.map((m) => m._id)).toEqual([hidden]);
    const privacy = {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: false,
    };
    const shy = await person();
    const mine = await post(shy, {
      kind: 'need',
      category: 'Glass',
      title: 'Glassblowing pipe',
      content: 'A blowpipe',
    });
    expect((await api('PUT', '/users/me/privacy', shy.cookie, privacy)).statusCode).toBe(200);
    expect(allPostIds((await search(other, 'glassblowing')).needsMatches)).not.toContain(mine);
    expect(allPostIds((await search(shy, 'glassblowing')).needsMatches)).toContain(mine);
  });
});

describe('ranking', () => {
  it('puts open needs above fulfilled ones, and an exact title first', async () => {
    const a = await person();
    const me = await person();
    const closed = await post(a, {
      kind: 'need',
      category: 'Ladders',
      title: 'Tall ladder',
      content: 'Tall ladder for the roof',
    });
    const open = await post(a, {
      kind: 'need',
      category: 'Ladders',
      title: 'A ladder',
      content: 'Any ladder',
    });
    await t.db.updateTable('posts').set({ status: 'fulfilled' }).where('id', '=', closed).execute();
    const group = (await search(me, 'ladder')).needsMatches.find((g) => g.category === 'Ladders')!;
    expect(group.postIds).toEqual([open, closed]);
    const exact = (await search(me, 'Tall ladder')).needsMatches.find((g) => g.category === 'Ladders')!;
    expect(exact.postIds[0]).toBe(closed);
  });
});

describe('privacy and blocks', () => {
  it('never shows someone who chose not to appear in search, as a person or a poster', async () => {
    const shy = await person('Xanthippe', 'Shy');
    const me = await person();
    await post(shy, { kind: 'need', category: 'Kilns', title: 'Kiln', content: 'A pottery kiln' });
    expect(userIds(await search(me, 'Xanthippe'))).toContain(shy.user.id);
    const privacy = {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: false,
    };
    expect((await api('PUT', '/users/me/privacy', shy.cookie, privacy)).statusCode).toBe(200);
    expect(userIds(await search(me, 'Xanthippe'))).not.toContain(shy.user.id);
    expect(posterIds(await search(me, 'kiln'))).not.toContain(shy.user.id);
  });

  it('never shows anyone blocked either way: as a person, a poster or a mission owner', async () => {
    const me = await person();
    const blocked = await person('Ophelion', 'Blocked');
    const blocker = await person('Ophelion', 'Blocker');
    for (const p of [blocked, blocker]) {
      await post(p, {
        kind: 'provision',
        category: 'Looms',
        title: 'Ophelion loom',
        content: 'A weaving loom',
      });
      await mission(p, 'Ophelion weaving circle');
    }
    const before = await search(me, 'Ophelion');
    expect(userIds(before)).toEqual(expect.arrayContaining([blocked.user.id, blocker.user.id]));
    expect(before.missionMatches).toHaveLength(2);
    await block(me, blocked);
    await block(blocker, me);
    const after = await search(me, 'Ophelion');
    expect(userIds(after)).toEqual([]);
    expect(posterIds(after)).toEqual([]);
    expect(after.missionMatches).toEqual([]);
    expect((await search(me, 'loom')).provisionsMatches).toEqual([]);
  });
});

describe('the titles a group shows', () => {
  it("carries each group's best posts, titles first in rank order, and never one the viewer may not see", async () => {
    const me = await person();
    const other = await person();
    const [poster, blocked, blocker, shy, owner] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const need = (p: Person, title: string) =>
      post(p, { kind: 'need', category: 'Power', title, content: 'Power is out since the storm' });
    const best = await need(poster, 'Generator');
    const fuel = await need(poster, 'Diesel for the generator at the health desk');
    await need(blocked, 'Generator behind a block');
    await need(blocker, 'Generator of a blocker');
    await need(shy, 'Generator kept from search');
    // A members-only mission's update is for its members alone (decision 040), whatever it says.
    const depot = await mission(owner, 'Quiet depot', { visibility: 'members' });
    await post(owner, {
      kind: 'need',
      category: 'Power',
      title: 'Generator at the quiet depot',
      content: 'Update: the generator at the depot is ours',
      mission: { missionId: depot, title: 'Quiet depot' },
    });
    await block(me, blocked);
    await block(blocker, me);
    const privacy = {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: false,
    };
    expect((await api('PUT', '/users/me/privacy', shy.cookie, privacy)).statusCode).toBe(200);

    const titles = (r: AdvancedSearchResult) =>
      r.needsMatches.find((g) => g.category === 'Power')?.posts.map((p) => p.title) ?? [];
    // Someone else asks first, so the answer shared for a few seconds holds the blocked people's posts.
    const theirs = await search(other, 'generator');
    expect(titles(theirs)).toEqual(
      expect.arrayContaining(['Generator behind a block', 'Generator of a blocker']),
    );
    const mine = await search(me, 'generator');
    const group = mine.needsMatches.find((g) => g.category === 'Power')!;
    expect(group.posts.map((p) => p.title)).toEqual([
      'Generator',
      'Diesel for the generator at the health desk',
    ]);
    expect(group.posts.map((p) => p._id)).toEqual([best, fuel]);
    expect(group.postIds).toEqual([best, fuel]);
    for (const hidden of ['behind a block', 'of a blocker', 'kept from search', 'quiet depot'])
      expect(JSON.stringify(mine)).not.toContain(hidden);
    for (const hidden of ['kept from search', 'quiet depot'])
      expect(JSON.stringify(theirs)).not.toContain(hidden);
  });
});

describe('paging and narrowing', () => {
  it('pages each section by limit, and narrows to one section and one category', async () => {
    const me = await person();
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await person('Pagewell', `Number${i}`));
    const first = await search(me, 'Pagewell', { limit: 2 });
    const second = await search(me, 'Pagewell', { limit: 2, page: 2 });
    expect(first.users).toHaveLength(2);
    expect(second.users).toHaveLength(1);
    expect(new Set([...userIds(first), ...userIds(second)])).toEqual(new Set(people.map((p) => p.user.id)));

    const a = people[0]!;
    await post(a, { kind: 'need', category: 'Pagewell A', title: 'Pagewell one', content: 'first' });
    await post(a, { kind: 'need', category: 'Pagewell B', title: 'Pagewell two', content: 'second' });
    const onlyNeeds = await search(me, 'Pagewell', { section: 'needs' });
    expect(onlyNeeds.users).toEqual([]);
    expect(onlyNeeds.needsMatches).toHaveLength(2);
    const oneCategory = await search(me, 'Pagewell', { section: 'needs', category: 'pagewell b' });
    expect(oneCategory.needsMatches.map((g) => g.category)).toEqual(['Pagewell B']);
  });
});

describe('near me (issue 37)', () => {
  // Places on the public 0.01° grid (decision 022), written straight to the rows: a post's place
  // comes from the gazetteer in the app, and what is tested here is the circle, not the geocoder.
  const placeAt = async (table: 'posts' | 'missions', id: string, lon: number, lat: number) =>
    sql`update ${sql.table(table)} set map_location = ${JSON.stringify({ type: 'Point', coordinates: [lon, lat], approximate: true })}::jsonb
      where id = ${id}`.execute(t.db);
  const near = (lat: number, lon: number, radiusKm?: number) => ({
    lat,
    lon,
    ...(radiusKm === undefined ? {} : { radiusKm }),
  });

  it('narrows needs, provisions and missions to the circle: inside, outside, the edge, and no place', async () => {
    const a = await person();
    const me = await person();
    const body = (title: string) => ({
      kind: 'need' as const,
      category: 'Pumps',
      title,
      content: 'A quernpump',
    });
    const inside = await post(a, body('Quernpump in town'));
    const north = await post(a, body('Quernpump up north'));
    const far = await post(a, body('Quernpump far away'));
    const nowhere = await post(a, body('Quernpump with no place'));
    const offer = await post(a, {
      kind: 'provision',
      category: 'Pumps',
      title: 'Spare quernpump',
      content: 'x',
    });
    const site = await mission(a, 'Quernpump depot');
    // Centre 10.30 N 123.90 E (Cebu). 0.10° of latitude north is 11.12 km (11.1195) on the sphere.
    await placeAt('posts', inside, 123.91, 10.31);
    await placeAt('posts', north, 123.9, 10.4);
    await placeAt('posts', far, 124.9, 11.3);
    await placeAt('posts', offer, 123.89, 10.29);
    await placeAt('missions', site, 123.92, 10.3);

    const all = await search(me, 'quernpump');
    expect(allPostIds(all.needsMatches).sort()).toEqual([inside, north, far, nowhere].sort());

    const within = await search(me, 'quernpump', near(10.3, 123.9, 11.12));
    expect(allPostIds(within.needsMatches).sort()).toEqual([inside, north].sort());
    expect(allPostIds(within.provisionsMatches)).toEqual([offer]);
    expect(within.missionMatches.map((m) => m._id)).toEqual([site]);
    // Just short of the northern one: out, though it is inside the box around the circle.
    const short = await search(me, 'quernpump', near(10.3, 123.9, 11.11));
    expect(allPostIds(short.needsMatches)).toEqual([inside]);
    // The default radius (25 km) reaches neither the far one nor, ever, one with no place.
    const byDefault = await search(me, 'quernpump', near(10.3, 123.9));
    expect(allPostIds(byDefault.needsMatches).sort()).toEqual([inside, north].sort());
    // Far from everything: nothing, and people are not narrowed by a circle.
    const empty = await search(me, 'quernpump', near(-33.87, 151.21, 5));
    expect(empty.needsMatches).toEqual([]);
    expect(empty.missionMatches).toEqual([]);
    const named = await search(me, a.user.firstName, near(-33.87, 151.21, 5));
    expect(userIds(named)).toContain(a.user.id);
  });

  it('finds a place across the antimeridian and near a pole', async () => {
    const a = await person();
    const me = await person();
    const east = await post(a, { kind: 'need', category: 'Boats', title: 'Vorbdinghy east', content: 'x' });
    const west = await post(a, { kind: 'need', category: 'Boats', title: 'Vorbdinghy west', content: 'x' });
    const polar = await post(a, { kind: 'need', category: 'Boats', title: 'Vorbdinghy polar', content: 'x' });
    await placeAt('posts', east, 179.99, -16.5);
    await placeAt('posts', west, -179.99, -16.5);
    await placeAt('posts', polar, 40, 89.95);
    const fiji = await search(me, 'vorbdinghy', near(-16.5, 179.95, 20));
    expect(allPostIds(fiji.needsMatches).sort()).toEqual([east, west].sort());
    // 89.95 N, 40 E is ~11 km from 89.95 N, 140 E across the pole.
    const pole = await search(me, 'vorbdinghy', near(89.95, 140, 20));
    expect(allPostIds(pole.needsMatches)).toEqual([polar]);
  });

  it('refuses half a centre, a radius without one and a radius past the largest, with field details (400)', async () => {
    const me = await person();
    for (const [query, path] of [
      ['query=x&lat=10', 'lon'],
      ['query=x&lon=10', 'lat'],
      ['query=x&radiusKm=5', 'radiusKm'],
      ['query=x&lat=10&lon=123&radiusKm=501', 'radiusKm'],
      ['query=x&lat=91&lon=123', 'lat'],
      ['query=x&lat=ten&lon=123', 'lat'],
    ] as const) {
      const res = await api('GET', `/users/advanced-search?${query}`, me.cookie);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(path);
    }
  });
});

describe("a viewer's kept standing (decision 081)", () => {
  it('never serves a shared answer naming someone just blocked, either way, nor one of a newly suspended person', async () => {
    const a = await person('Yarrowby', 'Poster');
    const me = await person();
    const need = await post(a, { kind: 'need', category: 'Tools', title: 'Yarrowwrench', content: 'x' });
    // The shared answer names A, and my standing is now kept.
    expect(allPostIds((await search(me, 'yarrowwrench')).needsMatches)).toEqual([need]);
    await block(a, me);
    // At once: the same shared answer no longer fits me.
    expect((await search(me, 'yarrowwrench')).needsMatches).toEqual([]);
    expect(userIds(await search(me, 'yarrowby'))).not.toContain(a.user.id);

    const b = await person('Yarrowcliff', 'Poster');
    const other = await post(b, { kind: 'need', category: 'Tools', title: 'Yarrowhammer', content: 'x' });
    expect(allPostIds((await search(me, 'yarrowhammer')).needsMatches)).toEqual([other]);
    await block(me, b);
    expect((await search(me, 'yarrowhammer')).needsMatches).toEqual([]);
  });
});
