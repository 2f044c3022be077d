import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
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

describe('files compressed at build time (decision 025)', () => {
  let app: TestApp;
  let dist: string;
  // Text large enough to be worth compressing, and unlike the other files.
  const text = (what: string) =>
    Array.from({ length: 300 }, (_, i) => `${what} ${i}: ${i * 7919}`).join('\n');
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><div id="root"></div><!-- ${text('index')} -->`,
    'assets/index-abc123.js': `export const lines = ${JSON.stringify(text('script'))};`,
    'assets/index-abc123.css': `/* ${text('style')} */`,
    'workbox-1a2b3c4d.js': `define(["exports"], function (e) { e.x = ${JSON.stringify(text('workbox'))}; });`,
    'manifest.webmanifest': JSON.stringify({ name: 'Muster', start_url: './#/', notes: text('manifest') }),
    // Too small to be worth a copy, and bytes that do not compress: both are sent as they are.
    'assets/tiny-abc123.js': 'console.log(1)',
    'assets/noise-abc123.js': randomBytes(8192),
  };
  const precompress = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../scripts/precompress.mjs',
  );

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-br-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    for (const [name, content] of Object.entries(files)) await fs.writeFile(path.join(dist, name), content);
    execFileSync(process.execPath, [precompress, dist], { stdio: 'pipe' });
    app = await buildTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  const original = (name: string) => Buffer.from(files[name]!);

  it('writes a brotli and a gzip copy beside each text file worth compressing, and none beside the others', async () => {
    const written = await fs.readdir(dist, { recursive: true });
    for (const name of [
      'index.html',
      'assets/index-abc123.js',
      'assets/index-abc123.css',
      'workbox-1a2b3c4d.js',
      'manifest.webmanifest',
    ]) {
      expect(written, name).toEqual(expect.arrayContaining([`${name}.br`, `${name}.gz`]));
      expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dist, `${name}.br`))), name).toEqual(
        original(name),
      );
      expect(zlib.gunzipSync(await fs.readFile(path.join(dist, `${name}.gz`))), name).toEqual(original(name));
    }
    expect(written.filter((f) => /(tiny|noise)-abc123\.js\./.test(f))).toEqual([]);
  });

  it('sends the brotli copy to a browser, with the original headers and the real length', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(original('assets/index-abc123.js').length / 2);
    expect(zlib.brotliDecompressSync(res.rawPayload)).toEqual(original('assets/index-abc123.js'));
  });

  it('sends the gzip copy to a client that takes only gzip, or prefers it', async () => {
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'br;q=0, gzip;q=0.1']) {
      const res = await get('/assets/index-abc123.css', accept);
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers['content-type'], accept).toMatch(/^text\/css/);
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(zlib.gunzipSync(res.rawPayload), accept).toEqual(original('assets/index-abc123.css'));
    }
  });

  it('sends the file itself, still saying it varies, when no encoding we have is accepted', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload, accept).toEqual(original('assets/index-abc123.js'));
    }
  });

  it('negotiates index.html at / too, revalidated as before', async () => {
    const br = await get('/', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('text/html');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(original('index.html'));
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(files['index.html']);
    // Each representation has its own validator, so a cache never revalidates one with the other's.
    expect(plain.headers.etag).not.toBe(br.headers.etag);
  });

  it('keeps the Workbox runtime immutable and the manifest revalidated when a copy is sent', async () => {
    const runtime = await get('/workbox-1a2b3c4d.js', 'br');
    expect(runtime.headers['content-encoding']).toBe('br');
    expect(runtime.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await get('/manifest.webmanifest', 'gzip');
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends files without copies as they are, compressed by no one on the way', async () => {
    for (const name of ['assets/tiny-abc123.js', 'assets/noise-abc123.js']) {
      const res = await get(`/${name}`, 'gzip, deflate, br, zstd');
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-encoding'], name).toBeUndefined();
      expect(res.headers.vary, name).toBeUndefined();
      expect(res.rawPayload, name).toEqual(original(name));
    }
  });

  it('gives the copies no URL of their own: like any unknown path, they lead to the app', async () => {
    for (const url of ['/assets/index-abc123.js.br', '/index.html.gz']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe('/');
    }
  });
});
