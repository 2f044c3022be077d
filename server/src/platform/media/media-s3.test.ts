import net from 'node:net';
import path from 'node:path';
import os from 'node:os';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.js';
import { bucketNames } from '../../../test/bucket.js';
import { buildTestApp, testConfig, type TestApp } from '../../../test/helpers.js';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { createMediaStore, MEDIA_URL_PREFIX } from './media.js';

/**
 * The API with media in a bucket (decision 073): uploads land there, `/media/<name>` answers from
 * it with the headers the local folder gives, and what a delete removes leaves the bucket.
 */
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const nameOf = (url: string) => path.basename(url);
/** An MP4 as the sniffer knows it, 64 KB of a pattern so that any byte range can be checked. */
const video = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251)),
]);
const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const png = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: '#22aa55' } })
    .png()
    .toBuffer();

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

async function post(t: TestApp, cookie: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/posts/create',
    headers: { cookie },
    payload: { kind: 'general', content: 'With files', ...payload },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    _id: string;
    image: string | null;
    video: string | null;
    file: { url: string } | null;
  };
}

describe('proxied from the bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: s3.env });
  });
  afterAll(() => t.close());

  it('stores uploads in the bucket and serves them with the local folder’s headers, ETag and ranges', async () => {
    const { cookie } = await signedInUser(t);
    const withVideo = await post(t, cookie, {
      video: dataUrl('video/mp4', video),
      file: dataUrl('application/pdf', pdf),
      fileName: 'plan.pdf',
    });
    const withImage = await post(t, cookie, { image: dataUrl('image/png', await png()) });
    const names = [withVideo.video!, withVideo.file!.url, withImage.image!].map(nameOf);
    expect(await bucketNames(s3)).toEqual(expect.arrayContaining(names));

    const whole = await t.app.inject({ method: 'GET', url: withVideo.video! });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      'content-length': String(video.length),
    });
    expect(whole.headers['content-disposition']).toBeUndefined();
    const etag = whole.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const unchanged = await t.app.inject({
      method: 'GET',
      url: withVideo.video!,
      headers: { 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers.etag).toBe(etag);
    expect(unchanged.rawPayload).toHaveLength(0);

    const part = await t.app.inject({
      method: 'GET',
      url: withVideo.video!,
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.rawPayload.equals(video.subarray(1000, 2000))).toBe(true);

    const beyond = await t.app.inject({
      method: 'GET',
      url: withVideo.video!,
      headers: { range: `bytes=${video.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${video.length}`);
    // A range we do not pass on (several, or nonsense) is the whole file, as RFC 9110 allows.
    for (const range of ['bytes=0-1,5-9', 'lines=1-2', 'bytes=z-'])
      expect(
        (await t.app.inject({ method: 'GET', url: withVideo.video!, headers: { range } })).statusCode,
      ).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: withVideo.video! });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(video.length));
    expect(head.rawPayload).toHaveLength(0);

    const document = await t.app.inject({ method: 'GET', url: withVideo.file!.url });
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe('attachment');
    expect(document.rawPayload.equals(pdf)).toBe(true);

    const image = await t.app.inject({ method: 'GET', url: withImage.image! });
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers 404 for a name the bucket does not hold or the store never makes', async () => {
    for (const url of [
      '/media/00000000-0000-4000-8000-000000000000.webp',
      '/media/x.html',
      '/media/a/b.webp',
      '/media/.env',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });

  it('removes a deleted post’s files from the bucket', async () => {
    const { cookie } = await signedInUser(t);
    const made = await post(t, cookie, {
      image: dataUrl('image/png', await png()),
      file: dataUrl('application/pdf', pdf),
      fileName: 'a.pdf',
    });
    const names = [made.image!, made.file!.url].map(nameOf);
    expect(await bucketNames(s3)).toEqual(expect.arrayContaining(names));
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${made._id}`,
      headers: { cookie },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await bucketNames(s3);
    for (const name of names) expect(left).not.toContain(name);
    expect((await t.app.inject({ method: 'GET', url: made.image! })).statusCode).toBe(404);
  });

  it('removes every object of a deleted account', async () => {
    const { cookie } = await signedInUser(t);
    const picture = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/picture',
      headers: { cookie },
      payload: { image: dataUrl('image/png', await png()) },
    });
    const made = await post(t, cookie, {
      video: dataUrl('video/mp4', video),
      file: dataUrl('application/pdf', pdf),
      fileName: 'b.pdf',
    });
    const names = [picture.json().data.profilePicture as string, made.video!, made.file!.url].map(nameOf);
    expect(await bucketNames(s3)).toEqual(expect.arrayContaining(names));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      headers: { cookie },
      payload: { password: TEST_PASSWORD, confirm: 'DELETE' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await bucketNames(s3);
    for (const name of names) expect(left).not.toContain(name);
  });
});

describe('a bucket that does not answer', () => {
  /** A port that was free a moment ago: connections to it are refused. */
  const deadEndpoint = async () => {
    const server = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  };

  it('is a 503 with the error envelope, reported to onError, never a 500', async () => {
    const env = { ...s3.env, S3_ENDPOINT: await deadEndpoint() };
    const t = await buildTestApp({ env });
    try {
      const read = await t.app.inject({
        method: 'GET',
        url: '/media/00000000-0000-4000-8000-000000000000.webp',
      });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      const { cookie } = await signedInUser(t);
      const upload = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/picture',
        headers: { cookie },
        payload: { image: dataUrl('image/png', await png()) },
      });
      expect(upload.statusCode).toBe(503);
      expect(upload.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
      // A post whose file cannot be removed is still deleted: the change is made, the object is litter.
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/posts/create',
        headers: { cookie },
        payload: { kind: 'general', content: 'No files yet' },
      });
      const id = made.json().data._id as string;
      await t.db
        .updateTable('posts')
        .set({ image: '/media/00000000-0000-4000-8000-000000000000.webp' })
        .where('id', '=', id)
        .execute();
      const gone = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: { cookie } });
      expect(gone.statusCode, gone.body).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/v1/posts/${id}`, headers: { cookie } })).statusCode,
      ).toBe(404);
      // The operator sees each failure counted by operation (decision 075).
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      for (const operation of ['read', 'put', 'remove'])
        expect(metrics).toMatch(
          new RegExp(`^muster_storage_errors_total\\{operation="${operation}"\\} [1-9]`, 'm'),
        );
    } finally {
      await t.close();
    }

    const errors: string[] = [];
    const store = await createMediaStore(
      testConfig({ ...env, DATA_DIR: path.join(os.tmpdir(), 'muster-no-media') }),
      { onError: (operation) => errors.push(operation) },
    );
    await expect(store.check()).rejects.toMatchObject({ statusCode: 503 });
    // Removing runs after a committed write: litter to report, never that write's failure.
    await expect(store.remove(`${MEDIA_URL_PREFIX}x.webp`)).resolves.toBeUndefined();
    expect(errors).toEqual(['check', 'remove']);
  });
});

