import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import * as m0020 from '../../db/migrations/0020-approximate-places.js';
import { newId } from '../../platform/ids.js';

/*
 * Approximate places (issue 16, decision 022): a post's exact place is for its author, a helper
 * whose offer was accepted and, on a mission update, the mission's members; everyone else gets it
 * about 1 km wide and without the street — on every route that carries a post.
 */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName: string) => signedInUser(t, { firstName });

const HOME = {
  address: '12 Rizal Street, Tacloban City, Leyte, Philippines',
  name: 'Rizal Street',
  coordinates: [125.00434, 11.24435] as [number, number],
  placeId: 'nominatim:4242',
};
const EXACT = HOME;
// City-level by construction (decision 041): the gazetteer city nearest the rounded point.
const APPROXIMATE = {
  address: 'Tacloban, Leyte, Philippines',
  name: 'Tacloban',
  coordinates: [125, 11.24],
  approximate: true,
};

let author: Person;
let stranger: Person;
let connection: Person;
let accepted: Person;
let pending: Person;
let declined: Person;
let needId: string;

async function connect(a: Person, b: Person) {
  expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(200);
  expect((await api('POST', `/connections/${a.user.id}`, b.cookie)).statusCode).toBe(200);
}

async function offer(helper: Person, postId: string) {
  const res = await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'I can bring it over' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

type Shown = { _id: string; mapLocation: unknown };

/** The post's place in a response holding it (a post, or a page of them). */
function placeIn(body: { data: Shown | Shown[] }, postId: string) {
  const posts = Array.isArray(body.data) ? body.data : [body.data];
  const post = posts.find((p) => p._id === postId);
  expect(post, `post ${postId} is in the response`).toBeDefined();
  return post!.mapLocation;
}

async function get(url: string, who: Person) {
  const res = await api('GET', url, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Shown | Shown[] };
}

beforeAll(async () => {
  author = await person('Ana');
  stranger = await person('Sam');
  connection = await person('Cora');
  accepted = await person('Hugo');
  pending = await person('Pia');
  declined = await person('Dan');
  // The accepted helper and a mere connection both see the author's posts in their network.
  await connect(author, connection);
  await connect(author, accepted);
  const res = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Medicine',
    title: 'Insulin in Tacloban',
    content: 'Insulin needed for my father 🚨 #taclobanrelief',
    emergencyEmoji: '🚨',
    mapLocation: HOME,
  });
  expect(res.statusCode, res.body).toBe(200);
  needId = res.json().data._id;
  // Its author, who just wrote it, gets it back exact.
  expect(res.json().data.mapLocation).toEqual(EXACT);

  const accept = await offer(accepted, needId);
  expect((await api('PUT', `/offers/${accept}/accept`, author.cookie)).statusCode).toBe(200);
  await offer(pending, needId);
  const decline = await offer(declined, needId);
  expect((await api('PUT', `/offers/${decline}/decline`, author.cookie)).statusCode).toBe(200);
  for (const who of [author, stranger, connection, accepted, pending, declined]) {
    expect((await api('POST', `/posts/${needId}/save`, who.cookie)).statusCode).toBe(200);
  }
});

