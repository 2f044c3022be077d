// `npm run bench:digest -w server`: the digest for everyone on the scale database (issue 34 item 5,
// decision 065), built in batches on the job queue by a worker process of its own, as production
// runs it. Prints how long the scheduler's turn, the digest jobs and their mail took, and the CPU
// of the worker and of PostgreSQL. Not a test.
//
//   DIGEST_ROUNDS=n   build everyone's digest n times in a row (default 1)
//   DIGEST_WITH_BENCH="feed,profile,…"   meanwhile run `npm run bench` with BENCH_ONLY set to that
//                     (an API process without workers), building digests round after round until
//                     it ends; run the same bench alone before and after to compare its p99s
//   DIGEST_BENCH_ALONE=1   with DIGEST_WITH_BENCH: the bench alone, before and after, too
//
// What the scale seed lacks that a day makes is written first and removed after: the mission
// updates of the last day's notices to the missions' members and followers (as the missions
// feature writes them). The scale seed has no comments, no offers and no scored matches, so those
// sections stay empty here; the statements still run for everyone. The scheduler's turn is the
// script's own, at a moment when the seed's newest day is the digest's day; the API process's own
// scheduler is held off the digest for the run (scheduled_jobs), then given back its turn.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import pino from 'pino';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { DIGEST_QUEUE, scheduleDigests } from '../src/features/notifications/digest/digest.js';
import { createMailer, MAIL_QUEUE } from '../src/platform/mail.js';
import { benchUrl, ensureBenchDatabase } from './scale-db.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.DIGEST_ROUNDS ?? 1);
const WITH_BENCH = process.env.DIGEST_WITH_BENCH;

const setup = await ensureBenchDatabase();
const db = setup.db;
const people = Number((await sql<{ n: string }>`select count(*) as n from users`.execute(db)).rows[0]!.n);
if (people < 1000) {
  console.error('The scale database is nearly empty: run `npm run seed:scale` first.');
  process.exit(1);
}

// The digest's day: the seed's newest posts are its last day; the turn comes at 12:00 UTC after
// them (every person's zone is UTC unless they chose one), so the window is the 28 hours before.
const newest = (await sql<{ at: Date }>`select max(created_at) as at from posts`.execute(db)).rows[0]!.at;
const at = new Date(newest);
at.setUTCHours(12, 0, 0, 0);
if (at <= newest) at.setUTCDate(at.getUTCDate() + 1);

// --- What a day would have made, removed at the end: mission update notices (sub_type 'bench'). ---
await sql`delete from notifications where sub_type = 'bench'`.execute(db);
const madeNotices = await sql`
  insert into notifications (id, user_id, type, sub_type, kind, message, sender_id, related_post_id, related_mission_id, created_at)
  select gen_random_uuid(), a.user_id, 'missionUpdate', 'bench', 'missionUpdates', 'posted an update to ' || m.title,
    p.author_id, p.id, p.mission_id, p.created_at
  from posts p join missions m on m.id = p.mission_id
  cross join lateral (select user_id from mission_members where mission_id = p.mission_id
                      union select user_id from mission_follows where mission_id = p.mission_id) a
  where p.mission_id is not null and p.created_at > ${at}::timestamptz - interval '28 hours' and a.user_id <> p.author_id
    and (m.visibility = 'public' or exists (select 1 from mission_members mm where mm.mission_id = m.id and mm.user_id = a.user_id))
    and not exists (select 1 from blocks b where (b.blocker_id = a.user_id and b.blocked_id = p.author_id)
                                             or (b.blocker_id = p.author_id and b.blocked_id = a.user_id))
    and not exists (select 1 from mutes mu where mu.muter_id = a.user_id and mu.muted_id = p.author_id)`.execute(
  db,
);
console.log(
  `${people.toLocaleString()} people · the turn at ${at.toISOString()} · ${Number(madeNotices.numAffectedRows ?? 0).toLocaleString()} mission update notices of the last day written for it`,
);

// --- Settings as they were, to put back; the API's scheduler held off the digest meanwhile. ---
// A run cut short left its copy: the settings go back to it first, and it stays the copy.
const left = (
  await sql<{ r: string | null }>`select to_regclass('public.digest_bench_settings')::text as r`.execute(db)
).rows[0]!.r;
if (left) {
  await sql`truncate notification_settings`.execute(db);
  await sql`insert into notification_settings select * from digest_bench_settings`.execute(db);
} else await sql`create table digest_bench_settings as select * from notification_settings`.execute(db);
// Jobs a cut-short run left behind would be taken for this run's.
await sql`delete from pgboss.job where name in (${DIGEST_QUEUE}, ${MAIL_QUEUE}) and state < 'completed'`.execute(
  db,
);
await sql`insert into scheduled_jobs (name, next_run_at) values ('digest', now() + interval '1 day')
  on conflict (name) do update set next_run_at = excluded.next_run_at`.execute(db);

