// `node --import tsx scripts/backup-restore-check.mjs`: proves that scripts/backup.sh and
// scripts/restore.sh give back what they took (decision 076). On the PostgreSQL server of
// BACKUP_CHECK_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
// and two local S3 servers (s3rver, server/test/local-s3.ts) it
//   1. starts one Muster process (server/src/main.ts, SEED_DEMO=false) on a new database and a source
//      bucket: the server migrates it, and accounts (server/test/factories.ts) post pictures and
//      documents, comment, like, connect and message each other over HTTP;
//   2. copies the media into the source bucket if the server wrote them to its disk (a store
//      without S3 support), then stops the server;
//   3. backs up (bucket → folder), restores into a fresh database and a fresh bucket on the other
//      S3 server, and again without S3 (DATA_DIR/media → a folder) into another fresh database;
//   4. compares the row count of every table and every object's name, size, sha256 and content
//      type, source against restored. Exit 1 on any difference. Everything it made is dropped.
//   5. checks itself: a post and an object removed from the restored copies must be found, and
//      restore.sh must refuse a database that already has tables.
// Nothing here is timed: on a busy machine each step takes what it takes.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../server/src/db/database.ts';
import { buildUser, TEST_PASSWORD } from '../server/test/factories.ts';
import { freePort } from '../server/test/free-port.ts';
import { startLocalS3 } from '../server/test/local-s3.ts';
import { bucketFromEnv, listObjects, push } from './bucket-sync.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverUrl =
  process.env.BACKUP_CHECK_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const withDatabase = (name) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const names = {
  source: `muster_bk_src_${process.pid}`,
  restored: `muster_bk_dst_${process.pid}`,
  restoredFromDisk: `muster_bk_disk_${process.pid}`,
};
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-backup-check-'));
const log = (line) => console.log(`backup-restore-check: ${line}`);

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const cleanups = [];
let server;
let failed = false;