describe('a need’s place on every route that carries it', () => {
  const viewers = () =>
    [
      ['its author', author, EXACT],
      ['an accepted helper', accepted, EXACT],
      ['a stranger', stranger, APPROXIMATE],
      ['a connection', connection, APPROXIMATE],
      ['a helper whose offer is pending', pending, APPROXIMATE],
      ['a helper whose offer was declined', declined, APPROXIMATE],
    ] as const;
  const routes = () =>
    [
      ['the post', `/posts/${needId}`],
      ['the home feed', '/posts/feed'],
      ['the needs feed (shared newest page)', '/posts/feed?kind=need'],
      ['the hashtag', '/posts/hashtag/taclobanrelief'],
      ['the author’s posts', `/posts/user/${author.user.username}`],
      ['the author’s needs and provisions', `/posts/user/${author.user.username}?kind=needs`],
      ['my saved posts', '/posts/saved'],
      ['the emergency board', '/posts/emergency'],
    ] as const;

  it('is exact for its author and an accepted helper, approximate for everyone else', async () => {
    for (const [route, url] of routes()) {
      for (const [who, viewer, expected] of viewers()) {
        expect(placeIn(await get(url, viewer), needId), `${route}, seen by ${who}`).toEqual(expected);
      }
    }
  });

  it('is the same in the post a like or a save answers with', async () => {
    for (const [who, viewer, expected] of viewers()) {
      const liked = await api('POST', `/posts/${needId}/like`, viewer.cookie);
      expect(liked.statusCode).toBe(200);
      expect(placeIn(liked.json(), needId), `liked by ${who}`).toEqual(expected);
      const saved = await api('POST', `/posts/${needId}/save`, viewer.cookie);
      expect(placeIn(saved.json(), needId), `saved by ${who}`).toEqual(expected);
    }
  });

  it('is stored twice: the public place approximate (and rendered so), the exact one apart', async () => {
    const row = await t.db
      .selectFrom('posts')
      .select(['mapLocation', 'exactLocation', 'rendered'])
      .where('id', '=', needId)
      .executeTakeFirstOrThrow();
    expect(row.mapLocation).toEqual(APPROXIMATE);
    expect(row.exactLocation).toEqual(EXACT);
    expect(row.rendered).not.toContain('Rizal');
    expect(row.rendered).not.toContain('125.00434');
  });

  it('never reaches search, matches or the stranger’s answers in any form', async () => {
    const search = await api('GET', '/users/advanced-search?query=insulin', stranger.cookie);
    expect(search.statusCode).toBe(200);
    expect(
      search.json().data.needsMatches.flatMap((g: { posts: Shown[] }) => g.posts.map((p) => p._id)),
    ).toContain(needId);
    const bodies = [search.body, (await api('GET', '/matches', stranger.cookie)).body];
    for (const url of [`/posts/${needId}`, '/posts/feed', '/posts/feed?kind=need', '/posts/emergency'])
      bodies.push((await api('GET', url, stranger.cookie)).body);
    for (const body of bodies) {
      expect(body).not.toContain('Rizal');
      expect(body).not.toContain('125.00434');
      expect(body).not.toContain('nominatim:4242');
    }
  });

  it('becomes exact for a helper the moment their offer is accepted, not before', async () => {
    const late = await person('Lee');
    await connect(author, late);
    const offerId = await offer(late, needId);
    expect(placeIn(await get(`/posts/${needId}`, late), needId)).toEqual(APPROXIMATE);
    expect(placeIn(await get('/posts/feed', late), needId)).toEqual(APPROXIMATE);
    expect((await api('PUT', `/offers/${offerId}/accept`, author.cookie)).statusCode).toBe(200);
    expect(placeIn(await get(`/posts/${needId}`, late), needId)).toEqual(EXACT);
    // The home feed's shared post texts are the same for everyone: the exact place is the viewer's own.
    expect(placeIn(await get('/posts/feed', late), needId)).toEqual(EXACT);
  });
});

