import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

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
    expect(places[0]).toMatchObject({ name: 'Lagos', address: expect.stringContaining('Nigeria') });
    expect(places[0].coordinates[0]).toBeCloseTo(3.39, 1);
    expect(places[0].coordinates[1]).toBeCloseTo(6.44, 1);
  });

  it('ignores case and accents', async () => {
    const { cookie } = await signedInUser(t);
    const places = (await search('SÃO PAULO', cookie)).json().data;
    expect(places[0]).toMatchObject({ name: 'São Paulo', address: 'São Paulo, Brazil' });
    expect((await search('zurich', cookie)).json().data[0].address).toContain('Switzerland');
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
