// `npm run bench`: the hot endpoints on the scale database (npm run seed:scale first), driven by
// autocannon — 50 connections, a warm-up, then 10 s each, keys drawn at random — next to a floor:
// a bare Fastify route that runs one indexed query. Prints req/s, p50 and p99 (BENCH_VERBOSE=1: the
// whole latency distribution). Not a test.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { newId } from '../src/platform/ids.js';
import { freePort } from '../test/free-port.js';
import { benchUrl, ensureBenchDatabase } from './scale-db.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
// Requests say what Chrome says, so answers above 1 KB come compressed (decision 025);
// BENCH_API_COMPRESSION=off runs the API without compression, to see what it costs.
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const API_COMPRESSION = process.env.BENCH_API_COMPRESSION === 'off' ? 'off' : 'on';

const { db, close } = await ensureBenchDatabase();
const posts = Number((await sql<{ n: string }>`select count(*) as n from posts`.execute(db)).rows[0]!.n);
if (posts < 1000) {
  console.error('The scale database is nearly empty: run `npm run seed:scale` first.');
  process.exit(1);
}

// Sessions for 200 people, so requests come from many viewers: seed:scale's bench viewers (user1,
// user501, …), each with a settled member's graph (~100 connections, ~10 hashtags, 5 missions).
const viewerNames = Array.from({ length: 200 }, (_, k) => `user${1 + k * 500}`);
let users = (
  await sql<{ id: string }>`select id from users where username = any(${viewerNames}::text[])`.execute(db)
).rows;
if (users.length < 200)
  users = (await sql<{ id: string }>`select id from users order by random() limit 200`.execute(db)).rows;
// People to write to, none of them among the senders. Accounts made since 0028 take strangers'
// messages as requests (decision 047), as every person of the scale seed does; for the run these
// 200 take messages from anyone, as accounts made before it do, so "send message" measures a
// message sent into a chat, not a request (202) and then its refused repeats (409). Given back after.
const recipients = (
  await sql<{
    id: string;
    messagePolicy: string;
  }>`select id, message_policy from users where not (id = any(${users.map((u) => u.id)}::uuid[])) order by random() limit 200`.execute(
    db,
  )
).rows;
await sql`update users set message_policy = 'everyone' where id = any(${recipients.map((r) => r.id)}::uuid[])`.execute(
  db,
);
// The queue and the scheduler as this run finds them are not its work: jobs an earlier run's API
// left undone when it was stopped (tens of thousands after a few runs) would be worked off during
// the measurements, and a scheduler's turn (everyone's digest is `npm run bench:digest`'s to
// measure; the needs' lifecycle sweep) would land in the middle of one. Cleared and held off for
// the run, so the API's workers do the work of this run's writes, which is what the writes cost.
// BENCH_KEEP_QUEUE=1: `bench:digest` runs this bench beside the digest jobs it measures, and keeps them.
if (
  !process.env.BENCH_KEEP_QUEUE &&
  (await sql<{ t: string | null }>`select to_regclass('pgboss.job')::text as t`.execute(db)).rows[0]!.t
)
  await sql`delete from pgboss.job where state < 'completed'`.execute(db);
const heldTurns = (
  await sql<{ name: string; nextRunAt: Date }>`select name, next_run_at from scheduled_jobs`.execute(db)
).rows;
await sql`insert into scheduled_jobs (name, next_run_at)
  select name, now() + interval '1 day' from unnest(array['digest', 'needs-lifecycle']) as name
  on conflict (name) do update set next_run_at = excluded.next_run_at`.execute(db);