describe('places without a street, hunts, and posts without a place', () => {
  it('a hunt’s typed location loses its street for others and keeps it for its author', async () => {
    const res = await api('POST', '/posts/create-hunt', author.cookie, {
      huntType: 'product',
      title: 'A generator',
      location: '5 Osmeña Blvd, Cebu City',
    });
    expect(res.statusCode, res.body).toBe(200);
    const hunt = res.json().data;
    expect(hunt.mapLocation).toEqual({ address: '5 Osmeña Blvd, Cebu City' });
    // Typed by hand, no point: only the gazetteer's names in it (decision 041).
    expect(placeIn(await get(`/posts/${hunt._id}`, stranger), hunt._id)).toEqual({
      address: 'Cebu City',
      approximate: true,
    });
    expect(placeIn(await get('/posts/feed?kind=hunt', stranger), hunt._id)).toEqual({
      address: 'Cebu City',
      approximate: true,
    });
    expect(placeIn(await get('/posts/feed?kind=hunt', author), hunt._id)).toEqual({
      address: '5 Osmeña Blvd, Cebu City',
    });
  });

  it('a city-level place keeps its name for everyone, on the ~1 km grid', async () => {
    const cebu = {
      address: 'Cebu City, Central Visayas, Philippines',
      name: 'Cebu City',
      coordinates: [123.89071, 10.31672] as [number, number],
      placeId: 'gazetteer:PH:Cebu City:Central Visayas',
    };
    const res = await api('POST', '/posts/create', author.cookie, {
      kind: 'provision',
      category: 'Power',
      title: 'Generator available, Cebu',
      content: 'A 5 kW generator',
      mapLocation: cebu,
    });
    const id = res.json().data._id;
    expect(res.json().data.mapLocation).toEqual(cebu);
    expect(placeIn(await get(`/posts/${id}`, stranger), id)).toEqual({
      address: 'Cebu City, Cebu, Philippines',
      name: 'Cebu City',
      coordinates: [123.89, 10.32],
      approximate: true,
    });
  });

  it('a post without a place has none for anyone', async () => {
    const res = await api('POST', '/posts/create', author.cookie, {
      kind: 'general',
      content: 'Thank you all',
    });
    const id = res.json().data._id;
    for (const viewer of [author, stranger, accepted])
      expect(placeIn(await get(`/posts/${id}`, viewer), id)).toBeNull();
    expect(
      await t.db
        .selectFrom('posts')
        .select(['mapLocation', 'exactLocation'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ mapLocation: null, exactLocation: null });
  });

  it('refuses to store a public place that is not approximate', async () => {
    const id = needId;
    await expect(
      t.db
        .updateTable('posts')
        .set({ mapLocation: JSON.stringify(EXACT) })
        .where('id', '=', id)
        .execute(),
    ).rejects.toThrow(/posts_place_approximate/);
  });
});

describe('a mission update’s place', () => {
  it('is exact for the mission’s members, approximate for others, in the post and the mission’s updates', async () => {
    const owner = await person('Ola');
    const member = await person('Mo');
    const outsider = await person('Nia');
    const mission = await api('POST', '/missions', owner.cookie, {
      title: 'Tacloban water points',
      type: 'collaboration',
    });
    const missionId = mission.json().data._id;
    expect(
      (await api('POST', `/missions/${missionId}/join`, member.cookie, { role: 'collaborator' })).statusCode,
    ).toBe(200);
    const request = await t.db
      .selectFrom('missionJoinRequests')
      .select('id')
      .where('missionId', '=', missionId)
      .executeTakeFirstOrThrow();
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${request.id}/approve`, owner.cookie))
        .statusCode,
    ).toBe(200);

    const res = await api('POST', '/posts/create', owner.cookie, {
      kind: 'general',
      content: 'Water point 3 is running at the chapel',
      mission: { title: 'Tacloban water points', missionId },
      mapLocation: HOME,
    });
    expect(res.statusCode, res.body).toBe(200);
    const update = res.json().data;
    expect(update.kind).toBe('mission_update');
    for (const [who, viewer, expected] of [
      ['its author', owner, EXACT],
      ['a member', member, EXACT],
      ['someone outside', outsider, APPROXIMATE],
    ] as const) {
      expect(
        placeIn(await get(`/posts/${update._id}`, viewer), update._id),
        `the update, seen by ${who}`,
      ).toEqual(expected);
      expect(
        placeIn(await get(`/missions/${missionId}/updates`, viewer), update._id),
        `the updates, seen by ${who}`,
      ).toEqual(expected);
    }
    // A member hears of updates in their home feed (the network head's shared texts).
    expect(placeIn(await get('/posts/feed', member), update._id)).toEqual(EXACT);
    // Leaving the mission leaves its exact places behind.
    expect((await api('DELETE', `/missions/${missionId}/members/me`, member.cookie)).statusCode).toBeLessThan(
      300,
    );
    expect(placeIn(await get(`/posts/${update._id}`, member), update._id)).toEqual(APPROXIMATE);
  });
});

describe('migration 0020', () => {
  it('moves the places already stored to exact_location and leaves the public ones approximate, rendered again', async () => {
    const owner = await person('Old');
    const db = t.db as unknown as Kysely<unknown>;
    await m0020.down(db);
    const postId = newId();
    const missionId = newId();
    await sql`insert into posts (id, author_id, kind, content, category, status, map_location)
      values (${postId}, ${owner.user.id}, 'need', 'Tarpaulins before the rain', 'Shelter', 'open', ${JSON.stringify(HOME)}::jsonb)`.execute(
      db,
    );
    await sql`insert into missions (id, owner_id, title, type, location, map_location)
      values (${missionId}, ${owner.user.id}, 'Old mission', 'collaboration', ${HOME.address}, ${JSON.stringify(HOME)}::jsonb)`.execute(
      db,
    );
    await sql`insert into mission_members (mission_id, user_id, role) values (${missionId}, ${owner.user.id}, 'owner')`.execute(
      db,
    );

    await m0020.up(db);
    const post = await t.db
      .selectFrom('posts')
      .select(['mapLocation', 'exactLocation', 'rendered'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(post).toMatchObject({ mapLocation: APPROXIMATE, exactLocation: EXACT });
    expect(JSON.parse(post.rendered).mapLocation).toEqual(APPROXIMATE);
    const mission = await t.db
      .selectFrom('missions')
      .select(['location', 'mapLocation', 'exactLocation'])
      .where('id', '=', missionId)
      .executeTakeFirstOrThrow();
    expect(mission).toEqual({
      location: APPROXIMATE.address,
      mapLocation: APPROXIMATE,
      exactLocation: { location: HOME.address, mapLocation: HOME },
    });
    // What the routes answer from migrated rows.
    expect(placeIn(await get(`/posts/${postId}`, stranger), postId)).toEqual(APPROXIMATE);
    expect(placeIn(await get(`/posts/${postId}`, owner), postId)).toEqual(EXACT);
    expect((await get(`/missions/${missionId}`, stranger)).data).toMatchObject({
      location: APPROXIMATE.address,
      mapLocation: APPROXIMATE,
    });
  });
});