// --- A real SMTP server that takes every mail and keeps only the count. ---
let mailsReceived = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      mailsReceived += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as { port: number }).port}`;

// --- The worker: the app itself, with workers, on the bench database (no HTTP listener). ---
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: benchUrl,
  SMTP_URL: smtpUrl,
  PUBLIC_URL: 'https://muster.example',
  WEB_DIST: '/nonexistent',
  REDIS_URL: '',
  JOB_WORKERS: 'true',
});
const worker = await openDatabase({ databaseUrl: benchUrl });
const mailer = createMailer({ smtpUrl, from: config.mailFrom, outboxDir: os.tmpdir(), log: logger });
const app = await buildApp({ config, db: worker.db, mailer, logger, jobBackend: worker.jobBackend });
await app.ready();
const { deps } = app;

/** CPU milliseconds of a process (/proc), or of all PostgreSQL's processes. */
async function cpuMs(pid: number | 'postgres'): Promise<number> {
  const read = async (p: string) => {
    const stat = await readFile(`/proc/${p}/stat`, 'utf8').catch(() => '');
    if (!stat || (pid === 'postgres' && !stat.includes('(postgres)'))) return 0;
    const f = stat.split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12]) + (pid === 'postgres' ? Number(f[13]) + Number(f[14]) : 0)) * 10;
  };
  if (pid !== 'postgres') return read(String(pid));
  let ms = 0;
  const { readdir } = await import('node:fs/promises');
  for (const p of await readdir('/proc')) if (/^\d+$/.test(p)) ms += await read(p);
  return ms;
}

async function until(done: () => Promise<boolean>) {
  while (!(await done())) await new Promise((r) => setTimeout(r, 250));
}

/** One round: everyone's mark cleared, the turn, the digest jobs, their mail. */
async function round(n: number) {
  await sql`update notification_settings set last_digest_at = null`.execute(db);
  mailsReceived = 0;
  const [cpu0, pg0, t0] = [await cpuMs(process.pid), await cpuMs('postgres'), Date.now()];
  const turn = await scheduleDigests(deps, at);
  const t1 = Date.now();
  await until(async () => !(await deps.jobs.busy(DIGEST_QUEUE)));
  const t2 = Date.now();
  const [cpu2, pg2] = [await cpuMs(process.pid), await cpuMs('postgres')];
  await until(async () => !(await deps.jobs.busy(MAIL_QUEUE)));
  const t3 = Date.now();
  const [cpu3, pg3] = [await cpuMs(process.pid), await cpuMs('postgres')];
  const claimed = Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from notification_settings where last_digest_at = ${at}`.execute(db)
    ).rows[0]!.n,
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `round ${n}: turn ${s(t1 - t0)} (${turn.people.toLocaleString()} people in ${turn.batches} jobs) · digest jobs done ${s(t2 - t0)} (worker CPU ${s(cpu2 - cpu0)}, PostgreSQL CPU ${s(pg2 - pg0)}) · ${claimed.toLocaleString()} digests made · mail done ${s(t3 - t0)}, ${mailsReceived.toLocaleString()} mails received (worker CPU ${s(cpu3 - cpu0)}, PostgreSQL CPU ${s(pg3 - pg0)}) · load ${os.loadavg()[0]!.toFixed(1)}`,
  );
}

function bench(only: string): { child: ChildProcess; done: Promise<number> } {
  const child = spawn('npm', ['run', 'bench'], {
    cwd: path.join(here, '..'),
    env: { ...process.env, BENCH_ONLY: only, JOB_WORKERS: 'false', BENCH_KEEP_QUEUE: '1' },
    stdio: 'inherit',
  });
  return { child, done: new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1))) };
}

try {
  if (!WITH_BENCH) {
    for (let n = 1; n <= ROUNDS; n++) await round(n);
  } else {
    if (process.env.DIGEST_BENCH_ALONE) {
      console.log('\n— the bench alone —');
      await bench(WITH_BENCH).done;
    }
    console.log('\n— the bench while everyone’s digest is built, round after round —');
    const running = bench(WITH_BENCH);
    let ended = false;
    void running.done.then(() => (ended = true));
    for (let n = 1; !ended; n++) await round(n);
    if (process.env.DIGEST_BENCH_ALONE) {
      console.log('\n— the bench alone, again —');
      await bench(WITH_BENCH).done;
    }
  }
} finally {
  await app.close();
  mailer.close();
  await worker.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  await sql`delete from notifications where sub_type = 'bench'`.execute(db);
  await sql`truncate notification_settings`.execute(db);
  await sql`insert into notification_settings select * from digest_bench_settings`.execute(db);
  await sql`drop table digest_bench_settings`.execute(db);
  await sql`update scheduled_jobs set next_run_at = now() where name = 'digest'`.execute(db);
  await setup.close();
}