// What this run makes is all it removes at the end: others may be using the database meanwhile.
const startedAt = new Date();
const madeSessions: string[] = [];
// The bare-route writes (floor.ts) are given the session's id and its person, as the API's own
// statement is after the session cache has read the cookie.
const sessionIds: string[] = [];
async function sessionsFor(people: Array<{ id: string }>, ids: string[] = []) {
  const made: string[] = [];
  for (const u of people) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const id = newId();
    await db
      .insertInto('sessions')
      .values({ id, tokenHash, userId: u.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .execute();
    madeSessions.push(tokenHash);
    made.push(`muster_session=${token}`);
    ids.push(id);
  }
  return made;
}
const cookies = await sessionsFor(users, sessionIds);
// Viewers who block or mute someone (seed:scale: one in five), whose feed filters them out.
const silencers = (
  await sql<{ id: string }>`
  select id from users u where exists (select 1 from blocks where blocker_id = u.id) or exists (select 1 from mutes where muter_id = u.id)
  order by random() limit 200`.execute(db)
).rows;
const silencerCookies = await sessionsFor(silencers);
// Keys drawn from a large pool, so that reads are spread over the table as in life, not a hot few.
const sample = (
  await sql<{
    id: string;
    createdAt: Date;
  }>`select id, created_at as "createdAt" from posts tablesample system (3) limit 20000`.execute(db)
).rows;
const postIds = sample.map((r) => r.id);
const missionIds = (
  await sql<{ id: string }>`select id from missions order by random() limit 2000`.execute(db)
).rows.map((r) => r.id);
// Cursors at least 100,000 posts deep: the feed must not slow down with depth (keyset, not offset).
const deepest = (
  await sql<{
    createdAt: Date;
  }>`select created_at as "createdAt" from posts order by created_at desc, id desc offset 100000 limit 1`.execute(
    db,
  )
).rows[0]!;
const deepCursors = sample
  .filter((r) => r.createdAt < deepest.createdAt)
  .map((r) => Buffer.from(`${new Date(r.createdAt).toISOString()}|${r.id}`).toString('base64url'));

// Open needs and wants to offer help on, none by a viewer nor blocked either way with one; each
// request takes the next, so no viewer offers twice on one post (a 409 would count as an error).
const viewerIds = users.map((u) => u.id);
const openNeeds = (
  await sql<{ id: string }>`
  select p.id from posts p tablesample system (20)
  where p.kind in ('need', 'want') and p.status = 'open' and not (p.author_id = any(${viewerIds}::uuid[]))
    and not exists (select 1 from blocks b where (b.blocker_id = p.author_id and b.blocked_id = any(${viewerIds}::uuid[]))
                                          or (b.blocked_id = p.author_id and b.blocker_id = any(${viewerIds}::uuid[])))
  order by random() limit 100000`.execute(db)
).rows.map((r) => r.id);
let nextNeed = 0;

// The API and the floor each run in a process of their own, as in production; autocannon here.
async function serve(
  script: string,
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_API_ARGS passes node flags to the servers (e.g. --cpu-prof to profile under load).
  const extra = process.env.BENCH_API_ARGS?.split(' ').filter(Boolean) ?? [];
  // The API runs from its build (server/dist/main.js), as in production; floor.ts through tsx.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...extra, ...loader, script], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        () => true,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}
// 200 people writing flat out for seconds would spend their per-account budgets at once: lifted,
// so the writes themselves are measured rather than 429s.
const built = path.join(here, '../dist/main.js');
if (!fs.existsSync(built)) {
  console.error(
    'The server is not built: run `npm run build -w server` first (the bench measures the production bundle).',
  );
  process.exit(1);
}
const apiEnv = {
  DATABASE_URL: benchUrl,
  WEB_DIST: '/nonexistent',
  REDIS_URL: '',
  SMTP_URL: '',
  WRITE_RATE_LIMIT_SCALE: '10000',
  API_COMPRESSION,
};
const api = await serve(built, apiEnv);
const floorServer = await serve(path.join(here, 'floor.ts'), {});
// BENCH_TRACING=1: the cost of tracing (decision 075). A second API process, the same build and
// settings but with traces exported over OTLP/HTTP to a sink in this process, which takes each
// batch and answers 200 as a collector would. Each API row then runs on both, alternating in
// quarters (off, on, off, on), so the machine's drift falls on both alike; no floor rows.
const compareTracing = process.env.BENCH_TRACING === '1';
const sink = compareTracing ? await startTraceSink() : undefined;
const traced = sink
  ? await serve(built, {
      ...apiEnv,
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_SERVICE_NAME: 'muster-bench',
    })
  : undefined;

/** A stand-in OTLP/HTTP collector: counts the export requests and bytes it is sent. */
async function startTraceSink() {
  const { createServer } = await import('node:http');
  const seen = { exports: 0, bytes: 0 };
  const server = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (seen.bytes += chunk.length));
    req.on('end', () => {
      if (req.url === '/v1/traces') seen.exports++;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, seen, close: () => server.close() };
}
const base = api.url;
const floorBase = floorServer.url;

// A home feed page some pages into each viewer's network phase: its cursor is the viewer's own, so
// the request carries both (the cursor is opaque: it is read from the API as a client would).
const deepPages: Array<{ cookie: string; path: string }> = [];
for (const cookie of cookies.slice(0, 60)) {
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const res: Response = await fetch(`${base}/api/v1/posts/feed${cursor ? `?cursor=${cursor}` : ''}`, {
      headers: { cookie },
    });
    cursor = ((await res.json()) as { meta: { nextCursor: string | null } }).meta.nextCursor;
    if (!cursor) break;
  }
  if (cursor?.startsWith('n.')) deepPages.push({ cookie, path: `/api/v1/posts/feed?cursor=${cursor}` });
}

// What people type into the @mention box: a name's first letters.
const searchPrefixes = ['user1', 'user23', 'user456', 'pers', 'numb', 'user9', 'user77', 'user3141'];

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

// The map (issue 37, decision 077) over the scale seed's towns (the Philippines' most populous):
// a city's viewport as a phone opens it (Metro Cebu, Manila, Davao, Iloilo), a region's as a
// coordinator's screen does (around Manila, the Visayas, Mindanao), and a city's panned a little at
// random, each a viewport nobody else asked for (no shared answer: the statement's own cost).
const cityViewports = [
  '123.75,10.2,124.05,10.45',
  '120.9,14.45,121.15,14.75',
  '125.45,6.95,125.75,7.2',
  '122.45,10.6,122.7,10.85',
];
const regionViewports = ['119.5,13.5,122.5,16.5', '121.5,9,126,12.5', '121.5,5.5,126.5,9.5'];
const pannedCity = () => {
  const dx = Math.floor(Math.random() * 40 - 20) / 100;
  const dy = Math.floor(Math.random() * 40 - 20) / 100;
  return [123.75 + dx, 10.2 + dy, 124.05 + dx, 10.45 + dy].map((v) => v.toFixed(2)).join(',');
};
/** A bare-route write's body (floor.ts): a bench viewer's session and id, someone to write to, the text. */
function bareWrite(body: string) {
  const k = Math.floor(Math.random() * users.length);
  return JSON.stringify({
    sessionId: sessionIds[k],
    senderId: users[k]!.id,
    recipientId: pick(recipients).id,
    body,
  });
}

// What people type into global search (issue 14), over the seed's words: common words (every need
// and provision is 'Transport', every title 'Post number …'), a rare word (one post's number), a
// prefix, a typo, a hashtag (each of the 12 tags is on ~1 post in 6) and a person's name.
const advancedQueries = [
  () => 'transport',
  () => 'post',
  () => `post ${1 + Math.floor(Math.random() * 1_000_000)}`,
  () => 'trans',
  () => 'volu',
  () => 'transprt',
  () => 'voluntear',
  () => pick(['#floodrelief', '#solar', '#medical water', `#local${Math.floor(Math.random() * 250)}`]),
  () => `user${1 + Math.floor(Math.random() * 100_000)}`,
  () => 'Person Number 77',
  () => 'mission',
];

type Case = {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: () => string;
  path: () => string;
  budgetMs: number;
  viewers?: string[];
  /** A path that belongs to one viewer (a cursor of their own feed), with that viewer's cookie. */
  as?: () => { cookie: string; path: string };
  /** A floor row: reads are measured against 'read', writes (POSTs) against 'insert'. */
  floor?: 'read' | 'insert';
};
const cases: Case[] = [
  { name: 'floor: one indexed query', url: floorBase, path: () => '/floor', budgetMs: 50, floor: 'read' },
  { name: 'home feed (personal), first page', url: base, path: () => '/api/v1/posts/feed', budgetMs: 50 },
  {
    name: 'home feed (personal), deep page',
    url: base,
    path: () => '',
    as: () => pick(deepPages),
    budgetMs: 50,
  },
  // A cursor no client makes (the home feed's come from the page before): a jump into the network
  // phase at a random point ≥ 100,000 posts back, read from the database past the kept head.
  {
    name: 'home feed, random deep jump',
    url: base,
    path: () => `/api/v1/posts/feed?cursor=${pick(deepCursors)}`,
    budgetMs: 50,
  },
  // Not a budget: the same deep page from a bare route (floor.ts), the machine's ceiling for it.
  {
    name: 'feed page, bare route',
    url: floorBase,
    path: () => `/page?cursor=${pick(deepCursors)}`,
    budgetMs: 50,
  },
  {
    name: 'feed, viewer blocks/mutes',
    url: base,
    path: () => '/api/v1/posts/feed',
    budgetMs: 50,
    viewers: silencerCookies,
  },
  {
    name: 'home feed, deep jump, blocks/mutes',
    url: base,
    path: () => `/api/v1/posts/feed?cursor=${pick(deepCursors)}`,
    budgetMs: 50,
    viewers: silencerCookies,
  },
  { name: 'people you may know', url: base, path: () => '/api/v1/users/suggestions', budgetMs: 50 },
  {
    name: 'profile of someone',
    url: base,
    path: () => `/api/v1/users/profile/user${1 + Math.floor(Math.random() * 100_000)}`,
    budgetMs: 50,
  },
  { name: 'mission page', url: base, path: () => `/api/v1/missions/${pick(missionIds)}`, budgetMs: 50 },
  { name: 'mission list', url: base, path: () => '/api/v1/missions', budgetMs: 50 },
  { name: 'single post', url: base, path: () => `/api/v1/posts/${pick(postIds)}`, budgetMs: 50 },
  { name: 'trending hashtags', url: base, path: () => '/api/v1/hashtags/trending', budgetMs: 50 },
  { name: 'notifications', url: base, path: () => '/api/v1/notifications', budgetMs: 50 },
  {
    name: 'people search',
    url: base,
    path: () => `/api/v1/users/search?query=${pick(searchPrefixes)}`,
    budgetMs: 50,
  },
  {
    name: 'advanced search',
    url: base,
    path: () => `/api/v1/users/advanced-search?query=${encodeURIComponent(pick(advancedQueries)())}`,
    budgetMs: 100,
  },
  {
    name: 'map, city viewport',
    url: base,
    path: () => `/api/v1/map?bbox=${pick(cityViewports)}`,
    budgetMs: 50,
  },
  {
    name: 'map, region viewport',
    url: base,
    path: () => `/api/v1/map?bbox=${pick(regionViewports)}`,
    budgetMs: 50,
  },
  {
    name: 'map, panned city viewport',
    url: base,
    path: () => `/api/v1/map?bbox=${pannedCity()}`,
    budgetMs: 50,
  },
  // The same queries in a "near me" circle (decision 081): posts and missions by their public place
  // through 0038's GiST index. Today's scale seed gives posts no place, so this row measures the
  // plan over an empty circle until the seed places them (issue 37); its own name, so that
  // BENCH_ONLY="advanced search" compares with earlier runs.
  {
    name: 'search, near me',
    url: base,
    path: () =>
      `/api/v1/users/advanced-search?query=${encodeURIComponent(pick(advancedQueries)())}` +
      `&lat=${(10.3 + Math.floor(Math.random() * 20) / 100).toFixed(2)}&lon=123.9&radiusKm=${pick([5, 25, 100])}`,
    budgetMs: 100,
  },
  // The writes' floor: a bare POST inserting one row into a table with a primary key and one index
  // (floor.ts), in the same database — the commit's cost without any of ours.
  {
    name: 'insert floor: one row, one index',
    url: floorBase,
    method: 'POST',
    path: () => '/insert',
    body: () =>
      JSON.stringify({ authorId: pick(users).id, content: `Bench insert ${Math.random()} #floodrelief` }),
    budgetMs: 60,
    floor: 'insert',
  },
  {
    name: 'send message',
    url: base,
    method: 'POST',
    path: () => '/api/v1/chats/send',
    body: () =>
      JSON.stringify({ recipientId: pick(recipients).id, message: `Bench message ${Math.random()}` }),
    budgetMs: 60,
  },
  // The same statement from a bare route (floor.ts): what of the gap to the insert floor is the statement's own.
  {
    name: 'send message, bare route',
    url: floorBase,
    method: 'POST',
    path: () => '/send',
    body: () => bareWrite(`Bench message ${Math.random()}`),
    budgetMs: 60,
  },
  {
    name: 'create offer',
    url: base,
    method: 'POST',
    path: () => `/api/v1/posts/${openNeeds[nextNeed++ % openNeeds.length]}/offers`,
    body: () => JSON.stringify({ message: `Bench offer ${Math.random()}: I can help with this.` }),
    budgetMs: 60,
  },
  {
    name: 'create post',
    url: base,
    method: 'POST',
    path: () => '/api/v1/posts/create',
    body: () => JSON.stringify({ content: `Bench post ${Math.random()} #floodrelief` }),
    budgetMs: 60,
  },
  {
    name: 'create post, bare route',
    url: floorBase,
    method: 'POST',
    path: () => '/post',
    body: () => bareWrite(`Bench post ${Math.random()} #floodrelief`),
    budgetMs: 60,
  },
  // A need is matched against the open provisions after its answer (issue 16): the scale data has
  // ~170,000 of them in its one category, so this is the POST with the heaviest work behind it.
  {
    name: 'create need (matched after)',
    url: base,
    method: 'POST',
    path: () => '/api/v1/posts/create',
    body: () =>
      JSON.stringify({
        kind: 'need',
        category: 'Transport',
        title: `Van to move flood relief supplies ${Math.random()}`,
        content: 'Bench need: a van and a driver to move water and tarps to the shelter #floodrelief',
      }),
    budgetMs: 80,
  },
];

/** A process's resident memory now and at its peak (Linux's /proc). */
async function memoryOf(pid: number | undefined): Promise<string> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) =>
      `${(Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) / 1024).toFixed(0)} MB`;
    return `RSS ${mb('VmRSS')}, peak ${mb('VmHWM')}`;
  } catch {
    return 'RSS unknown (no /proc here)';
  }
}

