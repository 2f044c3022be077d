import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { apiCaller, buildTestApp, buildTestAppWithWebDist, type TestApp } from '../../test/helpers.js';
import { PERMISSIONS_POLICY, signedMediaOrigin } from './security.js';

// The test app's PUBLIC_URL is http://localhost:3000 (test/helpers.ts): a plain-http deployment.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestAppWithWebDist();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

describe('security headers', () => {
  it('sends a strict Content-Security-Policy and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same security headers on every answer, errors, unknown routes and the web app included', async () => {
    const answers = await Promise.all(
      ['/api/v1/health', '/api/v1/no-such-route', '/api/v1/posts/feed', '/', '/assets/index-abc123.js'].map(
        (url) => t.app.inject({ method: 'GET', url }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 200, 200]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'permissions-policy': PERMISSIONS_POLICY,
      });
      expect(res.headers['content-security-policy']).toBe(answers[0]!.headers['content-security-policy']);
    }
  });

  it('switches off the browser features no page uses; location for our own pages only (the map, 077)', async () => {
    const policy = String((await t.app.inject({ method: 'GET', url: '/' })).headers['permissions-policy']);
    for (const feature of ['camera', 'microphone', 'payment', 'usb'])
      expect(policy).toContain(`${feature}=()`);
    expect(policy).toContain('geolocation=(self)');
  });

  it('sends no Strict-Transport-Security over plain http', async () => {
    for (const url of ['/api/v1/health', '/', '/api/v1/posts/feed']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('sends Strict-Transport-Security, and upgrades requests, when the public address is https', async () => {
    const secure = await buildTestApp({ env: { PUBLIC_URL: 'https://muster.example' } });
    try {
      for (const url of ['/api/v1/health', '/api/v1/no-such-route', '/']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      }
    } finally {
      await secure.close();
    }
  });
});

describe('signed media (decision 073)', () => {
  const s3 = { endpoint: 'https://storage.example:9000', bucket: 'media', forcePathStyle: true };

  it('lets pages load pictures and videos from the bucket only when media are redirected there', () => {
    expect(signedMediaOrigin(s3, 'signed')).toBe('https://storage.example:9000');
    expect(signedMediaOrigin({ ...s3, forcePathStyle: false }, 'signed')).toBe(
      'https://media.storage.example:9000',
    );
    expect(signedMediaOrigin(s3, 'proxy')).toBeUndefined();
    expect(signedMediaOrigin(undefined, 'signed')).toBeUndefined();
  });

  it("names the bucket's origin in img-src and media-src, and nowhere else", async () => {
    const signed = await buildTestApp({
      env: {
        S3_ENDPOINT: 'https://storage.example:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_DELIVERY: 'signed',
      },
    });
    try {
      const res = await signed.app.inject({ method: 'GET', url: '/api/v1/health' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://storage.example:9000");
      expect(csp).toContain("media-src 'self' data: blob: https://storage.example:9000");
      expect(csp).toContain("connect-src 'self';");
      expect(csp).toContain("script-src 'self';");
    } finally {
      await signed.close();
    }
  });
});

describe('caching', () => {
  it('forbids storing any signed-in API answer, the data export included', async () => {
    const { cookie } = await signedInUser(t);
    const answers = {
      me: await api('GET', '/auth/me', cookie),
      export: await api('GET', '/users/me/export', cookie),
      chats: await api('GET', '/chats', cookie),
      feed: await api('GET', '/posts/feed', cookie),
      notifications: await api('GET', '/notifications', cookie),
      post: await api('POST', '/posts/create', cookie, { content: 'No cache for me', category: 'need' }),
      invalid: await api('POST', '/chats/send', cookie, { recipientId: 'nobody', message: 'hi' }),
      missing: await api('GET', '/no-such-route', cookie),
    };
    for (const [name, res] of Object.entries(answers)) {
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers.export.statusCode).toBe(200);
    expect(answers.export.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('forbids storing signed-out API answers too: every answer depends on the cookie', async () => {
    for (const url of [
      '/api/v1/health',
      '/api/v1/auth/providers',
      '/api/v1/posts/feed',
      '/api/v1/openapi.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves media and the web app to their own caching', async () => {
    const name = `${randomBytes(8).toString('hex')}.png`;
    const file = path.join(t.config.dataDir, 'media', name);
    await fs.writeFile(file, Buffer.from('89504e470d0a1a0a', 'hex'));
    try {
      const media = await t.app.inject({ method: 'GET', url: `/media/${name}` });
      expect(media.statusCode).toBe(200);
      expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await fs.rm(file, { force: true });
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control'],
    ).toBe('public, max-age=31536000, immutable');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
  });
});
