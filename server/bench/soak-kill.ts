// `npm run soak:kill`: durability when the server dies mid-write. Writers create posts through the
// API while the server process is SIGKILLed and restarted, on the embedded database (a PGlite data
// directory of its own) and on PostgreSQL (a database of its own, when the server is reachable).
// Then every acknowledged post must be there: lost must be 0, and the data directory must have
// reopened after every kill. Some kills land during start-up, while the database is being opened.
// Traffic only to 127.0.0.1; bounded in time. Not a test: it prints figures, and exits 1 on a loss.
//
//   SOAK_KILLS (10)          kills per database
//   SOAK_WRITERS (4)         concurrent writers, each its own account
//   SOAK_DATABASE_URL        a PostgreSQL server to soak on (postgres://postgres@127.0.0.1:5432/postgres);
//                            the soak creates a database there and drops it after. "skip": PGlite only
//   SOAK_DEADLINE_S (900)    the whole run gives up after this
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Post } from '@muster/contract/posts';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { buildUser, TEST_PASSWORD } from '../test/factories.js';
import { freePort } from '../test/free-port.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const KILLS = Number(process.env.SOAK_KILLS ?? 10);
const WRITERS = Number(process.env.SOAK_WRITERS ?? 4);
const PG_URL = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const deadline = Date.now() + Number(process.env.SOAK_DEADLINE_S ?? 900) * 1000;
/** A start that takes longer than this counts as "did not reopen" (a busy 2-core machine is slow). */
const START_BOUND_MS = 90_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

type Target = { label: string; env: Record<string, string>; open: () => ReturnType<typeof openDatabase> };
type Result = {
  label: string;
  kills: number;
  killsDuringStartup: number;
  /** Starts after a kill that were waited for, and how many of them answered. */
  waitedStarts: number;
  reopened: number;
  acknowledged: number;
  lost: number;
  inDoubt: number;
  inDoubtWritten: number;
  refusedAnswers: number;
  restartMs: number[];
  seconds: number;
  log: string;
  note?: string;
};

