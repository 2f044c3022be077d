import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketClient, bucketNames } from '../test/bucket.js';
import { type LocalS3, startLocalS3 } from '../test/local-s3.js';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { createLocalMediaStore } from './platform/media/media.js';
import { main } from './media-copy-to-s3.js';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('npm run media:copy-to-s3', () => {
  let s3: LocalS3;
  let dataDir: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-copy-'));
  });
  afterAll(async () => {
    await s3.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const run = async () => {
    let out = '';
    let err = '';
    const code = await main(
      { NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env },
      { out: { write: (text: string) => (out += text) }, err: { write: (text: string) => (err += text) } },
    );
    return { code, out, err };
  };

  it('copies a disk store into the bucket with sniffed types, then skips what is already there', async () => {
    const disk = createLocalMediaStore(dataDir);
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = await disk.saveImage(dataUrl('image/png', png), { maxDimension: 30 });
    const pdf = await disk.saveDocument(dataUrl('application/pdf', Buffer.from('%PDF-1.7\n%%EOF\n')));
    const video = await disk.saveVideo(
      dataUrl('video/webm', Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(100, 7)])),
    );
    // Not the store's: left behind, and counted.
    await fs.writeFile(path.join(dataDir, 'media', '.DS_Store'), 'x');
    const names = [image, pdf, video].map((url) => path.basename(url));

    const first = await run();
    expect(first).toMatchObject({ code: 0, err: '' });
    expect(first.out).toContain('4 files');
    expect(first.out).toContain('3 copied, 0 already in the bucket muster-media, 1 not media, 0 failed');
    expect(await bucketNames(s3)).toEqual([...names].sort());

    const client = bucketClient(s3);
    const types = await Promise.all(
      names.map(
        async (Key) => (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key }))).ContentType,
      ),
    );
    expect(types).toEqual(['image/webp', 'application/pdf', 'video/webm']);
    const copied = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: names[0] }));
    expect(copied.ContentLength).toBe((await fs.stat(path.join(dataDir, 'media', names[0]!))).size);
    client.destroy();

    // Again, with one more file and one changed since: only those two go.
    const later = await disk.saveDocument(
      dataUrl('application/pdf', Buffer.from('%PDF-1.7\nlater\n%%EOF\n')),
    );
    await fs.appendFile(path.join(dataDir, 'media', names[1]!), '\n% grown\n');
    const second = await run();
    expect(second.code).toBe(0);
    expect(second.out).toContain('2 copied, 2 already in the bucket muster-media, 1 not media, 0 failed');
    expect(await bucketNames(s3)).toEqual([...names, path.basename(later)].sort());
    expect((await run()).out).toContain('0 copied, 4 already in the bucket');
  });

  it('says what is missing without a bucket configured', async () => {
    let err = '';
    const code = await main(
      { NODE_ENV: 'test', DATA_DIR: dataDir },
      { out: { write: () => undefined }, err: { write: (text: string) => (err += text) } },
    );
    expect(code).toBe(2);
    expect(err).toContain('S3_ENDPOINT');
  });
});
