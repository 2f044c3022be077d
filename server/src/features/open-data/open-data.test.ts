import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { OPEN_DATA_COLUMNS } from '@muster/contract/open-data';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { exportBatches } from './open-data.service.js';

/**
 * Open data for responders (issue 37 item 3, decision 078): GET /open-data/items.csv,
 * /open-data/items.geojson and /open-data/items, with nobody signed in. One database for the
 * file: each test keeps to a category of its own, and filters by it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Item = {
  _id: string;
  kind: string;
  title: string;
  description: string;
  category: string | null;
  status: string | null;
  emergency: boolean;
  coordinates: [number, number] | null;
  place: string | null;
  createdAt: string;
  expiresAt: string | null;
  url: string;
};

const unique = (prefix: string) =>
  `${prefix}${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

/** A street in Mandaue, as the composer's geocoder gives it: exact to a doorstep. */
const MANDAUE = {
  placeId: 'osm:node/123456',
  name: '12 Rizal Street',
  address: '12 Rizal Street, Mandaue City, Cebu, Philippines',
  coordinates: [123.94361, 10.34572] as [number, number],
  parts: { locality: 'Mandaue City', region: 'Cebu', country: 'Philippines' },
};

async function post(who: Person, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/posts/create', who.cookie, { kind: 'need', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function mission(who: Person, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/missions', who.cookie, {
    title: 'Flood shelter at the school',
    type: 'collaboration',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function items(query: string): Promise<Item[]> {
  const all: Item[] = [];
  let cursor: string | null = null;
  do {
    const res = await api('GET', `/open-data/items?${query}&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    all.push(...body.data);
    cursor = body.meta.nextCursor;
  } while (cursor);
  return all;
}
const ids = (list: Array<{ _id: string }>) => list.map((i) => i._id);

/** RFC 4180, read back strictly: quoted fields with doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && field === '') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else {
          if (i >= text.length) throw new Error('unterminated quote');
          field += text[i++];
        }
      }
    } else if (text[i] === ',') {
      record.push(field);
      field = '';
      i++;
    } else if (text.startsWith('\r\n', i)) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      if (text[i] === '\n' || text[i] === '\r' || text[i] === '"') throw new Error(`bare ${text[i]} at ${i}`);
      field += text[i++];
    }
  }
  if (field !== '' || record.length) throw new Error('no CRLF after the last record');
  return records;
}

describe('GET /open-data/items.csv', () => {
  it('sends a header row, the exact HXL hashtag row, then the items, with the licence and no sign-in', async () => {
    const author = await signedInUser(t);
    const category = unique('Generators');
    const id = await post(author, { category, content: 'Need a generator', mapLocation: MANDAUE });

    const res = await api('GET', `/open-data/items.csv?category=${category}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const [header, hxl, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'kind',
      'title',
      'description',
      'category',
      'status',
      'emergency',
      'latitude',
      'longitude',
      'place',
      'created',
      'expires',
      'url',
    ]);
    expect(res.body.split('\r\n')[1]).toBe(
      '#item+id,#item+type,#item+name,#description,#sector,#status,#indicator+emergency,#geo+lat,#geo+lon,#loc+name,#date+reported,#date+end,#meta+url',
    );
    expect(hxl).toEqual(OPEN_DATA_COLUMNS.map((c) => c.hxl));
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header!.map((h, i) => [h, rows[0]![i]]));
    expect(row).toMatchObject({
      id,
      kind: 'need',
      title: 'Need a generator',
      description: 'Need a generator',
      category,
      status: 'open',
      emergency: '0',
      latitude: '10.35',
      longitude: '123.94',
      place: 'Mandaue City, Cebu, Philippines',
      url: `http://localhost:3000/#/post/${id}`,
    });
    expect(row.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row.expires).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Streamed through the API's compression like any answer, for a client that asks for it.
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/api/v1/open-data/items.csv?category=${category}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(res.body);
  });

  it('escapes formulas with an apostrophe and quotes commas, quotes and line breaks', async () => {
    const author = await signedInUser(t);
    const category = unique('Formulas');
    const cases = [
      '=HYPERLINK("http://evil.example","Click")',
      '+1 555 0100 call me',
      '-2 blankets short',
      '@SUM(A1:A9)',
      '\tcmd|calc',
      'Water, food and "dry" clothes\nfor 3 families',
      'plain words',
    ];
    for (const title of cases) await post(author, { category, title, content: 'x' });

    const res = await api('GET', `/open-data/items.csv?category=${category}`);
    const [header, , ...rows] = parseCsv(res.body);
    const titleAt = header!.indexOf('title');
    const titles = rows.map((r) => r[titleAt]).sort();
    expect(titles).toEqual(
      [
        `'=HYPERLINK("http://evil.example","Click")`,
        `'+1 555 0100 call me`,
        `'-2 blankets short`,
        `'@SUM(A1:A9)`,
        // The tab is trimmed away by the composer's schema, so the text starts with "cmd".
        'cmd|calc',
        'Water, food and "dry" clothes\nfor 3 families',
        'plain words',
      ].sort(),
    );
    // On the wire: quotes doubled, the field quoted, the line break inside the quotes.
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(res.body).toContain('"Water, food and ""dry"" clothes\nfor 3 families"');
    // A western longitude is a number, not a formula: no apostrophe before its minus.
    const west = unique('West');
    await post(author, {
      category: west,
      content: 'Tarps needed',
      mapLocation: {
        address: 'Main Street, Port-au-Prince, Haiti',
        coordinates: [-72.33881, 18.54311],
        parts: { locality: 'Port-au-Prince', country: 'Haiti' },
      },
    });
    const [h, , row] = parseCsv((await api('GET', `/open-data/items.csv?category=${west}`)).body);
    expect(row![h!.indexOf('longitude')]).toBe('-72.34');
    expect(row![h!.indexOf('latitude')]).toBe('18.54');
  });
});