/**
 * CPU milliseconds a process has used so far (user + system, /proc in clock ticks of 10 ms): per
 * answer, it shows what a change costs even when other work on the machine moves req/s about.
 */
async function cpuMsOf(pid: number | undefined): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ') ')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * CPU milliseconds PostgreSQL's processes have used so far (all of the local server's: during a row
 * only its server's connections are busy). With the server's own column, what one answer costs the
 * machine, whatever else the machine is doing: req/s moves with the load, these hardly do.
 */
async function postgresCpuMs(): Promise<number> {
  let ms = 0;
  for (const pid of await fs.promises.readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat.includes('(postgres)')) continue;
    const fields = stat.split(') ')[1]!.split(' ');
    // Its own time and that of its children that have ended (a backend counts, once, in the postmaster's).
    ms += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10;
  }
  return ms;
}

/**
 * A run's counts, as autocannon keeps them before summing up (skipAggregateResult): the answers and
 * the time they took, not a mean of whole seconds, so that two runs of a floor add up; its
 * aggregateResult then reads the latencies. Neither is in autocannon's types.
 */
type RawRun = {
  totalCompletedRequests: number;
  totalBytes: number;
  duration: number;
  non2xx: number;
  errors: number;
};
const { aggregateResult } = autocannon as unknown as {
  aggregateResult(runs: RawRun[], options: { url: string; connections: number }): autocannon.Result;
};
async function run(c: Case, seconds: number): Promise<RawRun> {
  const raw = await autocannon({
    skipAggregateResult: true,
    url: c.url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const own = c.as?.();
          return {
            ...req,
            method: c.method ?? 'GET',
            path: own?.path ?? c.path(),
            headers: {
              cookie: own?.cookie ?? pick(c.viewers ?? cookies),
              'content-type': 'application/json',
              'accept-encoding': ACCEPT_ENCODING,
            },
            ...(c.body ? { body: c.body() } : {}),
          };
        },
      },
    ],
  });
  return raw as unknown as RawRun;
}

