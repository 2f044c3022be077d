import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { frameworkErrors, HttpError, registerErrorHandling } from './errors.js';
import { encodeCursor } from './paging.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers ok when the database answers, and says whether Redis is in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const redis = process.env.REDIS_URL ? 'up' : 'off';
    expect(res.json()).toEqual({
      data: { status: 'ok', database: 'up', redis, version: expect.any(String) },
    });
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
    expect(boom.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'INTERNAL',
    });
    const teapot = await app.inject({ method: 'GET', url: '/teapot' });
    expect(teapot.statusCode).toBe(409);
    expect(teapot.json()).toEqual({
      message: 'That name is taken',
      code: 'TAKEN',
      details: [{ path: 'name', message: 'taken' }],
    });
    await app.close();
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

/** A JSON body as raw text: JSON.stringify would not keep a lone surrogate as an escape. */
const raw = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } });

describe('text no database stores (issue 10, item 3)', () => {
  const validationFailed = (path: string, message: string) => ({
    message,
    code: 'VALIDATION_FAILED',
    details: [{ path, message }],
  });
  const NUL = 'Must not contain a NUL character';
  const UNICODE = 'Must be valid Unicode text';

  it('refuses a NUL byte in any field, path or query parameter, signed out too, naming the field', async () => {
    const { cookie } = await signedInUser(t);
    const cases: Array<[string, InjectOptions, string]> = [
      [
        'login identifier',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { emailOrUsername: 'ann\u0000', password: 'x' },
        },
        'emailOrUsername',
      ],
      [
        'sign-up name',
        {
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: {
            username: 'nul_name',
            firstName: 'A\u0000',
            lastName: 'B',
            email: 'nul@example.org',
            password: 'a long enough password',
          },
        },
        'firstName',
      ],
      [
        'contact name',
        {
          method: 'POST',
          url: '/api/v1/email/contact',
          payload: { name: 'Ann\u0000', email: 'ann@example.org', subject: 'other', message: 'Hello' },
        },
        'name',
      ],
      ['profile path', { method: 'GET', url: '/api/v1/users/profile/%00' }, 'username'],
      ['posts-by path', { method: 'GET', url: '/api/v1/posts/user/%00' }, 'username'],
      ['search query', { method: 'GET', url: '/api/v1/users/search?query=%00abc' }, 'query'],
      [
        'post content',
        {
          method: 'POST',
          url: '/api/v1/posts/create',
          payload: { kind: 'general', content: 'hi\u0000there' },
          headers: { cookie },
        },
        'content',
      ],
      [
        'nested field',
        {
          method: 'POST',
          url: '/api/v1/posts/create',
          payload: { kind: 'general', content: 'hi', mapLocation: { address: '\u0000' } },
          headers: { cookie },
        },
        'mapLocation.address',
      ],
    ];
    for (const [what, request, path] of cases) {
      for (const signedIn of [false, true]) {
        const headers = signedIn ? { ...request.headers, cookie } : (request.headers ?? {});
        const res = await t.app.inject({ ...request, headers });
        expect({ what, signedIn, status: res.statusCode }).toEqual({ what, signedIn, status: 400 });
        expect(res.json(), what).toEqual(validationFailed(path, NUL));
      }
    }
  });

  it('refuses a lone UTF-16 surrogate, and a NUL in a field name, without echoing the name', async () => {
    const { cookie } = await signedInUser(t);
    const lone = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      ...raw('{"emailOrUsername":"ann\\ud800","password":"x"}'),
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toEqual(validationFailed('emailOrUsername', UNICODE));
    const trailing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts/create',
      ...raw('{"kind":"general","content":"ok \\udc00"}'),
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(trailing.json()).toEqual(validationFailed('content', UNICODE));
    // A pair is a character (an emoji), and stays welcome.
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts/create',
      ...raw('{"kind":"general","content":"ok \\ud83d\\ude00"}'),
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(pair.statusCode).toBe(200);
    expect(pair.json().data.content).toBe('ok 😀');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      ...raw('{"emailOrUsername":"ann","password":"x","a\\u0000b":1}'),
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(validationFailed('body', 'Field names must not contain a NUL character'));
  });

  it('refuses cursors that are not ones we wrote: a UUID-shaped non-UUID, dates out of range or impossible', async () => {
    const { user, cookie } = await signedInUser(t);
    const id = '0190f1a2-0000-7000-8000-000000000000';
    const cursors = [
      encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: '------------------------------------' }),
      encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: 'ffffffff-ffff-ffff-ffff-fffffffffff-' }),
      encodeCursor({ createdAt: '-271821-04-20T00:00:00.000Z', id }),
      encodeCursor({ createdAt: '+275760-09-13T00:00:00.000Z', id }),
      encodeCursor({ createdAt: '0000-01-01T00:00:00.000Z', id }),
      encodeCursor({ createdAt: '2026-02-31T00:00:00.000Z', id }),
      encodeCursor({ createdAt: '2026-01-01', id }),
      encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id: `${id}|x` }),
    ];
    for (const cursor of cursors) {
      for (const url of [
        '/api/v1/posts/feed',
        '/api/v1/collaboration',
        `/api/v1/posts/user/${user.username}`,
        '/api/v1/posts/saved',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${url}?cursor=${cursor}`,
          headers: { cookie },
        });
        expect({ cursor, url, status: res.statusCode }).toEqual({ cursor, url, status: 400 });
        expect(res.json()).toEqual(validationFailed('cursor', 'Invalid cursor'));
      }
    }
    // The first page's own cursor still turns the page.
    const good = encodeCursor({ createdAt: '2026-01-01T00:00:00.000Z', id });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/posts/feed?cursor=${good}`, headers: { cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses impossible calendar dates for a deadline, and keeps real ones (leap days included)', async () => {
    const { cookie } = await signedInUser(t);
    const create = (deadline: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/collaboration',
        headers: { cookie },
        payload: { title: 'Crew', description: 'Help', deadline },
      });
    for (const deadline of ['2026-02-31', '2026-04-31', '2025-02-29', '2026-13-01', '0000-01-01']) {
      const res = await create(deadline);
      expect({ deadline, status: res.statusCode }).toEqual({ deadline, status: 400 });
      expect(res.json()).toEqual(validationFailed('deadline', 'Deadline must be a date'));
    }
    const leap = await create('2028-02-29');
    expect(leap.statusCode).toBe(200);
    expect(leap.json().data.deadline).toBe('2028-02-29');
  });
});