describe('GET /open-data/items.geojson', () => {
  it('is a FeatureCollection of Points at the public [lon, lat], with the licence as a foreign member', async () => {
    const author = await signedInUser(t);
    const category = unique('Shelter');
    const need = await post(author, { category, content: 'Need tarps', mapLocation: MANDAUE });
    const unplaced = await post(author, { kind: 'provision', category, content: 'Spare tarps' });
    const missionId = await mission(author, { category, location: 'Mandaue City', mapLocation: MANDAUE });

    const res = await api('GET', `/open-data/items.geojson?category=${category}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json; charset=utf-8');
    expect(res.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
    const doc = res.json();
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.license).toEqual({ name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' });
    expect(doc.features.map((f: { id: string }) => f.id)).toEqual([missionId, unplaced, need]);
    const byId = Object.fromEntries(doc.features.map((f: { id: string }) => [f.id, f]));
    expect(byId[need]).toEqual({
      type: 'Feature',
      id: need,
      geometry: { type: 'Point', coordinates: [123.94, 10.35] },
      properties: expect.objectContaining({ kind: 'need', place: 'Mandaue City, Cebu, Philippines' }),
    });
    expect(byId[missionId].geometry).toEqual({ type: 'Point', coordinates: [123.94, 10.35] });
    expect(byId[missionId].properties).toMatchObject({ kind: 'mission', status: null, emergency: false });
    expect(byId[unplaced].geometry).toBeNull();
    expect(Object.keys(byId[need].properties).sort()).toEqual(
      [
        'kind',
        'title',
        'description',
        'category',
        'status',
        'emergency',
        'place',
        'createdAt',
        'expiresAt',
        'url',
      ].sort(),
    );
  });

  it('answers HEAD with the headers alone, for both exports', async () => {
    for (const [path, type] of [
      ['items.csv', 'text/csv; charset=utf-8; header=present'],
      ['items.geojson', 'application/geo+json; charset=utf-8'],
    ] as const) {
      const res = await t.app.inject({ method: 'HEAD', url: `/api/v1/open-data/${path}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');
      expect(res.body).toBe('');
    }
  });

  it('an empty selection is still a valid collection', async () => {
    const res = await api('GET', `/open-data/items.geojson?category=${unique('Nothing')}`);
    expect(res.json()).toEqual({
      type: 'FeatureCollection',
      license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
      features: [],
    });
  });
});

