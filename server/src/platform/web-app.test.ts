import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestAppWithWebDist, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestAppWithWebDist();
});
afterAll(() => t.close());

it('serves index.html at / and asks browsers to revalidate it', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.body).toContain('<div id="root">');
});

it('lets browsers keep hashed assets for a year', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

it('still answers the API next to the app', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(res.statusCode).toBe(200);
});
