import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';
import { savingMedia } from './media.js';
import { sniffType } from './sniff.js';
import { bucketNames } from '../../../test/bucket.js';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.js';

let t: TestApp;
let mediaFiles: () => Promise<string[]>;

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

// Every test below runs against both stores: the local folder and a bucket (s3rver, decision 073).
describe.each(['disk', 's3'] as const)('media on %s', (kind) => {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    s3 = kind === 's3' ? await startLocalS3() : undefined;
    t = await buildTestApp({ env: s3?.env });
    mediaFiles = s3
      ? () => bucketNames(s3!)
      : () => fs.readdir(path.join(t.config.dataDir, 'media')).catch(() => [] as string[]);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  async function putPicture(cookie: string | undefined, image: string | null) {
    return t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/picture',
      payload: { image },
      headers: cookie ? { cookie } : {},
    });
  }

  describe('profile picture upload', () => {
    it('re-encodes the image without its metadata and serves it with nosniff', async () => {
      const { cookie } = await signedInUser(t);
      const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
        .jpeg()
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
        .toBuffer();
      expect(photo.toString('latin1')).toContain('secret-gps-owner');

      const res = await putPicture(cookie, dataUrl('image/jpeg', photo));
      expect(res.statusCode).toBe(200);
      const url: string = res.json().data.profilePicture;
      expect(url).toMatch(/^\/media\/[0-9a-f-]+\.webp$/);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.rawPayload.toString('latin1')).not.toContain('secret-gps-owner');
      const meta = await sharp(served.rawPayload).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(512);
      expect(meta.exif).toBeUndefined();
    });

    it('clears the picture back to the default avatar and deletes the file', async () => {
      const { cookie } = await signedInUser(t);
      const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff0000' } })
        .png()
        .toBuffer();
      const url = (await putPicture(cookie, dataUrl('image/png', png))).json().data.profilePicture;
      const cleared = await putPicture(cookie, null);
      expect(cleared.json().data.profilePicture).toBe('/avatar.png');
      expect(await mediaFiles()).not.toContain(path.basename(url));
    });

    const corpus: Array<[string, () => Promise<string>, number]> = [
      [
        'text claiming to be a PNG',
        async () => dataUrl('image/png', Buffer.from('just some text, not an image')),
        400,
      ],
      [
        'an SVG with a script',
        async () =>
          dataUrl(
            'image/png',
            Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          ),
        400,
      ],
      [
        'HTML disguised as a JPEG',
        async () => dataUrl('image/jpeg', Buffer.from('<!doctype html><script>alert(1)</script>')),
        400,
      ],
      ['a PDF', async () => dataUrl('image/png', Buffer.from('%PDF-1.7\n1 0 obj\n')), 400],
      [
        'a truncated JPEG',
        async () => dataUrl('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])),
        400,
      ],
      [
        'a decompression bomb (a 12,000 × 12,000 PNG)',
        async () =>
          dataUrl(
            'image/png',
            await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#000' } })
              .png({ compressionLevel: 9 })
              .toBuffer(),
          ),
        400,
      ],
      [
        'an image over 10 MB',
        async () =>
          dataUrl(
            'image/jpeg',
            Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 1024 * 1024)]),
          ),
        413,
      ],
      ['something that is not a data URL', async () => 'data:image/png;base64,@@@not base64@@@', 400],
    ];

    it.each(corpus)('refuses %s and stores nothing', async (_label, make, status) => {
      const { user, cookie } = await signedInUser(t);
      const before = await mediaFiles();
      const res = await putPicture(cookie, await make());
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
      expect(await mediaFiles()).toEqual(before);
      const row = await t.db
        .selectFrom('users')
        .select('profilePicture')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.profilePicture).toBeNull();
    });

    it('needs a session', async () => {
      expect((await putPicture(undefined, null)).statusCode).toBe(401);
    });
  });

  describe('nothing written means nothing (issue 10, item 3)', () => {
    /** Text the database is made to refuse: a real constraint failing after the media were saved. */
    const REFUSED = 'refused by the database';
    const png = () =>
      sharp({ create: { width: 40, height: 40, channels: 3, background: '#22aa55' } })
        .png()
        .toBuffer();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

    beforeAll(async () => {
      await t.db.schema
        .alterTable('posts')
        .addCheckConstraint('fuzz_refused_post', sql`content <> ${sql.lit(REFUSED)}`)
        .execute();
      await t.db.schema
        .alterTable('collaboration_requests')
        .addCheckConstraint('fuzz_refused_request', sql`title <> ${sql.lit(REFUSED)}`)
        .execute();
    });

    async function expectNoNewFile(write: () => Promise<{ statusCode: number; body: string }>) {
      const before = await mediaFiles();
      const res = await write();
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('fuzz_refused');
      expect(await mediaFiles()).toEqual(before);
    }

    it("removes a post's picture and document when the post cannot be written", async () => {
      const { cookie } = await signedInUser(t);
      const image = dataUrl('image/png', await png());
      const post = (content: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/posts/create',
          headers: { cookie },
          payload: {
            kind: 'general',
            content,
            image,
            file: dataUrl('application/pdf', pdf),
            fileName: 'plan.pdf',
          },
        });
      await expectNoNewFile(() => post(REFUSED));
      // The same post with words the database takes keeps both files.
      const before = (await mediaFiles()).length;
      expect((await post('accepted')).statusCode).toBe(200);
      expect(await mediaFiles()).toHaveLength(before + 2);
    });

    it("removes a hunt's picture when the hunt cannot be written", async () => {
      const { cookie } = await signedInUser(t);
      const image = dataUrl('image/png', await png());
      await expectNoNewFile(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/posts/create-hunt',
          headers: { cookie },
          payload: { huntType: 'product', title: 'A ladder', description: REFUSED, image },
        }),
      );
    });

    it("removes a collaboration request's picture when the request cannot be created or changed, keeping the old one", async () => {
      const { cookie } = await signedInUser(t);
      const image = dataUrl('image/png', await png());
      const create = (title: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/collaboration',
          headers: { cookie },
          payload: { title, description: 'Help wanted', image },
        });
      await expectNoNewFile(() => create(REFUSED));

      const made = await create('A crew for the river');
      expect(made.statusCode).toBe(200);
      const { _id: id, image: kept } = made.json().data as { _id: string; image: string };
      await expectNoNewFile(() =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/collaboration/${id}`,
          headers: { cookie },
          payload: { title: REFUSED, image },
        }),
      );
      expect(await mediaFiles()).toContain(path.basename(kept));
      const after = await t.app.inject({ method: 'GET', url: `/api/v1/collaboration/${id}` });
      expect(after.json().data.image).toBe(kept);
    });

    it('keeps what a successful write saved and removes what a failed one saved', async () => {
      const store = t.app.deps.media;
      const image = dataUrl('image/png', await png());
      const before = await mediaFiles();
      const url = await savingMedia(store, (media) => media.saveImage(image, { maxDimension: 64 }));
      await expect(
        savingMedia(store, async (media) => {
          await media.saveImage(image, { maxDimension: 64 });
          throw new Error('the row write failed');
        }),
      ).rejects.toThrow('the row write failed');
      expect((await mediaFiles()).sort()).toEqual([...before, path.basename(url)].sort());
    });
  });

  describe('a media path with no file behind it (issue 31, item 6)', () => {
    /** Sent as written, over a socket: `app.inject` (like a browser) resolves dot segments and backslashes first. */
    async function raw(target: string, method = 'GET') {
      const address = t.app.server.address();
      const port =
        typeof address === 'object' && address
          ? address.port
          : await t.app
              .listen({ host: '127.0.0.1', port: 0 })
              .then(() => (t.app.server.address() as net.AddressInfo).port);
      const head = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(port, '127.0.0.1', () =>
          socket.end(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
        );
        socket.setEncoding('latin1');
        socket.on('data', (chunk) => (text += chunk));
        socket.on('end', () => resolve(text.split('\r\n\r\n', 1)[0]!));
        socket.on('error', reject);
      });
      const status = Number(head.split(' ', 2)[1]);
      const location = /^location: (.*)$/im.exec(head)?.[1];
      return `${method} ${target} ${status} ${location ?? ''}`.trim();
    }

    it('answers 404, never the app: gone, never made, odd names, directories, traversal', async () => {
      const { cookie } = await signedInUser(t);
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00aa00' } })
        .png()
        .toBuffer();
      const url: string = (await putPicture(cookie, dataUrl('image/png', png))).json().data.profilePicture;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      // Taken down: the same URL is now missing.
      expect((await putPicture(cookie, null)).statusCode).toBe(200);
      const name = path.basename(url);
      const missing = [
        url,
        `${url}?v=2`,
        `/media/${name.replace('.webp', '.png')}`,
        `/media/${name}/`,
        `/media/${name}.br`,
        '/media/00000000-0000-4000-8000-000000000000.webp',
        '/media/nothing-here.jpg',
        '/media/x.html',
        '/media/x.svg',
        '/media/x',
        '/media/.hidden',
        '/media/a/b/c.webp',
        '/media/',
        '/media',
        '/media//x.webp',
        '/media/' + 'a'.repeat(300) + '.webp',
        '/MEDIA/x.webp',
        '/Media/00000000-0000-4000-8000-000000000000.webp',
        '/%6Dedia/x.webp',
      ];
      const answers: string[] = [];
      for (const target of missing) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url: target });
          answers.push(`${method} ${target} ${res.statusCode} ${res.headers.location ?? ''}`.trim());
        }
      }
      expect(answers).toEqual(missing.flatMap((target) => [`GET ${target} 404`, `HEAD ${target} 404`]));

      // Out of the folder, as a script sends it: missing too, never the app nor a file.
      const traversal = [
        '/media/../../etc/passwd',
        '/media/../package.json',
        '/media/%2e%2e/%2e%2e/etc/passwd',
        '/media/..%2f..%2fetc%2fpasswd',
        '/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
        '/media/..\\..\\etc\\passwd',
        '/media/./x.webp',
        `/media/./${name}`,
        '/media/..',
      ];
      for (const target of traversal) expect(await raw(target)).toBe(`GET ${target} 404`);
      expect(await raw(`/media/../media/${name}`)).toBe(`GET /media/../media/${name} 404`);

      // Malformed (a NUL, a broken escape): 400, as for any other path.
      for (const target of ['/media/%00.webp', '/media/%E0%A4%A.webp'])
        expect((await t.app.inject({ method: 'GET', url: target })).statusCode, target).toBe(400);

      // Anything else that is not there still leads to the app.
      const elsewhere = await t.app.inject({ method: 'GET', url: '/some/page' });
      expect(elsewhere.statusCode).toBe(302);
      expect((await t.app.inject({ method: 'GET', url: '/mediation' })).statusCode).toBe(302);
    });
  });
});

describe('sniffType', () => {
  it('reads the type from the bytes', () => {
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(Buffer.from('%PDF-1.4'))).toBe('application/pdf');
    expect(sniffType(Buffer.from('<svg></svg>'))).toBeUndefined();
  });
});
