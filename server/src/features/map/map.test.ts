import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { MAP_TOTAL_CAP } from '@muster/contract/map';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * The map (issue 37, decision 077): GET /map and GET /map/tiles through the real HTTP layer on a
 * fresh database. One database for the file: each test draws in a box of its own, far from the
 * others' (`area()`), so no test sees another's pins.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logger: (await import('pino')).pino({ level: 'error' }) as never });
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Item = {
  _id: string;
  kind: string;
  title: string;
  category: string | null;
  status: string | null;
  emergency: boolean;
  coordinates: [number, number];
  place: string;
  createdAt: string;
};

/** A box of its own for each test: one degree square, a few degrees apart. */
let areas = 0;
function area() {
  const west = -170 + 5 * areas++;
  const south = 10;
  return {
    bbox: `${west},${south},${west + 1},${south + 1}`,
    /** An exact place inside the box, off the 0.01° grid (so its public one differs). */
    at: (dx = 0.5, dy = 0.5): [number, number] => [west + dx + 0.001234, south + dy + 0.004321],
  };
}

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function post(who: Person, body: Record<string, unknown>, at: [number, number]) {
  const res = await api('POST', '/posts/create', who.cookie, {
    kind: 'need',
    category: 'Food and water',
    content: 'Need drinking water for twelve families',
    mapLocation: { address: '12 Rizal Street, Tacloban City, Leyte, Philippines', coordinates: at },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string };
}

async function startMission(owner: Person, at: [number, number], body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'Flood shelter at the school',
    type: 'collaboration',
    location: '12 Rizal Street, Tacloban City',
    mapLocation: { address: '12 Rizal Street, Tacloban City, Leyte, Philippines', coordinates: at },
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function map(who: Person, query: string): Promise<{ items: Item[]; total: number }> {
  const res = await api('GET', `/map?${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const ids = (answer: { items: Item[] }) => answer.items.map((i) => i._id);

describe('GET /map', () => {
  it('answers 401 signed out', async () => {
    expect((await api('GET', '/map?bbox=0,0,1,1')).statusCode).toBe(401);
    expect((await api('GET', '/map/tiles')).statusCode).toBe(401);
  });

  it.each([
    ['bbox', ''],
    ['bbox', 'bbox=1,2,3'],
    ['bbox', 'bbox=5,0,1,1'],
    ['bbox', 'bbox=0,0,200,1'],
    ['bbox', 'bbox=a,b,c,d'],
    ['kinds', 'bbox=0,0,1,1&kinds=need,rumour'],
    ['status', 'bbox=0,0,1,1&status=closed'],
    ['sinceDays', 'bbox=0,0,1,1&sinceDays=3'],
    ['emergency', 'bbox=0,0,1,1&emergency=yes'],
    ['limit', 'bbox=0,0,1,1&limit=501'],
  ])('answers 400 naming %s for %s', async (field, query) => {
    const me = await signedInUser(t);
    const res = await api('GET', `/map?${query}`, me.cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('shows a new need at once to a viewer whose viewport answer was shared a moment before', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const first = await post(author, { kind: 'need' }, at(0.1, 0.1));
    expect(ids(await map(viewer, `bbox=${bbox}`))).toEqual([first._id]);
    const second = await post(author, { kind: 'need' }, at(0.2, 0.2));
    expect(ids(await map(viewer, `bbox=${bbox}`))).toEqual([second._id, first._id]);
  });

  it('shows needs, wants, provisions and missions in the box at their public place only, newest first', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const need = await post(author, { kind: 'need', category: 'Water' }, at(0.1, 0.1));
    const want = await post(author, { kind: 'want', content: 'Want a tarp' }, at(0.2, 0.2));
    const provision = await post(author, { kind: 'provision', content: 'Spare tents' }, at(0.3, 0.3));
    await post(author, { kind: 'general', content: 'Lovely morning' }, at(0.4, 0.4));
    const missionId = await startMission(author, at(0.6, 0.6));
    const outside = await post(author, { kind: 'need' }, at(1.5, 0.5));

    const answer = await map(viewer, `bbox=${bbox}`);
    expect(ids(answer)).toEqual([missionId, provision._id, want._id, need._id]);
    expect(ids(answer)).not.toContain(outside._id);
    expect(answer.total).toBe(4);
    expect(answer.items[3]).toMatchObject({
      kind: 'need',
      category: 'Water',
      status: 'open',
      emergency: false,
      // City-level text only (decision 041): the street stays with its author.
      place: 'Philippines',
    });
    expect(answer.items[1]).toMatchObject({ kind: 'provision', status: null });
    expect(answer.items[0]).toMatchObject({ kind: 'mission', status: null });

    // The public place is the exact one on the 0.01° grid, and no exact coordinate is in the answer.
    const text = JSON.stringify(answer);
    for (const [i, dx] of [0.1, 0.2, 0.3, 0.6].entries()) {
      const [lon, lat] = at(dx, dx);
      expect(text).not.toContain(String(lon));
      expect(text).not.toContain(String(lat));
      expect(text).not.toContain('Rizal');
      const item = answer.items[3 - i]!;
      expect(item.coordinates).toEqual([Math.round(lon * 100) / 100, Math.round(lat * 100) / 100]);
    }
    // The author too: the map is the public picture.
    expect(JSON.stringify(await map(author, `bbox=${bbox}`))).not.toContain(String(at(0.1, 0.1)[0]));
  });

  it('filters by kind, category, status, emergency and age; limit caps the items, not the total', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const category = unique('Cat');
    const water = await post(author, { kind: 'need', category }, at());
    const sos = await post(author, { kind: 'need', emergencyEmoji: '🆘', content: 'Insulin 🆘' }, at());
    const tents = await post(author, { kind: 'provision', category }, at());
    const done = await post(author, { kind: 'want' }, at());
    await t.db.updateTable('posts').set({ status: 'fulfilled' }).where('id', '=', done._id).execute();
    const old = await post(author, { kind: 'need' }, at());
    await sql`update posts set created_at = now() - interval '40 days' where id = ${old._id}`.execute(t.db);
    const missionId = await startMission(author, at(), { category });

    const q = (extra: string) => map(viewer, `bbox=${bbox}${extra}`).then(ids);
    expect(await q('&kinds=provision')).toEqual([tents._id]);
    expect(await q('&kinds=mission')).toEqual([missionId]);
    expect((await q(`&category=${category.toLowerCase()}`)).sort()).toEqual(
      [water._id, tents._id, missionId].sort(),
    );
    expect(await q('&status=fulfilled&kinds=need,want')).toEqual([done._id]);
    expect(new Set(await q('&status=open,fulfilled'))).toEqual(
      new Set([water._id, sos._id, tents._id, done._id, old._id, missionId]),
    );
    expect(await q('&emergency=true')).toEqual([sos._id]);
    expect(await q('&sinceDays=30')).not.toContain(old._id);
    expect(await q('&sinceDays=90')).toContain(old._id);
    const limited = await map(viewer, `bbox=${bbox}&limit=2`);
    expect(limited.items).toHaveLength(2);
    expect(limited.total).toBe(5);
  });

  it('leaves out people blocked either way, the suspended and moderator-hidden posts', async () => {
    const [author, blocker, blocked, viewer] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    const { bbox, at } = area();
    const mine = await post(author, {}, at());
    const theirs = await post(blocked, {}, at());
    const hidden = await post(author, { content: 'Need water, again' }, at());
    // Warm the shared answer first: what comes after must still reach it.
    expect((await map(viewer, `bbox=${bbox}`)).total).toBe(3);

    expect((await api('POST', `/users/${blocked.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    expect(ids(await map(blocker, `bbox=${bbox}`))).not.toContain(theirs._id);
    expect(ids(await map(blocked, `bbox=${bbox}`))).toContain(mine._id);
    const blockedSees = await map(blocker, `bbox=${bbox}`);
    expect(blockedSees.total).toBe(2);

    await t.db.updateTable('posts').set({ hiddenReason: 'spam' }).where('id', '=', hidden._id).execute();
    await t.db
      .updateTable('users')
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where('id', '=', blocked.user.id)
      .execute();
    // Written straight to the database, with no event: the shared answer is a few seconds stale.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    await map(viewer, `bbox=${bbox}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await map(viewer, `bbox=${bbox}`);
    expect(ids(after)).toEqual([mine._id]);
    expect(ids(await map(author, `bbox=${bbox}`))).toEqual([mine._id]);
  });

  it('forgets a block and an unblock at once through the kernel’s one path, search taking no part (085)', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const need = await post(author, {}, at());
    // The viewer's standing (no one blocked) is now kept, and the shared answer with it.
    expect(ids(await map(viewer, `bbox=${bbox}`))).toEqual([need._id]);
    // What the hub carries to every other process: the kernel's drop, sent by the block itself.
    const forgotten: string[] = [];
    t.app.deps.realtime.onForgetSessions((id) => forgotten.push(id));

    expect((await api('POST', `/users/${author.user.id}/block`, viewer.cookie)).statusCode).toBe(200);
    expect(forgotten).toEqual(expect.arrayContaining([viewer.user.id, author.user.id]));
    expect(ids(await map(viewer, `bbox=${bbox}`))).toEqual([]);

    // An unblock is dropped the same way: the need is back at once, not after the standing's 5 s.
    forgotten.length = 0;
    expect((await api('DELETE', `/users/${author.user.id}/block`, viewer.cookie)).statusCode).toBe(200);
    expect(forgotten).toEqual(expect.arrayContaining([viewer.user.id, author.user.id]));
    expect(ids(await map(viewer, `bbox=${bbox}`))).toEqual([need._id]);
  });

  it('keeps members-only missions to their members', async () => {
    const [owner, member, stranger] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const open = await startMission(owner, at());
    const closed = await startMission(owner, at(), { visibility: 'members' });
    const need = await post(owner, { kind: 'need' }, at());
    await t.db
      .insertInto('missionMembers')
      .values({ missionId: closed, userId: member.user.id, role: 'collaborator' })
      .execute();

    expect(ids(await map(stranger, `bbox=${bbox}`))).toEqual([need._id, open]);
    expect(ids(await map(member, `bbox=${bbox}`))).toEqual([need._id, closed, open]);
    expect(ids(await map(owner, `bbox=${bbox}`))).toEqual([need._id, closed, open]);
  });

  it('counts the total up to the cap, and gives `limit` newest', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const { bbox, at } = area();
    const [lon, lat] = at();
    // Straight into the table: 1,005 needs through the API would take a while.
    await sql`insert into posts (id, author_id, kind, content, category, status, map_location, created_at)
      select gen_random_uuid(), ${author.user.id}, 'need', 'Need water ' || n, 'Water', 'open',
        jsonb_build_object('address', 'Philippines', 'coordinates', jsonb_build_array(round(${lon}::numeric, 2), round(${lat}::numeric, 2)), 'approximate', true),
        now() - n * interval '1 second'
      from generate_series(1, ${MAP_TOTAL_CAP + 5}) as n`.execute(t.db);
    const answer = await map(viewer, `bbox=${bbox}&limit=3`);
    expect(answer.total).toBe(MAP_TOTAL_CAP);
    expect(answer.items.map((i) => i.title)).toHaveLength(3);
    const full = await map(viewer, `bbox=${bbox}`);
    expect(full.items).toHaveLength(500);
    expect(full.items.map((i) => i.createdAt)).toEqual(
      full.items
        .map((i) => i.createdAt)
        .sort()
        .reverse(),
    );
  });
});

