import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { distanceKm } from '../../platform/gazetteer.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const search = (q: string, cookie?: string, app = t) =>
  app.app.inject({
    method: 'GET',
    url: `/api/v1/geo/search?q=${encodeURIComponent(q)}`,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/v1/geo/search (offline gazetteer)', () => {
  it('finds cities by prefix, biggest first, at most 5, with coordinates', async () => {
    const { cookie } = await signedInUser(t);
    const res = await search('lag', cookie);
    expect(res.statusCode).toBe(200);
    const places = res.json().data;
    expect(places.length).toBeGreaterThan(0);
    expect(places.length).toBeLessThanOrEqual(5);
    expect(places[0]).toMatchObject({ name: 'Lagos', address: 'Lagos, Nigeria' });
    expect(places[0].coordinates[0]).toBeCloseTo(3.39, 1);
    expect(places[0].coordinates[1]).toBeCloseTo(6.44, 1);
  });

  it('ignores case and accents', async () => {
    const { cookie } = await signedInUser(t);
    const places = (await search('SÃO PAULO', cookie)).json().data;
    expect(places[0]).toMatchObject({ name: 'São Paulo', address: 'São Paulo, Brazil' });
    expect((await search('zurich', cookie)).json().data[0].address).toContain('Switzerland');
  });

  // Issue 32, item 1: places people live in, by their names, their other names and with a typo.
  it.each([
    ['Cebu City', 'Cebu City, Cebu, Philippines', [123.89, 10.32]],
    ['Mandaue', 'Mandaue City, Cebu, Philippines', [123.92, 10.32]],
    ['Lapu-Lapu', 'Lapu-Lapu City, Cebu, Philippines', [123.95, 10.31]],
    ['Talisay', 'Talisay, Cebu, Philippines', [123.85, 10.24]],
    ['Umlazi', 'Umlazi, KwaZulu-Natal, South Africa', [30.89, -29.97]],
    ['Durban', 'Durban, KwaZulu-Natal, South Africa', [31.03, -29.86]],
  ])('finds %s first, with its point', async (q, address, [lng, lat]) => {
    const { cookie } = await signedInUser(t);
    const [first] = (await search(q, cookie)).json().data;
    expect(first.address).toBe(address);
    expect(first.coordinates[0]).toBeCloseTo(lng!, 1);
    expect(first.coordinates[1]).toBeCloseTo(lat!, 1);
    expect(first.parts).toEqual({
      locality: address.split(', ')[0],
      region: address.split(', ')[1],
      country: address.split(', ')[2],
    });
  });

  it('gives Cebu City and Mandaue points ~8 km apart, and Durban far from both (matching rules out far pairs)', async () => {
    const { cookie } = await signedInUser(t);
    const point = async (q: string) =>
      (await search(q, cookie)).json().data[0].coordinates as [number, number];
    const [cebu, mandaue, durban] = [await point('Cebu City'), await point('Mandaue'), await point('Durban')];
    expect(distanceKm(cebu, mandaue)).toBeGreaterThan(3);
    expect(distanceKm(cebu, mandaue)).toBeLessThan(10);
    expect(distanceKm(cebu, durban)).toBeGreaterThan(9000);
  });

  it('finds a town by its ASCII and alternate names, by a prefix, and after one typo', async () => {
    const { cookie } = await signedInUser(t);
    const first = async (q: string) => (await search(q, cookie)).json().data[0]?.address;
    // "Cebu" is one of Cebu City's alternate names; "Lisboa" of Lisbon's; "Москва" of Moscow's.
    expect(await first('Cebu')).toBe('Cebu City, Cebu, Philippines');
    expect(await first('Lisboa')).toBe('Lisbon, Portugal');
    expect(await first('Москва')).toBe('Moscow, Russia');
    // The ASCII name, accents and case aside.
    expect(await first('zurich')).toBe('Zürich, Switzerland');
    // A prefix; and a later word of the name.
    expect(await first('Mandau')).toBe('Mandaue City, Cebu, Philippines');
    expect(await first('Francisco')).toBe('San Francisco, California, United States');
    // One typo: a letter left out, two swapped; ranked below the towns that match as typed.
    expect(await first('Cebu Ctiy')).toBe('Cebu City, Cebu, Philippines');
    const mandue = (await search('Mandue', cookie)).json().data.map((p: { address: string }) => p.address);
    expect(mandue).toContain('Mandaue City, Cebu, Philippines');
    expect(mandue[0]).toBe('Manduel, Occitanie, France');
    // After a comma, the province or country narrows the towns of one name.
    expect(await first('Talisay, Negros')).toBe('Talisay, Negros Occidental, Philippines');
    expect(await first('Talisay City')).toBe('Talisay, Cebu, Philippines');
  });

  it('finds nothing for a word that names no town (the picker then offers to keep it as typed)', async () => {
    const { cookie } = await signedInUser(t);
    for (const q of ['Lahug', 'Zzyzxq', '!!!']) {
      const res = await search(q, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  });

  it('tells towns of one name in one province apart by their county, and shows each once', async () => {
    const { cookie } = await signedInUser(t);
    const places = (await search('Talisay', cookie)).json().data as Array<{ address: string }>;
    expect(places).toHaveLength(5);
    expect(new Set(places.map((p) => p.address)).size).toBe(5);
  });

  it('asks for at least 2 characters, and a session', async () => {
    const { cookie } = await signedInUser(t);
    const short = await search('a', cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toEqual([{ path: 'q', message: 'Type at least 2 characters' }]);
    expect((await search('lagos')).statusCode).toBe(401);
  });
});

describe('with a Nominatim-compatible geocoder', () => {
  let geocoder: http.Server;
  let url: string;
  let fail = false;
  beforeAll(async () => {
    geocoder = http.createServer((req, res) => {
      if (fail) return res.writeHead(500).end();
      const q = new URL(req.url!, 'http://x').searchParams.get('q');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify([{ place_id: 42, name: q, display_name: `${q}, Somewhere`, lat: '1.5', lon: '2.5' }]),
      );
    });
    await new Promise<void>((r) => geocoder.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => geocoder.close(r)));

  it('asks it, and answers 503 with the spec words when it fails', async () => {
    const withGeocoder = await buildTestApp({ env: { GEO_NOMINATIM_URL: url } });
    try {
      const { cookie } = await signedInUser(withGeocoder);
      expect((await search('harbour', cookie, withGeocoder)).json().data).toEqual([
        { placeId: 'nominatim:42', name: 'harbour', address: 'harbour, Somewhere', coordinates: [2.5, 1.5] },
      ]);
      fail = true;
      const down = await search('harbour', cookie, withGeocoder);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe('Unable to load location suggestions.');
    } finally {
      await withGeocoder.close();
    }
  });
});