// BENCH_ONLY=feed runs the floor and the cases whose names contain "feed" (for profiling one route);
// BENCH_ONLY="feed,people search" those whose names contain either, in the bench's order.
const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const named = (c: Case) => only?.some((part) => c.name.includes(part)) ?? false;
// The insert floor comes along when a write is chosen.
const writesChosen = cases.some((c) => !c.floor && c.method === 'POST' && named(c));
const chosen = only
  ? cases.filter((c) => c.floor === 'read' || named(c) || (c.floor === 'insert' && writesChosen))
  : cases;

// Each row is set against its floor run again just before and just after it (half the row's time
// each, their answers over their time together), not against the floor's own row minutes earlier:
// these machines' speed drifts by a third within minutes — the floor's row made 3,387 to 6,729
// req/s in one session — and a share of a floor measured at another moment said more about the
// moment than about the row (decision 036). The row itself is one run, as before: cut into slices,
// each slice's first moment (fifty connections asking at once) came into its p99.
const floorOf = {
  read: cases.find((c) => c.floor === 'read')!,
  insert: cases.find((c) => c.floor === 'insert')!,
};
const rateOf = (...runs: RawRun[]) =>
  runs.reduce((n, x) => n + x.totalCompletedRequests, 0) / runs.reduce((n, x) => n + x.duration, 0);
