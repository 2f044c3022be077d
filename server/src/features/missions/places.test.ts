import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/*
 * Approximate places (issue 16, decision 022): a mission's exact place and location text are for
 * its members (the owner included); everyone else gets the place about 1 km wide and the text
 * without the street, on the mission's page and in every list of missions.
 */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;

const HALL = {
  address: '5 Osmeña Boulevard, Cebu City, Central Visayas, Philippines',
  name: 'Barangay Hall',
  coordinates: [123.89421, 10.30188] as [number, number],
  placeId: 'nominatim:777',
};
const EXACT = { location: HALL.address, mapLocation: HALL };
// City-level by construction (decision 041): the gazetteer city nearest the rounded point.
const APPROXIMATE = {
  location: 'Cebu City, Cebu, Philippines',
  mapLocation: {
    address: 'Cebu City, Cebu, Philippines',
    name: 'Cebu City',
    coordinates: [123.89, 10.3],
    approximate: true,
  },
};

let owner: Person;
let member: Person;
let follower: Person;
let stranger: Person;
let missionId: string;

async function get(url: string, who: Person) {
  const res = await api('GET', url, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const placeOf = (m: { location: string; mapLocation?: unknown }) => ({
  location: m.location,
  mapLocation: m.mapLocation,
});

/** The mission's card in a list: its location text only. */
async function listedLocation(url: string, who: Person) {
  const { data } = (await get(url, who)) as { data: Array<{ _id: string; location: string }> };
  const card = data.find((m) => m._id === missionId);
  expect(card, `${url} lists the mission`).toBeDefined();
  return card!.location;
}

beforeAll(async () => {
  owner = await signedInUser(t, { firstName: 'Ola' });
  member = await signedInUser(t, { firstName: 'Mo' });
  follower = await signedInUser(t, { firstName: 'Fe' });
  stranger = await signedInUser(t, { firstName: 'Sam' });
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'Cebu generator pool',
    type: 'collaboration',
    category: 'Power',
    location: HALL.address,
    mapLocation: HALL,
  });
  expect(res.statusCode, res.body).toBe(200);
  missionId = res.json().data._id;
  // Its owner gets back what they gave.
  expect(placeOf(res.json().data)).toEqual(EXACT);
  expect(
    (await api('POST', `/missions/${missionId}/join`, member.cookie, { role: 'partner' })).statusCode,
  ).toBe(200);
  const request = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .executeTakeFirstOrThrow();
  expect(
    (await api('PUT', `/missions/${missionId}/join-requests/${request.id}/approve`, owner.cookie)).statusCode,
  ).toBe(200);
  expect((await api('POST', `/missions/${missionId}/follow`, follower.cookie)).statusCode).toBe(200);
});

describe('a mission’s place', () => {
  it('is exact on its page for its owner and members, approximate for a follower and a stranger', async () => {
    for (const [who, viewer, expected] of [
      ['its owner', owner, EXACT],
      ['a member', member, EXACT],
      ['a follower', follower, APPROXIMATE],
      ['a stranger', stranger, APPROXIMATE],
    ] as const) {
      expect(placeOf((await get(`/missions/${missionId}`, viewer)).data), `the page, seen by ${who}`).toEqual(
        expected,
      );
    }
  });

  it('is the same in every list of missions', async () => {
    expect(await listedLocation('/missions', owner)).toBe(EXACT.location);
    expect(await listedLocation('/missions', member)).toBe(EXACT.location);
    expect(await listedLocation('/missions/mine', member)).toBe(EXACT.location);
    expect(await listedLocation('/missions', stranger)).toBe(APPROXIMATE.location);
    expect(await listedLocation('/missions?category=Power', stranger)).toBe(APPROXIMATE.location);
    expect(await listedLocation('/missions/followed', follower)).toBe(APPROXIMATE.location);
  });

  it('never reaches a stranger in any form: page, lists, search', async () => {
    const bodies = await Promise.all(
      [`/missions/${missionId}`, '/missions', '/users/advanced-search?query=generator%20pool'].map(
        async (url) => (await api('GET', url, stranger.cookie)).body,
      ),
    );
    expect(bodies[2]).toContain(missionId);
    for (const body of bodies) {
      expect(body).not.toContain('Osmeña');
      expect(body).not.toContain('123.89421');
      expect(body).not.toContain('Barangay Hall');
      expect(body).not.toContain('nominatim:777');
    }
  });

  it('is stored approximate where everyone reads it, exact apart', async () => {
    const row = await t.db
      .selectFrom('missions')
      .select(['location', 'mapLocation', 'exactLocation'])
      .where('id', '=', missionId)
      .executeTakeFirstOrThrow();
    expect({ location: row.location, mapLocation: row.mapLocation }).toEqual(APPROXIMATE);
    expect(row.exactLocation).toEqual(EXACT);
  });

  it('survives an edit that leaves it alone, and follows one that moves it', async () => {
    const renamed = await api('PATCH', `/missions/${missionId}`, owner.cookie, {
      title: 'Cebu generator pool (week 2)',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(placeOf(renamed.json().data)).toEqual(EXACT);
    expect(placeOf((await get(`/missions/${missionId}`, stranger)).data)).toEqual(APPROXIMATE);

    // Only the point moves (the text stays as it was), then only the text.
    const moved = {
      address: '88 Rizal Street, Tacloban City, Leyte, Philippines',
      coordinates: [125.00434, 11.24435] as [number, number],
    };
    const res = await api('PATCH', `/missions/${missionId}`, owner.cookie, { mapLocation: moved });
    expect(placeOf(res.json().data)).toEqual({ location: HALL.address, mapLocation: moved });
    // The public text follows the place when there is one (decision 041): text and map agree.
    expect(placeOf((await get(`/missions/${missionId}`, stranger)).data)).toEqual({
      location: 'Tacloban, Leyte, Philippines',
      mapLocation: {
        address: 'Tacloban, Leyte, Philippines',
        name: 'Tacloban',
        coordinates: [125, 11.24],
        approximate: true,
      },
    });
    const retexted = await api('PATCH', `/missions/${missionId}`, owner.cookie, { location: moved.address });
    expect(placeOf(retexted.json().data)).toEqual({ location: moved.address, mapLocation: moved });
    expect((await get(`/missions/${missionId}`, member)).data.location).toBe(moved.address);
    expect((await get(`/missions/${missionId}`, stranger)).data.location).toBe(
      'Tacloban, Leyte, Philippines',
    );
  });

  it('a mission without a place has none for anyone', async () => {
    const res = await api('POST', '/missions', owner.cookie, {
      title: 'Online tutoring',
      type: 'partnership',
    });
    const id = res.json().data._id;
    for (const viewer of [owner, stranger])
      expect(placeOf((await get(`/missions/${id}`, viewer)).data)).toEqual({
        location: '',
        mapLocation: null,
      });
    expect(
      await t.db
        .selectFrom('missions')
        .select(['mapLocation', 'exactLocation'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ mapLocation: null, exactLocation: null });
  });

  it('a member who leaves sees what everyone sees', async () => {
    expect((await api('DELETE', `/missions/${missionId}/members/me`, member.cookie)).statusCode).toBeLessThan(
      300,
    );
    expect((await get(`/missions/${missionId}`, member)).data.location).toBe('Tacloban, Leyte, Philippines');
  });
});