describe('GET /map over the grid (0039: cells of 0.1°, 1°, 10° and 90°)', () => {
  // Places on the 0.01° grid already, so the public place is the one given; far from area()'s.
  const place = (lon: number, lat: number): [number, number] => [lon, lat];

  it('merges a box across cell borders newest first, and leaves out the border cells’ points outside it', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    // 0.25° × 0.25° at 100.05..100.3: four 0.1° columns and rows, none of them whole.
    const inside: string[] = [];
    for (const [lon, lat] of [
      [100.06, 20.06],
      [100.29, 20.29],
      [100.15, 20.25],
      [100.25, 20.12],
      [100.1, 20.2],
    ] as const)
      inside.push((await post(author, { kind: 'need' }, place(lon, lat)))._id);
    const outside = [
      await post(author, { kind: 'need' }, place(100.04, 20.1)),
      await post(author, { kind: 'need' }, place(100.31, 20.1)),
      await post(author, { kind: 'need' }, place(100.2, 20.04)),
      await post(author, { kind: 'need' }, place(100.2, 20.31)),
    ];
    const answer = await map(viewer, 'bbox=100.05,20.05,100.3,20.3');
    expect(ids(answer)).toEqual([...inside].reverse());
    expect(answer.total).toBe(5);
    for (const o of outside) expect(ids(answer)).not.toContain(o._id);
    // The same box at the 1° level (a box of 10 × 10 cells of 0.1° is too many): the same answer.
    const wide = await map(viewer, 'bbox=99.5,19.5,100.5,20.5');
    expect(ids(wide).filter((id) => inside.includes(id))).toEqual([...inside].reverse());
    expect(wide.total).toBe(9);
  });

  it('finds a point on a cell border from either side, and a box whose edge is that border', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const corner = await post(author, { kind: 'need' }, place(101.3, 21.3));
    expect(ids(await map(viewer, 'bbox=101.3,21.3,101.35,21.35'))).toEqual([corner._id]);
    expect(ids(await map(viewer, 'bbox=101.25,21.25,101.3,21.3'))).toEqual([corner._id]);
    expect(ids(await map(viewer, 'bbox=101.2,21.2,101.4,21.4'))).toEqual([corner._id]);
    expect(ids(await map(viewer, 'bbox=101.31,21.31,101.4,21.4'))).toEqual([]);
    // At the 1° level, on a 1° border.
    const whole = await post(author, { kind: 'need' }, place(102, 22));
    expect(ids(await map(viewer, 'bbox=102,22,103,23'))).toEqual([whole._id]);
    expect(ids(await map(viewer, 'bbox=101,21.5,102,22'))).toContain(whole._id);
  });

  it('finds places at the antimeridian’s sides', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const east = await post(author, { kind: 'need' }, place(179.99, 30.5));
    const edge = await post(author, { kind: 'need' }, place(180, 30.6));
    const west = await post(author, { kind: 'need' }, place(-180, 30.7));
    const westish = await post(author, { kind: 'need' }, place(-179.95, 30.8));
    expect(ids(await map(viewer, 'bbox=179.9,30.4,180,30.9'))).toEqual([edge._id, east._id]);
    expect(ids(await map(viewer, 'bbox=-180,30.4,-179.9,30.9'))).toEqual([westish._id, west._id]);
    // Wider than the 1° level allows: the 10° cells.
    expect(ids(await map(viewer, 'bbox=170,25,180,35'))).toEqual([edge._id, east._id]);
  });

  it('walks its own box when its block’s newest keys do not settle it', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const older = [
      await post(author, { kind: 'need' }, place(110.06, 30.06)),
      await post(author, { kind: 'need' }, place(110.07, 30.07)),
    ];
    await sql`update posts set created_at = created_at - interval '1 hour' where id = any(${older.map((o) => o._id)}::uuid[])`.execute(
      t.db,
    );
    // Newer than them, in the same 0.1° cell but outside the box: more than a block keeps (4,000).
    await sql`insert into posts (id, author_id, kind, content, category, status, map_location, created_at)
      select gen_random_uuid(), ${author.user.id}, 'need', 'Need water ' || n, 'Water', 'open',
        jsonb_build_object('address', 'Philippines', 'coordinates', jsonb_build_array(110.01, 30.01), 'approximate', true),
        now() - n * interval '1 microsecond'
      from generate_series(1, 4005) as n`.execute(t.db);
    const answer = await map(viewer, 'bbox=110.05,30.05,110.08,30.08');
    expect(ids(answer)).toEqual([older[1]!._id, older[0]!._id]);
    expect(answer.total).toBe(2);
  });

  it('answers a viewport larger than the coarsest level (the whole world) from the 90° cells', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const south = await post(author, { kind: 'provision', content: 'Spare tents' }, place(-60.5, -45.5));
    const north = await post(author, { kind: 'need' }, place(60.5, 75.5));
    const world = await map(viewer, 'bbox=-180,-90,180,90&limit=2');
    expect(ids(world)).toEqual([north._id, south._id]);
    expect(world.total).toBeGreaterThan(2);
    expect(ids(await map(viewer, 'bbox=-179,-89,179,-1&kinds=provision&limit=1'))).toEqual([south._id]);
  });
});

describe('GET /map in production', () => {
  it('sends the shared answer brotli’d once, the same answer as the text', async () => {
    const prod = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const call = apiCaller(prod);
      const [author, viewer] = [await signedInUser(prod), await signedInUser(prod)];
      const at: [number, number] = [20.501234, 20.504321];
      const res = await call('POST', '/posts/create', author.cookie, {
        kind: 'need',
        category: 'Food and water',
        content: 'Need rice',
        mapLocation: { address: 'Somewhere', coordinates: at },
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = '/api/v1/map?bbox=20,20,21,21';
      const plain = await prod.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } });
      const br = await prod.app.inject({
        method: 'GET',
        url,
        headers: { cookie: viewer.cookie, 'accept-encoding': 'gzip, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      const sent = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
      expect(sent).toEqual(plain.json());
      expect(sent.data.items).toHaveLength(1);
      expect(sent.data.items[0].coordinates).toEqual([20.5, 20.5]);
    } finally {
      await prod.close();
    }
  });
});

describe('GET /map/tiles', () => {
  it('gives the tile source, its attribution and zoom, cacheable', async () => {
    const me = await signedInUser(t);
    const res = await api('GET', '/map/tiles', me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
    });
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
  });
});