async function soak(target: Target): Promise<Result> {
  const began = Date.now();
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'muster-soak-'));
  const log = path.join(workDir, 'server.log');
  const logStream = fs.createWriteStream(log);

  // The writers' accounts, made before the first start (PGlite has one process at a time).
  const setup = await target.open();
  await migrateToLatest(setup.db);
  const users = [];
  for (let i = 0; i < WRITERS; i++) users.push(await buildUser(setup.db));
  await setup.close();

  let port = await freePort();
  let server: ChildProcess | undefined;
  const start = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
      env: {
        ...process.env,
        ...target.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        SEED_DEMO: 'false',
        REDIS_URL: '',
        SMTP_URL: '',
        WEB_DIST: path.join(workDir, 'no-web-app'),
        LOGIN_RATE_LIMIT: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(logStream, { end: false });
    child.stderr!.pipe(logStream, { end: false });
    return child;
  };
  const base = () => `http://127.0.0.1:${port}`;
  const healthy = () =>
    fetch(`${base()}/api/v1/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
  /** Starts the server and waits for it to answer; false if it exits or does not answer in time. */
  const startAndWait = async (): Promise<boolean> => {
    for (let attempt = 0; attempt < 3; attempt++) {
      server = start();
      const exited = new Promise<number | null>((resolve) => server!.once('exit', resolve));
      let gone = false;
      void exited.then(() => (gone = true));
      for (const until = Date.now() + START_BOUND_MS; Date.now() < until && !gone;) {
        if (await healthy()) return true;
        await sleep(100);
      }
      if (!gone) return false;
      // Someone else took the port between two starts: take another and try again.
      if (!/EADDRINUSE|already in use/.test(fs.readFileSync(log, 'utf8'))) return false;
      port = await freePort();
    }
    return false;
  };
  const kill = async () => {
    const child = server!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };

  if (!(await startAndWait())) throw new Error(`${target.label}: the server did not start (see ${log})`);
  const cookies: string[] = [];
  for (const user of users) {
    const res = await fetch(`${base()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: user.username, password: TEST_PASSWORD }),
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('muster_session='));
    if (!res.ok || !session) throw new Error(`${target.label}: sign-in failed (${res.status})`);
    cookies.push(session.split(';')[0]!);
  }

  // Writers: an answer with the post is an acknowledged write; a request that got no answer
  // (the server died under it) is in doubt: it may or may not have been written, both are fine.
  const acknowledged = new Map<string, string>();
  const inDoubt: string[] = [];
  let refusedAnswers = 0;
  let writing = true;
  const writer = async (w: number) => {
    for (let n = 0; writing; n++) {
      const content = `soak ${target.label} writer ${w} post ${n} ${Date.now()}`;
      try {
        const res = await fetch(`${base()}/api/v1/posts/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookies[w]! },
          body: JSON.stringify({ kind: 'general', content }),
          signal: AbortSignal.timeout(15_000),
        });
        if (res.ok) {
          const { data } = (await res.json()) as { data: Post };
          acknowledged.set(data._id, data.content);
        } else {
          // An answer that is not a success is a write refused, never one to find later.
          refusedAnswers++;
          await res.body?.cancel();
          await sleep(50);
        }
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        // Refused: nothing listened, so nothing was sent. Anything else may have reached the server.
        if (code !== 'ECONNREFUSED') inDoubt.push(content);
        await sleep(50);
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));

  let kills = 0;
  let killsDuringStartup = 0;
  let waitedStarts = 0;
  let reopened = 0;
  const restartMs: number[] = [];
  let note: string | undefined;
  // Every third kill lands on a server that is still starting (opening and recovering the
  // database); the others on a server that has been taking writes for a second or two.
  const duringStartup = (k: number) => k % 3 === 2;
  for (let k = 0; k < KILLS; k++) {
    if (Date.now() > deadline) {
      note = `stopped at the deadline after ${kills} kills`;
      break;
    }
    await sleep(duringStartup(k) ? between(200, 1_500) : between(500, 2_500));
    await kill();
    kills++;
    if (duringStartup(k)) killsDuringStartup++;
    if (k + 1 < KILLS && duringStartup(k + 1)) {
      server = start();
      continue;
    }
    const t = performance.now();
    waitedStarts++;
    if (!(await startAndWait())) {
      note = `the server did not come back after kill ${kills} (see ${log})`;
      break;
    }
    restartMs.push(performance.now() - t);
    reopened++;
  }
  writing = false;
  await Promise.all(writers);
  if (server!.exitCode === null && server!.signalCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    await exited;
  }
  logStream.end();

  // Read back with the server stopped: PGlite's data directory opened once more, by a new process.
  const check = await target.open();
  const rows = await check.db
    .selectFrom('posts')
    .select(['id', 'content'])
    .where(
      'authorId',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  await check.close();
  const stored = new Map(rows.map((r) => [r.id, r.content]));
  const storedContents = new Set(rows.map((r) => r.content));
  const lostWrites = [...acknowledged].filter(([id, content]) => stored.get(id) !== content);
  for (const [id, content] of lostWrites.slice(0, 5)) {
    console.log(
      `${target.label}: acknowledged ${id} "${content}", stored ${stored.has(id) ? `"${stored.get(id)}"` : 'nothing'}`,
    );
  }
  if (!note && !lostWrites.length) await fsp.rm(workDir, { recursive: true, force: true });
  return {
    label: target.label,
    kills,
    killsDuringStartup,
    waitedStarts,
    reopened,
    acknowledged: acknowledged.size,
    lost: lostWrites.length,
    inDoubt: inDoubt.length,
    inDoubtWritten: inDoubt.filter((c) => storedContents.has(c)).length,
    refusedAnswers,
    restartMs,
    seconds: (Date.now() - began) / 1000,
    log,
    ...(note ? { note } : {}),
  };
}

const results: Result[] = [];
const dataRoot = await fsp.mkdtemp(path.join(os.tmpdir(), 'muster-soak-pglite-'));
try {
  results.push(
    await soak({
      label: 'PGlite',
      env: { DATA_DIR: dataRoot, DATABASE_URL: '' },
      open: () => openDatabase({ dataDir: dataRoot }),
    }),
  );
} finally {
  await fsp.rm(dataRoot, { recursive: true, force: true });
}

if (PG_URL !== 'skip') {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log(
      `PostgreSQL: nothing answers at ${new URL(PG_URL).host}; soaked PGlite only (set SOAK_DATABASE_URL).`,
    );
  } else {
    const name = `muster_soak_${process.pid}`;
    const url = Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
    await admin.query(`create database ${name}`);
    try {
      results.push(
        await soak({
          label: 'PostgreSQL',
          env: { DATABASE_URL: url },
          open: () => openDatabase({ databaseUrl: url }),
        }),
      );
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `\nDurability under SIGKILL: ${KILLS} kills per database, ${WRITERS} writers, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.table(
  results.map((r) => ({
    database: r.label,
    kills: `${r.kills} (${r.killsDuringStartup} during start-up)`,
    'reopened every time':
      r.kills === KILLS && r.reopened === r.waitedStarts
        ? `yes (${r.reopened}/${r.waitedStarts})`
        : `no (${r.reopened}/${r.waitedStarts})`,
    acknowledged: r.acknowledged,
    lost: r.lost,
    'in doubt (written)': `${r.inDoubt} (${r.inDoubtWritten})`,
    'refused answers': r.refusedAnswers,
    'restart median / max': `${(median(r.restartMs) / 1000).toFixed(1)} / ${(Math.max(0, ...r.restartMs) / 1000).toFixed(1)} s`,
    seconds: Math.round(r.seconds),
  })),
);
for (const r of results) if (r.note) console.log(`${r.label}: ${r.note}`);
const failed = results.some((r) => r.lost > 0 || r.kills !== KILLS || r.reopened !== r.waitedStarts);
process.exit(failed ? 1 : 0);