const rows: string[] = [];
for (const c of compareTracing ? [] : chosen) {
  await run(c, 2); // warm-up
  const floor = c.floor ? undefined : floorOf[c.method === 'POST' ? 'insert' : 'read'];
  const before = floor && (await run(floor, DURATION_S / 2));
  const server = c.url === base ? api.child.pid : floorServer.child.pid;
  const [cpuBefore, pgBefore] = [await cpuMsOf(server), await postgresCpuMs()];
  const r = await run(c, DURATION_S);
  const cpuUs = (((await cpuMsOf(server)) - cpuBefore) * 1000) / Math.max(1, r.totalCompletedRequests);
  const pgUs = (((await postgresCpuMs()) - pgBefore) * 1000) / Math.max(1, r.totalCompletedRequests);
  const after = floor && (await run(floor, DURATION_S / 2));
  const rps = rateOf(r);
  const against = before && after ? rateOf(before, after) : rps;
  const { latency } = aggregateResult([r], { url: c.url, connections: CONNECTIONS });
  if (process.env.BENCH_VERBOSE) console.log(c.name, JSON.stringify(latency));
  rows.push(
    `| ${c.name.padEnd(34)} | ${rps.toFixed(0).padStart(6)} | ${latency.p50.toFixed(1).padStart(6)} | ${latency.p99.toFixed(1).padStart(6)} ${latency.p99 <= c.budgetMs ? ' ' : '!'}| ${`${((rps / against) * 100).toFixed(0)} %`.padStart(6)} | ${against.toFixed(0).padStart(11)} | ${String(r.non2xx + r.errors).padStart(7)} | ${(r.totalBytes / Math.max(1, r.totalCompletedRequests)).toFixed(0).padStart(8)} | ${(Number.isFinite(cpuUs) ? cpuUs.toFixed(0) : '?').padStart(10)} | ${pgUs.toFixed(0).padStart(9)} |`,
  );
}
if (rows.length) {
  console.log(
    `\n${posts.toLocaleString()} posts · ${CONNECTIONS} connections · ${DURATION_S} s each (! = over the p99 budget) · API compression ${API_COMPRESSION}, accept-encoding: ${ACCEPT_ENCODING}\n`,
  );
  console.log(
    'floor% — a read against the indexed-query floor, a write (POST) against the insert floor, run just before and just after the row (floor req/s: the two together)\n',
  );
  console.log(
    "CPU µs/ans — the serving process (API or floor) per answer; PG µs/ans — PostgreSQL's processes per answer\n",
  );
  console.log(
    '| endpoint                           |  req/s | p50 ms | p99 ms  | floor% | floor req/s | non-2xx | B/answer | CPU µs/ans | PG µs/ans |',
  );
  console.log(
    '|------------------------------------|--------|--------|---------|--------|-------------|---------|----------|------------|-----------|',
  );
  for (const row of rows) console.log(row);
}