describe('no person and no exact place', () => {
  it('names no author and carries no exact coordinate or street, in any of the three forms', async () => {
    const author = await signedInUser(t, { firstName: 'Rosalind', lastName: 'Quispe' });
    const category = unique('Privacy');
    await post(author, { category, content: 'Need insulin', mapLocation: MANDAUE });
    await mission(author, { category, location: '12 Rizal Street, Mandaue City', mapLocation: MANDAUE });
    for (const path of ['items.csv', 'items.geojson', 'items']) {
      const res = await api('GET', `/open-data/${path}?category=${category}`);
      expect(res.statusCode).toBe(200);
      for (const secret of [
        author.user.id,
        author.user.username,
        'Rosalind',
        'Quispe',
        '123.94361',
        '10.34572',
        'Rizal',
        'osm:node',
      ])
        expect(res.body, `${path} holds ${secret}`).not.toContain(secret);
      expect(res.body).not.toMatch(/author|username|firstName|exact/i);
    }
    const list = await items(`category=${category}`);
    expect(list).toHaveLength(2);
    for (const item of list) expect(item.coordinates).toEqual([123.94, 10.35]);
  });
});

describe('filters', () => {
  it('by kind, status, emergency, place (bbox) and time, as the map does', async () => {
    const author = await signedInUser(t);
    const category = unique('Filters');
    const need = await post(author, { category, content: 'Need water', mapLocation: MANDAUE });
    const urgent = await post(author, { category, content: 'Need boats 🆘', emergencyEmoji: '🆘' });
    const want = await post(author, { kind: 'want', category, content: 'Want a radio' });
    const offer = await post(author, { kind: 'provision', category, content: 'Have a truck' });
    const done = await post(author, { category, content: 'Need rice' });
    await t.db.updateTable('posts').set({ status: 'fulfilled' }).where('id', '=', done).execute();
    const old = await post(author, { category, content: 'Need a pump' });
    await sql`update posts set created_at = now() - interval '10 days' where id = ${old}`.execute(t.db);
    await post(author, { kind: 'general', category, content: 'Good morning' });
    const missionId = await mission(author, { category });

    const q = (extra: string) => items(`category=${category}${extra}`).then((l) => ids(l).sort());
    expect(await q('')).toEqual([need, urgent, want, offer, old, missionId].sort());
    expect(await q('&kinds=need')).toEqual([need, urgent, old].sort());
    expect(await q('&kinds=provision,mission')).toEqual([offer, missionId].sort());
    expect(await q('&status=fulfilled')).toEqual([done, offer, missionId].sort());
    expect(await q('&status=open,fulfilled&kinds=need')).toEqual([need, urgent, done, old].sort());
    expect(await q('&emergency=true')).toEqual([urgent]);
    expect(await q('&sinceDays=7')).toEqual([need, urgent, want, offer, missionId].sort());
    expect(await q('&bbox=123.8,10.2,124.1,10.5')).toEqual([need]);
    expect(await q('&bbox=120,14,121,15')).toEqual([]);
    // The category is matched whole, in any case.
    expect(ids(await items(`category=${category.toUpperCase()}&kinds=want`))).toEqual([want]);
  });
});

