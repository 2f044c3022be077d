// `node scripts/bucket-sync.mjs pull|push <folder> [--into-empty]`: copies an S3-compatible bucket
// to a folder (pull) or a folder into a bucket (push), for backups and restores (decision 076). The
// bucket is the one the server would use: S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, as in server/src/config.ts.
//
// A folder holds one file per object, named by its key, and `.bucket-index.json`: each key's
// content type, size and sha256. A pull writes the index; a push sets each object's content type
// from it (or from the file's extension when a plain folder, such as DATA_DIR/media, has none), so
// that a restored picture is served as the picture it was. Its last line on stdout is a JSON
// summary ({ objects, bytes }), which backup.sh writes into its manifest.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pipeline } from 'node:stream/promises';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';

export const INDEX_FILE = '.bucket-index.json';
// Enough to keep a remote store busy without holding many 10 MB bodies at once.
const CONCURRENCY = 8;
// What the media store writes (server/src/platform/media/media.ts), for a folder without an index.
const TYPES_BY_EXTENSION = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function bucketFromEnv(env = process.env) {
  if (!env.S3_ENDPOINT) throw new Error('S3_ENDPOINT is not set');
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new Error('set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY with S3_ENDPOINT');
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION || 'us-east-1',
    forcePathStyle: !['false', '0'].includes(env.S3_FORCE_PATH_STYLE ?? ''),
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    // The SDK's default since 2025 streams bodies as aws-chunked with a CRC trailer, which several
    // S3-compatible servers (s3rver among them) store verbatim, chunk headers and all: the check
    // caught restored objects larger than their sources. A checksum only where the API requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { client, bucket: env.S3_BUCKET || 'muster-media' };
}

export async function* listObjects({ client, bucket }) {
  let ContinuationToken;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
    for (const object of page.Contents ?? []) yield { key: object.Key, size: object.Size ?? 0 };
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

/** Runs `work` on every item with at most CONCURRENCY at a time; the first failure stops the run. */
async function eachLimited(items, work) {
  const queue = [...items];
  const runners = Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
    while (queue.length) await work(queue.shift());
  });
  await Promise.all(runners);
}

/** A key must stay inside the folder: no absolute paths, no `..` segments, not the index itself. */
function fileOf(folder, key) {
  const file = path.resolve(folder, key);
  if (key === INDEX_FILE || !file.startsWith(path.resolve(folder) + path.sep))
    throw new Error(`refusing object key ${JSON.stringify(key)}: it would land outside ${folder}`);
  return file;
}

export async function pull(store, folder) {
  fs.mkdirSync(folder, { recursive: true });
  const objects = [];
  for await (const object of listObjects(store)) objects.push(object);
  const index = {};
  await eachLimited(objects, async ({ key }) => {
    const file = fileOf(folder, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
    const hash = createHash('sha256');
    let size = 0;
    answer.Body.on('data', (chunk) => {
      hash.update(chunk);
      size += chunk.length;
    });
    await pipeline(answer.Body, fs.createWriteStream(file));
    index[key] = { contentType: answer.ContentType, size, sha256: hash.digest('hex') };
  });
  const sorted = Object.fromEntries(Object.entries(index).sort(([a], [b]) => (a < b ? -1 : 1)));
  fs.writeFileSync(path.join(folder, INDEX_FILE), JSON.stringify(sorted, null, 1) + '\n');
  return summary(Object.values(index));
}

function filesUnder(folder, prefix = '') {
  return fs.readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(folder, key);
    return entry.isFile() && key !== INDEX_FILE ? [key] : [];
  });
}

export async function push(store, folder, { intoEmpty = false } = {}) {
  await ensureBucket(store);
  if (intoEmpty) {
    for await (const object of listObjects(store))
      throw new Error(`bucket ${store.bucket} is not empty (it holds ${object.key}); restore into a new one`);
  }
  const indexFile = path.join(folder, INDEX_FILE);
  const index = fs.existsSync(indexFile) ? JSON.parse(fs.readFileSync(indexFile, 'utf8')) : {};
  const keys = fs.existsSync(folder) ? filesUnder(folder) : [];
  const sent = [];
  await eachLimited(keys, async (key) => {
    const file = fileOf(folder, key);
    const size = fs.statSync(file).size;
    const extension = path.extname(key).slice(1).toLowerCase();
    await store.client.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: index[key]?.contentType ?? TYPES_BY_EXTENSION[extension] ?? 'application/octet-stream',
      }),
    );
    sent.push({ size });
  });
  return summary(sent);
}

async function ensureBucket({ client, bucket }) {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    if (err?.$metadata?.httpStatusCode !== 404) throw err;
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}

const summary = (objects) => ({
  objects: objects.length,
  bytes: objects.reduce((sum, { size }) => sum + size, 0),
});

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [direction, folder] = process.argv.slice(2);
  if (!['pull', 'push'].includes(direction) || !folder) {
    console.error('usage: node scripts/bucket-sync.mjs pull|push <folder> [--into-empty]');
    process.exit(2);
  }
  try {
    const store = bucketFromEnv();
    const result =
      direction === 'pull'
        ? await pull(store, folder)
        : await push(store, folder, { intoEmpty: process.argv.includes('--into-empty') });
    store.client.destroy();
    console.log(JSON.stringify(result));
  } catch (err) {
    console.error(`bucket-sync ${direction}: ${err.message}`);
    process.exit(1);
  }
}
