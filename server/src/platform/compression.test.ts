import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInUser } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { API_COMPRESSION_THRESHOLD, registerCompression } from './compression.js';
import { newId } from './ids.js';
import { checkResponses, stringifyResponses } from './serializer.js';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signedInUser(t));
  // Enough posts for a home feed page well above the threshold.
  for (let i = 0; i < 8; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posts/create',
      headers: { cookie },
      payload: { content: `Post ${i}: ${'sandbags and a van to the river shelter, '.repeat(8)}#floodrelief` },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t.close());

const feed = (app: TestApp['app'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/v1/posts/feed', headers: { cookie, ...headers } });

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  throw new Error(`unexpected encoding ${encoding}`);
}

describe('API answers above the threshold', () => {
  it('are compressed with brotli for a browser, and decompress to the same JSON as the plain answer', async () => {
    const plain = await feed(t.app);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4 * API_COMPRESSION_THRESHOLD);
    const posts = plain.json().data as unknown[];
    expect(posts.length).toBeGreaterThanOrEqual(8);

    const res = await feed(t.app, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(decode('br', res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('are gzipped for a client that takes only gzip, and follow its q-values', async () => {
    const plain = await feed(t.app);
    for (const accept of ['gzip', 'br;q=0.5, gzip', 'x-gzip', 'br;q=0, gzip;q=0.1']) {
      const res = await feed(t.app, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(decode('gzip', res.rawPayload).toString('utf8')), accept).toEqual(plain.json());
    }
  });

  it('go as they are to a client that asks for no encoding, or only for identity or ones we do not speak', async () => {
    const plain = await feed(t.app);
    for (const accept of [undefined, 'identity', 'compress', 'br;q=0, gzip;q=0']) {
      const res = await feed(t.app, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.json(), accept).toEqual(plain.json());
    }
  });
});

it('sends a small answer as it is, even to a browser', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/health',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.json()).toMatchObject({ data: { status: 'ok' } });
});

it('leaves media alone, whatever their type', async () => {
  // A compressible file among the media: only the missing hook keeps it from being compressed.
  const name = `${newId()}.txt`;
  const text = 'a line of plain text\n'.repeat(500);
  await fs.mkdir(path.join(t.config.dataDir, 'media'), { recursive: true });
  await fs.writeFile(path.join(t.config.dataDir, 'media', name), text);
  const res = await t.app.inject({
    method: 'GET',
    url: `/media/${name}`,
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.body).toBe(text);
});

it('does not touch the live socket route', async () => {
  // A plain GET (no upgrade) is refused by the socket route; its answer is not ours to encode.
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/ws',
    headers: { cookie, 'accept-encoding': 'gzip, br' },
  });
  expect(res.headers['content-encoding']).toBeUndefined();
});

it('does not inflate a compressed request body: bodies are plain JSON', async () => {
  const body = zlib.gzipSync(JSON.stringify({ content: 'zipped #floodrelief' }));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/posts/create',
    headers: { cookie, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    payload: body,
  });
  expect(res.statusCode).toBe(400);
  expect(
    await t.db.selectFrom('posts').select('id').where('content', '=', 'zipped #floodrelief').execute(),
  ).toEqual([]);
});

it('compresses nothing with API_COMPRESSION=off', async () => {
  const off = await buildTestApp({ env: { API_COMPRESSION: 'off' } });
  try {
    const { cookie: someone } = await signedInUser(off);
    const res = await off.app.inject({
      method: 'GET',
      url: '/api/v1/openapi.json',
      headers: { cookie: someone, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(10 * API_COMPRESSION_THRESHOLD);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ openapi: '3.1.0' });
  } finally {
    await off.close();
  }
  // The same document from the app with compression on, to show the request was one it compresses.
  const on = await t.app.inject({
    method: 'GET',
    url: '/api/v1/openapi.json',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(on.headers['content-encoding']).toBe('br');
});

it('compresses after the schema check outside production, which still reads the JSON text', async () => {
  // A bare app with our two hooks and one route whose answer breaks its schema: the check must
  // see the text (and fail it) whether or not the client asked for brotli.
  const app = Fastify();
  app.setSerializerCompiler(stringifyResponses);
  checkResponses(app);
  await registerCompression(app, true);
  app.get(
    '/api/v1/leaky',
    { schema: { response: { 200: z.object({ data: z.array(z.object({ id: z.string() })) }) } } },
    async (_request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: `${i}`, secret: 'x' })) })),
  );
  try {
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/v1/leaky', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(500);
    }
  } finally {
    await app.close();
  }
});