try {
  for (const name of Object.values(names)) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  cleanups.push(async () => {
    for (const name of Object.values(names))
      await admin.query(`drop database if exists ${name} with (force)`);
  });
  const sourceS3 = await startLocalS3('muster-source');
  cleanups.push(() => sourceS3.close());
  const restoredS3 = await startLocalS3('muster-restored');
  cleanups.push(() => restoredS3.close());

  // 1. The server makes the data.
  const dataDir = path.join(work, 'data');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...sourceS3.env,
      NODE_ENV: 'production',
      DATABASE_URL: withDatabase(names.source),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      LOG_FORMAT: 'json',
      REDIS_URL: '',
      SMTP_URL: '',
      WRITE_RATE_LIMIT_SCALE: '100',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  await until('the server answers /api/v1/health', async () => (await fetch(`${base}/api/v1/health`)).ok);
  log(`Muster is up on ${base} against ${names.source}`);
  await makeData(base, withDatabase(names.source));
  server.kill('SIGTERM');
  await exited;
  server = undefined;

  // 2. The source bucket holds every upload.
  const sourceStore = bucketFromEnv(sourceS3.env);
  const diskMedia = path.join(dataDir, 'media');
  const onDisk = fs.existsSync(diskMedia) ? fs.readdirSync(diskMedia).length : 0;
  if (onDisk && (await objectsOf(sourceStore)).length === 0) {
    const copied = await push(sourceStore, diskMedia);
    log(`the server stored its media on disk: ${copied.objects} files copied into the source bucket`);
  }

  // 3. Back up and restore, with a bucket…
  const backups = path.join(work, 'backups');
  const fromBucket = await run('scripts/backup.sh', [backups], {
    DATABASE_URL: withDatabase(names.source),
    ...sourceS3.env,
  });
  log(`backed up into ${fromBucket}`);
  await run('scripts/restore.sh', [fromBucket, withDatabase(names.restored)], {
    ...restoredS3.env,
  });

  // …and from the disk store into a folder.
  const backupsFromDisk = path.join(work, 'backups-disk');
  const diskSource = onDisk ? dataDir : path.join(work, 'disk-source');
  if (!onDisk) {
    // The server wrote to the bucket: give the disk leg the same files to carry.
    const pulled = path.join(diskSource, 'media');
    await spawnNode(['scripts/bucket-sync.mjs', 'pull', pulled], sourceS3.env);
    fs.rmSync(path.join(pulled, '.bucket-index.json'));
  }
  const fromDisk = await run('scripts/backup.sh', [backupsFromDisk], {
    DATABASE_URL: withDatabase(names.source),
    DATA_DIR: diskSource,
    S3_ENDPOINT: '',
  });
  const restoredFolder = path.join(work, 'restored-media');
  await run('scripts/restore.sh', [fromDisk, withDatabase(names.restoredFromDisk), restoredFolder], {
    S3_ENDPOINT: '',
  });

  // 4. Compare, independently of the manifests restore.sh already checked.
  const problems = [];
  const sourceCounts = await tableCounts(names.source);
  const tables = Object.keys(sourceCounts).length;
  const rows = Object.values(sourceCounts).reduce((a, b) => a + b, 0);
  for (const name of [names.restored, names.restoredFromDisk])
    problems.push(...differences(`database ${name}`, sourceCounts, await tableCounts(name)));

  const sourceObjects = await objectsOf(sourceStore);
  const restoredStore = bucketFromEnv(restoredS3.env);
  problems.push(...differences('bucket', keyed(sourceObjects), keyed(await objectsOf(restoredStore))));
  const folderFiles = filesOf(restoredFolder);
  const withoutTypes = keyed(sourceObjects.map(({ contentType: _, ...rest }) => rest));
  problems.push(...differences('folder', withoutTypes, keyed(folderFiles)));

  // The check checks itself: one row and one object fewer in the restored copies must be seen, and
  // restore.sh must refuse a database that is no longer empty.
  const target = new pg.Client({ connectionString: withDatabase(names.restored) });
  await target.connect();
  await target.query('delete from public.posts where ctid = (select min(ctid) from public.posts)');
  await target.end();
  const [gone] = sourceObjects;
  await restoredStore.client.send(new DeleteObjectCommand({ Bucket: restoredStore.bucket, Key: gone.key }));
  // (A post's delete cascades to its likes, comments and tags: at least its own table differs.)
  const rowSeen = differences('', sourceCounts, await tableCounts(names.restored)).length > 0;
  const objectSeen = differences('', keyed(sourceObjects), keyed(await objectsOf(restoredStore))).length;
  if (!rowSeen || objectSeen !== 1)
    problems.push(`a row and an object removed on purpose: row seen ${rowSeen}, ${objectSeen} objects seen`);
  const again = await child('bash', ['scripts/restore.sh', fromBucket, withDatabase(names.restored)], {
    ...restoredS3.env,
  });
  if (again.code !== 1) problems.push(`restore.sh into a database with tables exited ${again.code}, not 1`);
  sourceStore.client.destroy();
  restoredStore.client.destroy();

  if (rows === 0 || sourceObjects.length === 0) problems.push('the source held no rows or no media');
  if (problems.length) {
    failed = true;
    console.error(`backup-restore-check: FAILED\n  ${problems.join('\n  ')}`);
  } else
    log(
      `OK: ${tables} tables and ${rows} rows, ${sourceObjects.length} objects ` +
        `(${sourceObjects.reduce((s, o) => s + o.size, 0)} bytes) identical after both restores; ` +
        'a row and an object removed on purpose were caught',
    );
} catch (err) {
  failed = true;
  console.error('backup-restore-check: FAILED', err);
} finally {
  server?.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch((err) => console.error(err));
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** Accounts from the factories, then everything else through the API as a browser would do it. */
async function makeData(base, databaseUrl) {
  const handle = await openDatabase({ databaseUrl });
  const people = [];
  try {
    for (let i = 0; i < 4; i++) people.push(await buildUser(handle.db));
  } finally {
    await handle.close();
  }
  const cookies = [];
  for (const person of people) {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: person.username, password: TEST_PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    cookies.push(/muster_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')[0]);
  }
  const call = async (who, url, body) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method: 'POST',
      headers: { cookie: cookies[who], ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : (await res.json()).data;
  };

  const posts = [];
  for (let who = 0; who < people.length; who++) {
    for (let n = 0; n < 3; n++) {
      const picture = await sharp({
        create: { width: 64 + n, height: 48, channels: 3, background: { r: 40 * who, g: 90, b: 30 * n } },
      })
        .png()
        .toBuffer();
      posts.push(
        await call(who, '/posts/create', {
          kind: n === 0 ? 'need' : 'general',
          ...(n === 0 ? { category: 'Shelter' } : {}),
          content: `Post ${n} of person ${who}: water and blankets near the school`,
          image: `data:image/png;base64,${picture.toString('base64')}`,
        }),
      );
    }
    const pdf = Buffer.from(`%PDF-1.4\n% list ${who}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
    posts.push(
      await call(who, '/posts/create', {
        content: `The supply list of person ${who}`,
        file: `data:application/pdf;base64,${pdf.toString('base64')}`,
        fileName: `supplies-${who}.pdf`,
      }),
    );
  }
  for (let who = 0; who < people.length; who++) {
    const other = (who + 1) % people.length;
    await call(who, `/connections/${people[other].id}`);
    for (const post of posts.filter((_, i) => i % people.length === other)) {
      await call(who, `/posts/${post._id}/like`);
      await call(who, `/posts/${post._id}/comments`, { content: `I can help with this, from person ${who}` });
    }
    for (let m = 0; m < 3; m++)
      await call(who, '/chats/send', { recipientId: people[other].id, message: `Message ${m} from ${who}` });
  }
  log(`made ${people.length} accounts and ${posts.length} posts with media over HTTP`);
}

async function tableCounts(database) {
  const client = new pg.Client({ connectionString: withDatabase(database) });
  await client.connect();
  try {
    const { rows } = await client.query(`
      select format('%I.%I', table_schema, table_name) as name
      from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`);
    const counts = {};
    for (const { name } of rows)
      counts[name] = Number((await client.query(`select count(*) as n from ${name}`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

async function objectsOf(store) {
  const objects = [];
  for await (const { key } of listObjects(store)) {
    const answer = await store.client.send(new GetObjectCommand({ Bucket: store.bucket, Key: key }));
    const bytes = Buffer.from(await answer.Body.transformToByteArray());
    objects.push({ key, size: bytes.length, sha256: sha256(bytes), contentType: answer.ContentType });
  }
  return objects;
}

function filesOf(folder) {
  return fs.readdirSync(folder).map((key) => {
    const bytes = fs.readFileSync(path.join(folder, key));
    return { key, size: bytes.length, sha256: sha256(bytes) };
  });
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

function keyed(objects) {
  return Object.fromEntries(objects.map(({ key, ...rest }) => [key, JSON.stringify(rest)]));
}

function differences(what, expected, actual) {
  const found = [];
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)]))
    if (expected[key] !== actual[key])
      found.push(
        `${what}: ${key}: ${expected[key] ?? 'absent'} at the source, ${actual[key] ?? 'absent'} restored`,
      );
  return found;
}

/**
 * Runs one of our shell scripts; its last line on stdout is its answer. Throws on a non-zero exit.
 * Never spawnSync: the S3 servers run in this process and must keep answering meanwhile.
 */
async function run(script, args, env) {
  const { code, stdout } = await child('bash', [script, ...args], env);
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${stdout}`);
  return stdout.trim().split('\n').at(-1);
}

async function spawnNode(args, env) {
  const { code } = await child(process.execPath, args, env);
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
}

function child(command, args, env) {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    proc.stdout.on('data', (chunk) => (stdout += chunk));
    proc.on('error', reject);
    proc.on('close', (code) => resolve({ code, stdout }));
  });
}

/** Polls until `check` holds; a start on a busy machine may take a minute, so only a long bound. */
async function until(what, check, limitMs = 300_000) {
  const end = Date.now() + limitMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (server && server.exitCode !== null) throw new Error(`the server exited before ${what}`);
    if (Date.now() > end) throw new Error(`gave up waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
