import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { HttpError, registerErrorHandling } from './errors.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'up', version: expect.any(String) } });
  });

  it('answers 503 when the database is down', async () => {
    const broken = await buildTestApp();
    await broken.closeDatabase();
    const res = await broken.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is unavailable', code: 'DB_DOWN' });
    await broken.close();
  });
});

describe('error envelope', () => {
  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
  });

  it('sends any other unknown page to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/somewhere' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('hides the details of an unexpected failure', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret connection string postgres://u:p@db');
    });
    app.get('/teapot', async () => {
      throw new HttpError(409, 'TAKEN', 'That name is taken', [{ path: 'name', message: 'taken' }]);
    });
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret');
    expect(boom.json()).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    expect(teapot.statusCode).toBe(409);
    expect(teapot.json()).toEqual({ message: 'That name is taken', code: 'TAKEN', details: [{ path: 'name', message: 'taken' }] });
    await app.close();
  });
});

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

  it('sends the same security headers on every answer, errors and unknown routes included', async () => {
    const answers = await Promise.all(
      ['/api/v1/health', '/api/v1/no-such-route', '/api/v1/posts/feed'].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401]);
    for (const res of answers) {
      expect(res.headers).toMatchObject({
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
      });
      expect(res.headers['content-security-policy']).toBe(answers[0]!.headers['content-security-policy']);
    }
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and lists every API route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(t.app.apiRoutes.length).toBeGreaterThanOrEqual(2);
    for (const route of t.app.apiRoutes) {
      const [method, url] = route.split(' ') as [string, string];
      const openApiPath = url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath]?.[method.toLowerCase()], route).toBeDefined();
    }
    expect(doc.paths['/api/v1/email/contact'].post.requestBody).toBeDefined();
  });
});