describe("Fastify's own errors in our envelope (issue 10, item 10)", () => {
  const internals = /FST_|Content-Type|Content-Length|Unsupported Media Type|is not a valid url|%ff/;

  it('answers bad JSON, an empty JSON body, a wrong length, a wrong type and too large a body in our codes', async () => {
    const cases: Array<[InjectOptions, number, string]> = [
      [{ method: 'POST', url: '/api/v1/auth/login', ...raw('{"emailOrUsername":') }, 400, 'INVALID_JSON'],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: 'x'.repeat(300 * 1024),
          headers: { 'content-type': 'application/json' },
        },
        413,
        'TOO_LARGE',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: '{"a":1}',
          headers: { 'content-type': 'application/json', 'content-length': '3' },
        },
        400,
        'BAD_REQUEST',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: 'a=1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: '{}',
          headers: { 'content-type': 'application/jsonx' },
        },
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ],
    ];
    for (const [request, status, code] of cases) {
      const res = await t.app.inject(request);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(res.body).not.toMatch(internals);
    }
  });

  it('maps any FST_ error and an undecodable URL, never quoting the input or naming the framework', async () => {
    const app = Fastify({ logger: false, frameworkErrors });
    registerErrorHandling(app);
    app.get('/things/:name', async () => ({ ok: true }));
    app.post('/things', async () => ({ ok: true }));
    const badUrl = await app.inject({ method: 'GET', url: '/things/%ff' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ message: 'The address is not valid', code: 'BAD_REQUEST' });
    const long = await app.inject({ method: 'GET', url: `/things/${'a'.repeat(101)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'TOO_LARGE' });
    const json = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '{"a":',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.json()).toEqual({ message: 'The request body is not valid JSON', code: 'INVALID_JSON' });
    const type = await app.inject({
      method: 'POST',
      url: '/things',
      payload: 'x',
      headers: { 'content-type': 'application/x-evil-%ff' },
    });
    expect(type.json()).toEqual({ message: 'Requests must be sent as JSON', code: 'UNSUPPORTED_MEDIA_TYPE' });
    for (const res of [badUrl, long, json, type]) expect(res.body).not.toMatch(internals);
    await app.close();
  });

  it('answers an undecodable path parameter of the real app in our envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/profile/%ff' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The address is not valid', code: 'BAD_REQUEST' });
  });
});
