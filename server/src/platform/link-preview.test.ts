import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { fetchLinkPreview, isPublicAddress } from './link-preview.js';

let t: TestApp;
let widened: TestApp;
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><head><title>Fallback</title><meta property="og:title" content="Flood relief map &amp; shelters"><meta name="description" content="Where to go tonight."><meta property="og:site_name" content="Relief"></head><body>…</body></html>');
    } else if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/to-private') {
      res.writeHead(301, { location: 'http://10.0.0.5/admin' }).end();
    } else if (req.url?.startsWith('/loop')) {
      res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` }).end();
    } else if (req.url === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><head><title>Big page</title></head><body>');
      res.end('x'.repeat(3 * 1024 * 1024));
    } else if (req.url === '/slow') {
      setTimeout(() => res.end('<title>late</title>'), 3000);
    } else if (req.url === '/json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  widened = await buildTestApp({ linkPreview: local() });
});
afterAll(async () => {
  await t.close();
  await widened.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

// The test server lives on loopback, which the real policy refuses: these cases widen the policy
// to exactly that server, and check everything else still holds (redirect re-checks, caps).
const local = () => ({ isAllowedAddress: (ip: string) => ip === '127.0.0.1', allowedPorts: [port] });

describe('link previews', () => {
  it('reads the title, description and site name of a page', async () => {
    const preview = await fetchLinkPreview(`http://127.0.0.1:${port}/page`, local());
    expect(preview).toEqual({ url: `http://127.0.0.1:${port}/page`, title: 'Flood relief map & shelters', description: 'Where to go tonight.', siteName: 'Relief' });
  });

  it('re-checks every redirect: one to the metadata address or a private one is refused', async () => {
    await expect(fetchLinkPreview(`http://127.0.0.1:${port}/to-metadata`, local())).rejects.toMatchObject({ statusCode: 400, code: 'LINK_NOT_ALLOWED' });
    await expect(fetchLinkPreview(`http://127.0.0.1:${port}/to-private`, local())).rejects.toMatchObject({ code: 'LINK_NOT_ALLOWED' });
  });

  it('follows at most 3 redirects', async () => {
    hits.length = 0;
    await expect(fetchLinkPreview(`http://127.0.0.1:${port}/loop0`, local())).rejects.toMatchObject({ code: 'LINK_UNREACHABLE' });
    expect(hits).toEqual(['/loop0', '/loop1', '/loop2', '/loop3']);
  });

  it('reads at most 1 MB, and gives up after the time limit', async () => {
    const big = await fetchLinkPreview(`http://127.0.0.1:${port}/huge`, local());
    expect(big.title).toBe('Big page');
    const started = Date.now();
    await expect(fetchLinkPreview(`http://127.0.0.1:${port}/slow`, { ...local(), timeoutMs: 500 })).rejects.toMatchObject({ code: 'LINK_UNREACHABLE' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('only previews HTML', async () => {
    await expect(fetchLinkPreview(`http://127.0.0.1:${port}/json`, local())).rejects.toMatchObject({ code: 'LINK_UNREACHABLE' });
  });

  it('refuses a name that resolves to a private address (DNS is checked, then pinned)', async () => {
    const lookup = async () => ['127.0.0.1'];
    await expect(fetchLinkPreview(`http://innocent.example/`, { lookup })).rejects.toMatchObject({ code: 'LINK_NOT_ALLOWED' });
    const mixed = async () => ['93.184.216.34', '10.1.2.3'];
    await expect(fetchLinkPreview(`http://mixed.example/`, { lookup: mixed })).rejects.toMatchObject({ code: 'LINK_NOT_ALLOWED' });
  });
});

describe('a post’s link preview', () => {
  const call = (app: TestApp, method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    app.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const previewOf = async (app: TestApp, id: string, cookie: string, want: (p: unknown) => boolean) => {
    for (let i = 0; i < 40; i++) {
      const preview = (await call(app, 'GET', `/posts/${id}`, cookie)).json().data.linkPreview;
      if (want(preview)) return preview;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the preview never arrived');
  };

  it('is unfurled once by the server after the post is saved, and again when the link changes', async () => {
    const { cookie } = await signedInUser(widened);
    const created = await call(widened, 'POST', '/posts/create', cookie, { content: `Shelters tonight: http://127.0.0.1:${port}/page #floodrelief` });
    expect(created.json().data.linkPreview).toBeNull(); // the answer never waits for the site
    const id = created.json().data._id;
    expect(await previewOf(widened, id, cookie, (p) => p !== null)).toEqual({
      url: `http://127.0.0.1:${port}/page`,
      title: 'Flood relief map & shelters',
      description: 'Where to go tonight.',
      siteName: 'Relief',
    });
    // The feed shows it too.
    expect((await call(widened, 'GET', '/posts/feed', cookie)).json().data[0].linkPreview.title).toBe('Flood relief map & shelters');
    // A new link that cannot be previewed leaves none behind.
    const edited = await call(widened, 'PATCH', `/posts/${id}`, cookie, { content: `Moved: http://127.0.0.1:${port}/json` });
    expect(edited.json().data.linkPreview).toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect((await call(widened, 'GET', `/posts/${id}`, cookie)).json().data.linkPreview).toBeNull();
  });

  it('is never fetched for a private address under the real policy', async () => {
    const { cookie } = await signedInUser(t);
    const created = await call(t, 'POST', '/posts/create', cookie, { content: `See http://127.0.0.1:${port}/never-fetched` });
    expect(created.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(hits).not.toContain('/never-fetched');
    expect((await call(t, 'GET', `/posts/${created.json().data._id}`, cookie)).json().data.linkPreview).toBeNull();
  });
});

describe('GET /api/v1/link-preview refuses every way of naming a private address', () => {
  const forms = [
    'http://127.0.0.1/',
    'http://localhost/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://224.0.0.1/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'ftp://example.com/',
    'http://user:pass@example.com/',
    'http://example.com:22/',
    'not a url',
  ];

  it.each(forms)('%s → 400, nothing fetched', async (url) => {
    const { cookie } = await signedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/link-preview?url=${encodeURIComponent(url)}`, headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(['LINK_NOT_ALLOWED', 'LINK_UNREACHABLE']).toContain(res.json().code);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/link-preview?url=https%3A%2F%2Fexample.com' });
    expect(res.statusCode).toBe(401);
  });

  it('judges addresses as the internet does', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('::ffff:93.184.216.34')).toBe(true);
    expect(isPublicAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isPublicAddress('not an ip')).toBe(false);
  });
});
