import crypto from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers.js';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { createMediaStore, type ObjectBackend, registerMediaRoutes } from './media.js';

/**
 * Signed delivery (decision 073). s3rver checks a presigned URL's expiry but not its signature, so
 * the signature is checked here by hand, as AWS Signature Version 4 defines it: canonical request →
 * string to sign → a key derived from the secret for the day, region and service.
 */
const SECRET = 'a-secret-only-this-test-knows';
const ACCESS_KEY = 'MUSTERTESTKEY';

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest();
const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** Whether `url`'s X-Amz-Signature is the one `secret` gives for a GET of it. */
function signatureHolds(url: string, secret: string): boolean {
  const u = new URL(url);
  const query = [...u.searchParams].filter(([key]) => key !== 'X-Amz-Signature');
  const canonicalQuery = query
    .map(([key, value]) => [rfc3986(key), rfc3986(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const signedHeaders = u.searchParams.get('X-Amz-SignedHeaders')!;
  const headers: Record<string, string> = { host: u.host };
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${headers[name]}\n`)
    .join('');
  // S3 keys are encoded once (no double encoding of the path, unlike other services).
  const canonicalPath = u.pathname
    .split('/')
    .map((segment) => rfc3986(decodeURIComponent(segment)))
    .join('/');
  const canonicalRequest = [
    'GET',
    canonicalPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const [, day, region, service, terminator] = u.searchParams.get('X-Amz-Credential')!.split('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    u.searchParams.get('X-Amz-Date')!,
    `${day}/${region}/${service}/${terminator}`,
    sha256(canonicalRequest),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day!), region!), service!), terminator!);
  const expected = hmac(key, stringToSign).toString('hex');
  const given = u.searchParams.get('X-Amz-Signature') ?? '';
  return (
    given.length === expected.length && crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

describe('the signature of a signed media URL', () => {
  const ttl = 900;
  const app = Fastify();
  beforeAll(async () => {
    const config = testConfig({
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'muster-media',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET,
      MEDIA_DELIVERY: 'signed',
      MEDIA_URL_TTL_SECONDS: String(ttl),
    });
    // Signing needs no answer from the bucket: nothing listens on that port.
    await registerMediaRoutes(app, await createMediaStore(config), {
      mode: config.mediaDelivery,
      ttlSeconds: config.mediaUrlTtlSeconds,
    });
  });
  afterAll(() => app.close());

  const signed = async (name: string) => {
    const res = await app.inject({ method: 'GET', url: `/media/${name}` });
    expect(res.statusCode).toBe(302);
    return res.headers.location as string;
  };

  it('verifies with the configured key, for the configured TTL, asking for the stored headers', async () => {
    const url = await signed('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.pdf');
    const params = new URL(url).searchParams;
    expect(params.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(params.get('X-Amz-Expires')).toBe(String(ttl));
    expect(params.get('X-Amz-Credential')).toMatch(
      new RegExp(`^${ACCESS_KEY}/\\d{8}/eu-central-1/s3/aws4_request$`),
    );
    expect(params.get('response-content-disposition')).toBe('attachment');
    expect(params.get('response-content-type')).toBe('application/pdf');
    expect(params.get('response-cache-control')).toBe('public, max-age=31536000, immutable');
    expect(signatureHolds(url, SECRET)).toBe(true);
    expect(signatureHolds(await signed('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp'), SECRET)).toBe(true);
  });

  it('does not verify with another key or once anything in it is changed', async () => {
    const url = await signed('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.pdf');
    expect(signatureHolds(url, `${SECRET}x`)).toBe(false);
    const tampered = (change: (u: URL) => void) => {
      const u = new URL(url);
      change(u);
      return u.toString();
    };
    for (const changed of [
      tampered((u) => (u.pathname = u.pathname.replace('.pdf', '.doc'))),
      tampered((u) => u.searchParams.set('X-Amz-Expires', String(ttl * 100))),
      tampered((u) => u.searchParams.set('response-content-disposition', 'inline')),
      tampered((u) => u.searchParams.delete('response-content-type')),
      tampered((u) => (u.host = 'evil.example:9')),
      tampered((u) => u.searchParams.set('X-Amz-Signature', '0'.repeat(64))),
    ])
      expect(signatureHolds(changed, SECRET), changed).toBe(false);
  });
});

describe('expiry, as the local S3 server enforces it', () => {
  let s3: LocalS3;
  let backend: ObjectBackend;
  beforeAll(async () => {
    s3 = await startLocalS3();
    const store = await createMediaStore(testConfig(s3.env));
    if (store.backend.kind !== 's3') throw new Error('expected the bucket store');
    backend = store.backend;
    await backend.put('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
  });
  afterAll(() => s3.close());

  it('answers a URL within its TTL and refuses it once expired', async () => {
    const name = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.webp';
    const options = { cacheControl: 'public, max-age=31536000, immutable', contentType: 'image/webp' };
    const lasting = await backend.signedUrl(name, { ...options, expiresIn: 3600 });
    expect((await fetch(lasting)).status).toBe(200);

    // A short TTL in this test only (the configured one is at least a minute): poll, generously,
    // until the server's clock has passed it, then it must refuse.
    const brief = await backend.signedUrl(name, { ...options, expiresIn: 1 });
    expect(new URL(brief).searchParams.get('X-Amz-Expires')).toBe('1');
    let answer: Response | undefined;
    for (let i = 0; i < 120; i++) {
      answer = await fetch(brief);
      if (answer.status !== 200) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(answer!.status).toBe(403);
    expect(await answer!.text()).toContain('Request has expired');
    // The lasting one still works: it was the clock, not the server turning everything away.
    expect((await fetch(lasting)).status).toBe(200);
  });
});