if (traced && sink) {
  const tracingRows: string[] = [];
  for (const c of chosen.filter((x) => x.url === base)) {
    const on = { ...c, url: traced.url };
    await run(c, 2); // warm-up, both
    await run(on, 2);
    const runs = { off: [] as RawRun[], on: [] as RawRun[] };
    const cpu = { off: 0, on: 0 };
    for (const which of ['off', 'on', 'off', 'on'] as const) {
      const pid = which === 'off' ? api.child.pid : traced.child.pid;
      const before = await cpuMsOf(pid);
      runs[which].push(await run(which === 'off' ? c : on, DURATION_S / 2));
      cpu[which] += (await cpuMsOf(pid)) - before;
    }
    const answers = (rs: RawRun[]) => rs.reduce((n, r) => n + r.totalCompletedRequests, 0);
    const side = (which: 'off' | 'on') => {
      const { latency } = aggregateResult(runs[which], { url: c.url, connections: CONNECTIONS });
      return {
        rps: rateOf(...runs[which]),
        p50: latency.p50,
        p99: latency.p99,
        cpuUs: (cpu[which] * 1000) / Math.max(1, answers(runs[which])),
        failed: runs[which].reduce((n, r) => n + r.non2xx + r.errors, 0),
      };
    };
    const off = side('off');
    const onSide = side('on');
    const pct = (a: number, b: number) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(0)} %`;
    tracingRows.push(
      `| ${c.name.padEnd(34)} | ${off.rps.toFixed(0).padStart(6)} | ${onSide.rps.toFixed(0).padStart(6)} | ${pct(off.rps, onSide.rps).padStart(6)} | ${off.p50.toFixed(1).padStart(6)} | ${onSide.p50.toFixed(1).padStart(6)} | ${off.p99.toFixed(1).padStart(6)} | ${onSide.p99.toFixed(1).padStart(6)} | ${off.cpuUs.toFixed(0).padStart(7)} | ${onSide.cpuUs.toFixed(0).padStart(7)} | ${pct(off.cpuUs, onSide.cpuUs).padStart(6)} | ${String(off.failed + onSide.failed).padStart(7)} |`,
    );
  }
  console.log(
    `\nThe cost of tracing: each row alternates off, on, off, on (${DURATION_S / 2} s each), on two API processes of the same build; "on" exports every span over OTLP/HTTP to a sink in the bench process (${sink.seen.exports} exports, ${(sink.seen.bytes / 1e6).toFixed(1)} MB)\n`,
  );
  console.log(
    '| endpoint                           | off r/s |  on r/s |  Δ r/s | off p50 | on p50 | off p99 | on p99 | off CPU µs | on CPU µs | Δ CPU | non-2xx |',
  );
  console.log(
    '|------------------------------------|--------|--------|--------|--------|--------|--------|--------|---------|---------|--------|---------|',
  );
  for (const row of tracingRows) console.log(row);
  console.log(`\nAPI process with tracing after the bench: ${await memoryOf(traced.child.pid)}`);
  traced.child.kill('SIGTERM');
  sink.close();
}

// The memory budget (DESIGN.md §6: ≤ 200 MB after the bench on PostgreSQL), read before stopping it.
console.log(`\nAPI process after the bench: ${await memoryOf(api.child.pid)} (budget: ≤ 200 MB RSS)`);
// BENCH_HEAP_SNAPSHOT=1 (with BENCH_API_ARGS=--heapsnapshot-signal=SIGUSR2): where that memory is,
// written by the API into the working directory before it stops.
if (process.env.BENCH_HEAP_SNAPSHOT) {
  api.child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_HEAP_WAIT_MS ?? 15_000)));
}
api.child.kill('SIGTERM');
floorServer.child.kill('SIGTERM');
await sql`delete from sessions where token_hash = any(${madeSessions}::text[])`.execute(db);
for (const turn of heldTurns)
  await sql`update scheduled_jobs set next_run_at = ${turn.nextRunAt} where name = ${turn.name}`.execute(db);
for (const r of recipients)
  await sql`update users set message_policy = ${r.messagePolicy} where id = ${r.id}`.execute(db);
await sql`delete from chat_requests where created_at >= ${startedAt}`.execute(db);
// The direct chats the sends opened (mission group chats are the seed's).
await sql`delete from chats where kind = 'direct' and created_at >= ${startedAt}`.execute(db);
// The needs too: left behind, each run added ~5,000 open Transport needs that every later run's
// searches and matching then read.
await sql`delete from posts where content like 'Bench post %' or content like 'Bench need: %'`.execute(db);
await sql`delete from offers where message like 'Bench offer %'`.execute(db);
// What those offers and needs told people (a deleted offer leaves its notice: it points at the post).
await sql`delete from notifications where type in ('newOffer', 'matchFound') and created_at >= ${startedAt}`.execute(
  db,
);
// The deleted bench posts sit at the head of posts_recent; vacuum them away so the next run's feed
// starts clean. The sends' tables too: every send rewrites its chat's and its members' rows, and a
// PostgreSQL without autovacuum (this machine's CI configuration turns it off) kept 10–200 dead
// rows for every live one in them after a few runs (~1 s to vacuum).
await sql`vacuum analyze posts, post_hashtags, chats, chat_members, chat_messages, chat_requests, offers, notifications`.execute(
  db,
);
// Emptied, not dropped: another bench run's floor may be inserting into it right now.
await sql`truncate bench_insert_floor`.execute(db);
await close();