describe('audience: a stranger’s', () => {
  it('leaves out hidden posts, suspended and limited authors, members-only missions and their updates', async () => {
    const shown = await signedInUser(t);
    const hiddenBy = await signedInUser(t);
    const suspended = await signedInUser(t);
    const limited = await signedInUser(t);
    const owner = await signedInUser(t);
    const category = unique('Audience');
    const visible = await post(shown, { category, content: 'Need blankets' });
    const hidden = await post(hiddenBy, { category, content: 'Need cash now' });
    await t.db.updateTable('posts').set({ hiddenReason: 'spam' }).where('id', '=', hidden).execute();
    await post(suspended, { category, content: 'Need phones' });
    await t.db
      .updateTable('users')
      .set({ suspendedUntil: sql<Date>`'infinity'::timestamptz` })
      .where('id', '=', suspended.user.id)
      .execute();
    await post(limited, { category, content: 'Need fuel' });
    await t.db
      .updateTable('users')
      .set({ limitedUntil: new Date(Date.now() + 86_400_000) })
      .where('id', '=', limited.user.id)
      .execute();
    const open = await mission(owner, { category });
    const closed = await mission(owner, { category, visibility: 'members' });
    // A need posted into the members-only mission (its update) stays its members'.
    const update = await api('POST', '/posts/create', owner.cookie, {
      kind: 'general',
      category,
      content: 'Update: we need 20 more cots',
      mission: { missionId: closed, title: 'x' },
    });
    expect(update.statusCode, update.body).toBe(200);
    await t.db.updateTable('posts').set({ kind: 'need' }).where('id', '=', update.json().data._id).execute();
    // A suspended owner's public mission is nobody's to read either.
    const gone = await signedInUser(t);
    await mission(gone, { category });
    await t.db
      .updateTable('users')
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where('id', '=', gone.user.id)
      .execute();

    expect(ids(await items(`category=${category}`)).sort()).toEqual([visible, open].sort());
    for (const path of ['items.csv', 'items.geojson']) {
      const body = (await api('GET', `/open-data/${path}?category=${category}`)).body;
      expect(body).toContain(visible);
      expect(body).toContain(open);
      for (const out of [hidden, closed, update.json().data._id]) expect(body).not.toContain(out);
      expect(body).not.toMatch(/phones|fuel|cots|cash/);
    }
    // Signed in, blocked or not, the answer is the same: nobody's blocks apply to open data.
    const blocker = await signedInUser(t);
    expect((await api('POST', `/users/${shown.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    const res = await api('GET', `/open-data/items?category=${category}`, blocker.cookie);
    expect(ids(res.json().data).sort()).toEqual([visible, open].sort());
  });
});

describe('GET /open-data/items (paged, cacheable)', () => {
  it('walks every item once by its cursor, and a new item does not shift the pages after it', async () => {
    const author = await signedInUser(t);
    const category = unique('Paging');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push(await post(author, { category, content: `Need item ${i}` }));
    // Two items at the same instant: the id breaks the tie, so neither is lost nor repeated.
    await sql`update posts set created_at = '2026-01-01T00:00:00.000Z'
      where id = any(${made.slice(2, 4)}::uuid[])`.execute(t.db);

    const first = (await api('GET', `/open-data/items?category=${category}&limit=3`)).json();
    expect(first.data).toHaveLength(3);
    expect(first.meta.license).toEqual({
      name: 'CC BY 4.0',
      url: 'https://creativecommons.org/licenses/by/4.0/',
    });
    await post(author, { category, content: 'Need one more' });
    const seen = ids(first.data);
    let cursor = first.meta.nextCursor as string | null;
    while (cursor) {
      const page = (
        await api('GET', `/open-data/items?category=${category}&limit=3&cursor=${cursor}`)
      ).json();
      seen.push(...ids(page.data));
      cursor = page.meta.nextCursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(made));
  });

  it('answers with a weak ETag shared by every encoding, Cache-Control, and 304 to If-None-Match until something changes', async () => {
    const author = await signedInUser(t);
    const category = unique('Etag');
    // Enough items for the page to pass the compression threshold.
    for (const n of [1, 2, 3, 4, 5, 6])
      await post(author, { category, content: `Need tent number ${n} for a family` });
    const url = `/open-data/items?category=${category}`;
    const a = await api('GET', url);
    const b = await api('GET', url);
    expect(a.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    expect(b.headers.etag).toBe(a.headers.etag);
    // The same page gzipped carries the same tag: hence weak (RFC 9110 §8.8.1).
    const gzipped = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(a.headers.etag);
    expect(a.headers['cache-control']).toBe('public, max-age=60');
    expect(a.headers.link).toBe('<https://creativecommons.org/licenses/by/4.0/>; rel="license"');

    const same = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { 'if-none-match': `"other", ${a.headers.etag as string}` },
    });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(a.headers.etag);
    const unprefixed = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { 'if-none-match': (a.headers.etag as string).replace(/^W\//, '') },
    });
    expect(unprefixed.statusCode).toBe(304);

    await post(author, { category, content: 'Need a second tent' });
    const changed = await t.app.inject({
      method: 'GET',
      url: `/api/v1${url}`,
      headers: { 'if-none-match': a.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(a.headers.etag);
    expect(changed.json().data).toHaveLength(7);
  });

  it('answers 400 with field details for bad filters, limits and cursors', async () => {
    for (const [query, field] of [
      ['kinds=need,volcano', 'kinds'],
      ['status=lost', 'status'],
      ['bbox=1,2,3', 'bbox'],
      ['bbox=10,0,5,1', 'bbox'],
      ['emergency=maybe', 'emergency'],
      ['sinceDays=3', 'sinceDays'],
      ['limit=101', 'limit'],
      ['limit=0', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
    ] as const) {
      for (const path of ['items', 'items.csv', 'items.geojson']) {
        if (path !== 'items' && (field === 'limit' || field === 'cursor')) continue;
        const res = await api('GET', `/open-data/${path}?${query}`);
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBe(400);
        const paths = res.json().details.map((d: { path: string }) => d.path.split('.')[0]);
        expect(paths, `${path}?${query}`).toContain(field);
      }
    }
  });
});

describe('streaming', () => {
  it('reads in keyset batches that together are the whole selection, in order', async () => {
    const author = await signedInUser(t);
    const category = unique('Batches');
    for (let i = 0; i < 5; i++) await post(author, { category, content: `Need part ${i}` });
    await mission(author, { category });
    const filters = {
      kinds: ['need', 'want', 'provision', 'mission'] as Array<'need' | 'want' | 'provision' | 'mission'>,
      status: ['open'] as Array<'open' | 'fulfilled' | 'expired'>,
      emergency: false,
      category,
    };
    const batches: string[][] = [];
    for await (const rows of exportBatches(t.app.deps, filters, 2)) batches.push(rows.map((r) => r.id));
    expect(batches.map((b) => b.length)).toEqual([2, 2, 2]);
    expect(batches.flat()).toEqual(ids(await items(`category=${category}`)));
  });
});

describe('instance settings', () => {
  it('answers 404 on every route when OPEN_DATA=off, and they leave the API document', async () => {
    const off = await buildTestApp({ env: { OPEN_DATA: 'off' } });
    try {
      for (const path of ['items', 'items.csv', 'items.geojson']) {
        const res = await off.app.inject({ method: 'GET', url: `/api/v1/open-data/${path}` });
        expect(res.statusCode).toBe(404);
      }
      const doc = (await off.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
      expect(Object.keys(doc.paths).filter((p) => p.includes('open-data'))).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('states the licence the instance names, and limits exports per client (429 with Retry-After)', async () => {
    const other = await buildTestApp({
      env: {
        OPEN_DATA_LICENSE: 'ODbL 1.0',
        OPEN_DATA_LICENSE_URL: 'https://opendatacommons.org/licenses/odbl/1-0/',
        OPEN_DATA_RATE_LIMIT: '2',
      },
    });
    try {
      const get = (path: string) => other.app.inject({ method: 'GET', url: `/api/v1/open-data/${path}` });
      const csv = await get('items.csv');
      expect(csv.headers.link).toBe('<https://opendatacommons.org/licenses/odbl/1-0/>; rel="license"');
      const geo = await get('items.geojson');
      expect(geo.json().license).toEqual({
        name: 'ODbL 1.0',
        url: 'https://opendatacommons.org/licenses/odbl/1-0/',
      });
      const limited = await get('items.csv');
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      // The pages have their own budget: a dashboard keeps polling.
      const page = await get('items');
      expect(page.statusCode).toBe(200);
      expect(page.json().meta.license.name).toBe('ODbL 1.0');
    } finally {
      await other.close();
    }
  });
});

describe('a database that does not answer', () => {
  it('gets the usual error answer, not a 200 cut short after its header row', async () => {
    const broken = await buildTestApp();
    try {
      await broken.closeDatabase();
      for (const path of ['items.csv', 'items.geojson', 'items']) {
        const res = await broken.app.inject({ method: 'GET', url: `/api/v1/open-data/${path}` });
        expect(res.statusCode, `${path}: ${res.body}`).toBeGreaterThanOrEqual(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toHaveProperty('code');
      }
    } finally {
      await broken.close();
    }
  });
});

describe('the API document', () => {
  it('describes the three routes and their CSV and GeoJSON answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const csv = doc.paths['/api/v1/open-data/items.csv'].get;
    expect(csv.description).toContain('HXL');
    expect(Object.keys(csv.responses['200'].content)).toEqual(['text/csv']);
    const geo = doc.paths['/api/v1/open-data/items.geojson'].get;
    expect(Object.keys(geo.responses['200'].content)).toEqual(['application/geo+json']);
    const page = doc.paths['/api/v1/open-data/items'].get;
    expect(page.responses).toHaveProperty('304');
    expect(page.description).toContain('ETag');
  });
});
