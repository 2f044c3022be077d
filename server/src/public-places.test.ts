import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../test/helpers.js';
import { STREET_OR_LANDMARK, TYPED_PLACES } from '../test/typed-places.js';
import * as m0027 from './db/migrations/0027-public-places-city-level.js';
import { newId } from './platform/ids.js';

/*
 * Public places are city-level by construction (issue 31, item 3; decision 041), on every route
 * that shows a place to someone it does not belong to: a post's place (typed, picked with a point,
 * or picked from a geocoder with structured parts), a mission's place and text, a profile's
 * location and a collaboration request's. The owner (and, for posts and missions, those who may
 * pinpoint) still read exactly what was given.
 */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
type Person = Awaited<ReturnType<typeof signedInUser>>;
let owner: Person;
let stranger: Person;
let connection: Person;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  owner = await signedInUser(t, { firstName: 'Olu' });
  stranger = await signedInUser(t, { firstName: 'Sam' });
  connection = await signedInUser(t, { firstName: 'Co' });
  await t.db
    .insertInto('connections')
    .values([
      { userId: owner.user.id, otherId: connection.user.id },
      { userId: connection.user.id, otherId: owner.user.id },
    ])
    .execute();
});
afterAll(() => t.close());

async function ok(method: 'GET' | 'POST' | 'PATCH', url: string, who: Person, payload?: unknown) {
  const res = await api(method, url, who.cookie, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data;
}

// The places that hold a street, a number or a landmark (and a few plain ones, which must stay).
const CASES = TYPED_PLACES.filter(([typed], i) => STREET_OR_LANDMARK.test(typed) || i % 7 === 0);

describe('a place typed by hand, through the routes', () => {
  it(`tries ${CASES.length} of the table's places, most with a street or a landmark`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(CASES)('profile location %s → %s for everyone but its owner', async (typed, shown) => {
    const me = await ok('PATCH', '/users/me', owner, {
      firstName: 'Olu',
      lastName: 'Adeyemi',
      headline: '',
      bio: 'Hi',
      location: typed,
    });
    expect(me.location).toBe(typed);
    expect((await ok('GET', '/auth/me', owner)).location).toBe(typed);
    expect((await ok('GET', `/users/profile/${owner.user.username}`, owner)).location).toBe(typed);
    for (const viewer of [stranger, connection]) {
      const profile = await ok('GET', `/users/profile/${owner.user.username}`, viewer);
      expect(profile.location).toBe(shown);
      expect(profile.location).not.toMatch(STREET_OR_LANDMARK);
    }
  });

  it.each(CASES)(
    'collaboration request location %s → %s for everyone but its owner',
    async (typed, shown) => {
      const made = await ok('POST', '/collaboration', owner, {
        title: 'Drivers for the flood roster',
        description: 'Volunteer drivers with high-clearance vehicles.',
        category: 'emergency',
        location: typed,
      });
      expect(made.location).toBe(typed);
      expect((await ok('GET', `/collaboration/${made._id}`, owner)).location).toBe(typed);
      for (const viewer of [stranger, connection]) {
        expect((await ok('GET', `/collaboration/${made._id}`, viewer)).location).toBe(shown);
        const listed = (await api('GET', '/collaboration?limit=50', viewer.cookie)).json().data as Array<{
          _id: string;
          location: string;
        }>;
        expect(listed.find((r) => r._id === made._id)?.location).toBe(shown);
      }
      // An edit is reduced the same way.
      const edited = await ok('PATCH', `/collaboration/${made._id}`, owner, {
        location: `Behind the market, ${typed}`,
      });
      expect(edited.location).toBe(`Behind the market, ${typed}`);
      expect((await ok('GET', `/collaboration/${made._id}`, stranger)).location).toBe(shown);
    },
  );

  it.each(CASES)('hunt and mission place %s → %s for strangers', async (typed, shown) => {
    const hunt = await ok('POST', '/posts/create-hunt', owner, {
      huntType: 'product',
      title: 'A generator',
      location: typed,
    });
    expect(hunt.mapLocation).toEqual({ address: typed });
    expect((await ok('GET', `/posts/${hunt._id}`, stranger)).mapLocation).toMatchObject({
      address: shown,
      approximate: true,
    });

    const mission = await ok('POST', '/missions', owner, {
      title: 'Water points',
      type: 'collaboration',
      location: typed,
    });
    expect(mission.location).toBe(typed);
    expect((await ok('GET', `/missions/${mission._id}`, owner)).location).toBe(typed);
    expect((await ok('GET', `/missions/${mission._id}`, stranger)).location).toBe(shown);
  });
});

describe('a place picked with a point', () => {
  // [what the author gave, its point, what a stranger reads]
  const PICKED: Array<[string, [number, number], string]> = [
    ['Mango Ave. corner Gen. Maxilom, Cebu City', [123.9003, 10.3113], 'Cebu City, Cebu, Philippines'],
    ['Kalye Mabini 45, Tacloban City', [125.00434, 11.24435], 'Tacloban, Leyte, Philippines'],
    ['Via Roma 12, Roma', [12.4964, 41.9028], 'Rome, Lazio, Italy'],
    ['ул. Ленина 5, Новосибирск', [82.9204, 55.0302], 'Novosibirsk, Russia'],
    ['Near the old church', [-58.3816, -34.6037], 'Buenos Aires, Argentina'],
    ['Behind the market', [36.8219, -1.2921], 'Nairobi, Kenya'],
    ['Rue de Rivoli 12, 75001 Paris', [2.3522, 48.8566], 'Paris, Île-de-France, France'],
    ['Calle Mayor 10, Madrid', [-3.7038, 40.4168], 'Madrid, Spain'],
  ];

  it.each(PICKED)(
    '%s → %s on the post and the mission, exact for the owner',
    async (address, coordinates, shown) => {
      const given = { address, name: address.split(',')[0]!, coordinates, placeId: 'nominatim:1' };
      const post = await ok('POST', '/posts/create', owner, {
        kind: 'need',
        category: 'Shelter',
        content: 'Tarpaulins before the rain',
        mapLocation: given,
      });
      expect(post.mapLocation).toEqual(given);
      const seen = (await ok('GET', `/posts/${post._id}`, stranger)).mapLocation;
      expect(seen.address).toBe(shown);
      expect(seen.name).toBe(shown.split(', ')[0]);
      expect(`${seen.address} ${seen.name}`).not.toMatch(STREET_OR_LANDMARK);
      expect(seen.placeId).toBeUndefined();
      expect((await ok('GET', `/posts/${post._id}`, owner)).mapLocation).toEqual(given);

      const mission = await ok('POST', '/missions', owner, {
        title: 'Water points',
        type: 'collaboration',
        location: address,
        mapLocation: given,
      });
      const public_ = await ok('GET', `/missions/${mission._id}`, stranger);
      expect(public_.location).toBe(shown);
      expect(public_.mapLocation.address).toBe(shown);
      expect((await ok('GET', `/missions/${mission._id}`, owner)).location).toBe(address);
    },
  );
});

describe('a place picked from a geocoder that structures it', () => {
  let geocoder: http.Server;
  let withGeocoder: TestApp;
  beforeAll(async () => {
    geocoder = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([
          {
            place_id: 7,
            name: 'Mango Avenue',
            display_name: 'Mango Avenue, Barangay Kamputhaw, Cebu City, Central Visayas, 6000, Philippines',
            lat: '10.3113',
            lon: '123.9003',
            address: {
              road: 'Mango Avenue',
              quarter: 'Barangay Kamputhaw',
              city: 'Cebu City',
              state: 'Central Visayas',
              postcode: '6000',
              country: 'Philippines',
            },
          },
        ]),
      );
    });
    await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
    withGeocoder = await buildTestApp({
      env: { GEO_NOMINATIM_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}` },
    });
  });
  afterAll(async () => {
    await withGeocoder.close();
    await new Promise((r) => geocoder.close(r));
  });

  it("is shown from its city-level parts: the geocoder's locality, region and country", async () => {
    const call = apiCaller(withGeocoder);
    const author = await signedInUser(withGeocoder);
    const other = await signedInUser(withGeocoder);
    const found = await call('GET', '/geo/search?q=mango', author.cookie);
    expect(found.statusCode, found.body).toBe(200);
    const [place] = found.json().data;
    expect(place.parts).toEqual({ locality: 'Cebu City', region: 'Central Visayas', country: 'Philippines' });
    const post = await call('POST', '/posts/create', author.cookie, {
      kind: 'provision',
      category: 'Power',
      content: 'A 5 kW generator',
      mapLocation: place,
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json().data.mapLocation).toEqual(place);
    const seen = await call('GET', `/posts/${post.json().data._id}`, other.cookie);
    expect(seen.json().data.mapLocation).toEqual({
      address: 'Cebu City, Central Visayas, Philippines',
      name: 'Cebu City',
      coordinates: [123.9, 10.31],
      approximate: true,
    });
  });

  it('the offline gazetteer gives its city, province and country as parts', async () => {
    const found = await api('GET', '/geo/search?q=tacloban', owner.cookie);
    expect(found.json().data[0].parts).toEqual({
      locality: 'Tacloban',
      region: 'Leyte',
      country: 'Philippines',
    });
  });
});

describe('migration 0027', () => {
  it('rebuilds the public text of the places, profiles and requests already stored', async () => {
    const db = t.db as unknown as Kysely<unknown>;
    const typed = 'Mango Ave. corner Gen. Maxilom, Cebu City';
    const place = {
      address: typed,
      name: 'Mango Ave.',
      coordinates: [123.9003, 10.3113],
      placeId: 'nominatim:9',
    };
    const postId = newId();
    const missionId = newId();
    const requestId = newId();
    await m0027.down(db);
    // As 0020's rule left them: the street kept in the public text.
    await sql`update users set location = ${typed} where id = ${owner.user.id}`.execute(db);
    await sql`insert into collaboration_requests (id, user_id, category, title, description, location)
      values (${requestId}, ${owner.user.id}, 'emergency', 'Drivers', 'Drivers wanted', ${typed})`.execute(
      db,
    );
    await sql`insert into posts (id, author_id, kind, content, category, status, map_location, exact_location)
      values (${postId}, ${owner.user.id}, 'need', 'Tarpaulins', 'Shelter', 'open',
              ${JSON.stringify({ address: typed, coordinates: [123.9, 10.31], approximate: true })}::jsonb,
              ${JSON.stringify(place)}::jsonb)`.execute(db);
    await sql`insert into missions (id, owner_id, title, type, location, map_location, exact_location)
      values (${missionId}, ${owner.user.id}, 'Old mission', 'collaboration', ${typed},
              ${JSON.stringify({ address: typed, coordinates: [123.9, 10.31], approximate: true })}::jsonb,
              ${JSON.stringify({ location: typed, mapLocation: place })}::jsonb)`.execute(db);
    await sql`insert into mission_members (mission_id, user_id, role) values (${missionId}, ${owner.user.id}, 'owner')`.execute(
      db,
    );

    await m0027.up(db);
    const shown = 'Cebu City, Cebu, Philippines';
    expect((await ok('GET', `/users/profile/${owner.user.username}`, stranger)).location).toBe('Cebu City');
    expect((await ok('GET', `/users/profile/${owner.user.username}`, owner)).location).toBe(typed);
    expect((await ok('GET', `/collaboration/${requestId}`, stranger)).location).toBe('Cebu City');
    expect((await ok('GET', `/collaboration/${requestId}`, owner)).location).toBe(typed);
    const post = await ok('GET', `/posts/${postId}`, stranger);
    expect(post.mapLocation).toEqual({
      address: shown,
      name: 'Cebu City',
      coordinates: [123.9, 10.31],
      approximate: true,
    });
    const rendered = await t.db
      .selectFrom('posts')
      .select('rendered')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rendered.rendered).mapLocation.address).toBe(shown);
    expect((await ok('GET', `/posts/${postId}`, owner)).mapLocation).toEqual(place);
    const mission = await ok('GET', `/missions/${missionId}`, stranger);
    expect({ location: mission.location, address: mission.mapLocation.address }).toEqual({
      location: shown,
      address: shown,
    });
    expect((await ok('GET', `/missions/${missionId}`, owner)).location).toBe(typed);
  });
});
