import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, buildTestAppWithWebDist, type TestApp } from '../../test/helpers.js';

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

describe('the installable app (decision 024)', () => {
  let pwa: TestApp;
  let dist: string;
  beforeAll(async () => {
    // What vite-plugin-pwa adds to a build, beside index.html and the hashed assets.
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-pwa-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.mkdir(path.join(dist, 'icons'));
    await fs.writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>',
    );
    await fs.writeFile(
      path.join(dist, 'sw.js'),
      'define(["./workbox-1a2b3c4d"], function (w) { w.precacheAndRoute([]); });',
    );
    await fs.writeFile(path.join(dist, 'workbox-1a2b3c4d.js'), 'define(["exports"], function (e) {});');
    await fs.writeFile(
      path.join(dist, 'registerSW.js'),
      "navigator.serviceWorker.register('/sw.js', { scope: '/' })",
    );
    await fs.writeFile(
      path.join(dist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Muster', start_url: './#/' }),
    );
    await fs.writeFile(path.join(dist, 'offline.html'), '<!doctype html><h1>You are offline</h1>');
    await fs.writeFile(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    pwa = await buildTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await pwa.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves the service worker as JavaScript that browsers revalidate, so a deploy replaces it at once', async () => {
    for (const url of ['/sw.js', '/registerSW.js']) {
      const res = await pwa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^(application|text)\/javascript/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await pwa.app.inject({ method: 'GET', url: '/sw.js' })).body).toContain('precacheAndRoute');
  });

  it('lets browsers keep the hashed Workbox runtime like any hashed asset', async () => {
    const res = await pwa.app.inject({ method: 'GET', url: '/workbox-1a2b3c4d.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const res = await pwa.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Muster' });
  });

  it('serves the offline page and the icons', async () => {
    const offline = await pwa.app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toContain('text/html');
    const icon = await pwa.app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it("keeps every API answer out of caches, the service worker's included", async () => {
    const res = await pwa.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