describe('signed delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...s3.env, MEDIA_DELIVERY: 'signed', MEDIA_URL_TTL_SECONDS: '120' } });
  });
  afterAll(() => t.close());

  it('redirects to a URL the bucket answers with the same headers', async () => {
    const { cookie } = await signedInUser(t);
    const made = await post(t, cookie, {
      file: dataUrl('application/pdf', pdf),
      fileName: 'c.pdf',
      image: dataUrl('image/png', await png()),
    });
    const res = await t.app.inject({ method: 'GET', url: made.file!.url });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toBe(`/${s3.bucket}/${nameOf(made.file!.url)}`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('120');

    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('application/pdf');
    expect(fetched.headers.get('content-disposition')).toBe('attachment');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdf)).toBe(true);

    const image = await fetch(
      (await t.app.inject({ method: 'GET', url: made.image! })).headers.location as string,
    );
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('content-disposition')).toBeNull();

    expect((await t.app.inject({ method: 'GET', url: '/media/a/b.webp' })).statusCode).toBe(404);
    // A name the store could make is not looked up first (that would cost the round trip signing
    // saves): the bucket answers for it, 404 when it holds nothing by that name.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/media/00000000-0000-4000-8000-000000000000.webp',
    });
    expect(unknown.statusCode).toBe(302);
    expect((await fetch(unknown.headers.location as string)).status).toBe(404);
  });
});
