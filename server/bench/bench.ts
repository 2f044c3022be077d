// `npm run bench`: the hot endpoints on the scale database (npm run seed:scale first), driven by
// autocannon — 50 connections, a warm-up, then 10 s each, keys drawn at random — next to a floor:
// a bare Fastify route that runs one indexed query. Prints req/s, p50 and p99 (BENCH_VERBOSE=1: the
// whole latency distribution). Not a test.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
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

const { db, close } = await ensureBenchDatabase();
const posts = Number((await sql<{ n: string }>`select count(*) as n from posts`.execute(db)).rows[0]!.n);
if (posts < 1000) {
  console.error('The scale database is nearly empty: run `npm run seed:scale` first.');
  process.exit(1);
}

// Sessions for 200 people, so requests come from many viewers: seed:scale's bench viewers (user1,
// user501, …), each with a settled member's graph (~100 connections, ~10 hashtags, 5 missions).
const viewerNames = Array.from({ length: 200 }, (_, k) => `user${1 + k * 500}`);
let users = (await sql<{ id: string }>`select id from users where username = any(${viewerNames}::text[])`.execute(db)).rows;
if (users.length < 200) users = (await sql<{ id: string }>`select id from users order by random() limit 200`.execute(db)).rows;
// People to write to, none of them among the senders.
const recipients = (await sql<{ id: string }>`select id from users where not (id = any(${users.map((u) => u.id)}::uuid[])) order by random() limit 200`.execute(db)).rows;
async function sessionsFor(people: Array<{ id: string }>) {
  const made: string[] = [];
  for (const u of people) {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ id: newId(), tokenHash: createHash('sha256').update(token).digest('hex'), userId: u.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .execute();
    made.push(`muster_session=${token}`);
  }
  return made;
}
const cookies = await sessionsFor(users);
// Viewers who block or mute someone (seed:scale: one in five), whose feed filters them out.
const silencers = (await sql<{ id: string }>`
  select id from users u where exists (select 1 from blocks where blocker_id = u.id) or exists (select 1 from mutes where muter_id = u.id)
  order by random() limit 200`.execute(db)).rows;
const silencerCookies = await sessionsFor(silencers);
// Keys drawn from a large pool, so that reads are spread over the table as in life, not a hot few.
const sample = (await sql<{ id: string; createdAt: Date }>`select id, created_at as "createdAt" from posts tablesample system (3) limit 20000`.execute(db)).rows;
const postIds = sample.map((r) => r.id);
const missionIds = (await sql<{ id: string }>`select id from missions order by random() limit 2000`.execute(db)).rows.map((r) => r.id);
// Cursors at least 100,000 posts deep: the feed must not slow down with depth (keyset, not offset).
const deepest = (await sql<{ createdAt: Date }>`select created_at as "createdAt" from posts order by created_at desc, id desc offset 100000 limit 1`.execute(db)).rows[0]!;
const deepCursors = sample
  .filter((r) => r.createdAt < deepest.createdAt)
  .map((r) => Buffer.from(`${new Date(r.createdAt).toISOString()}|${r.id}`).toString('base64url'));

// Open needs and wants to offer help on, none by a viewer nor blocked either way with one; each
// request takes the next, so no viewer offers twice on one post (a 409 would count as an error).
const viewerIds = users.map((u) => u.id);
const openNeeds = (await sql<{ id: string }>`
  select p.id from posts p tablesample system (20)
  where p.kind in ('need', 'want') and p.status = 'open' and not (p.author_id = any(${viewerIds}::uuid[]))
    and not exists (select 1 from blocks b where (b.blocker_id = p.author_id and b.blocked_id = any(${viewerIds}::uuid[]))
                                          or (b.blocked_id = p.author_id and b.blocker_id = any(${viewerIds}::uuid[])))
  order by random() limit 100000`.execute(db)).rows.map((r) => r.id);
let nextNeed = 0;

// The API and the floor each run in a process of their own, as in production; autocannon here.
async function serve(script: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_API_ARGS passes node flags to the servers (e.g. --cpu-prof to profile under load).
  const extra = process.env.BENCH_API_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (await fetch(`${url}/api/v1/health`).then(() => true, () => false)) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}
// 200 people writing flat out for seconds would spend their per-account budgets at once: lifted,
// so the writes themselves are measured rather than 429s.
const api = await serve(path.join(here, '../src/main.ts'), { DATABASE_URL: benchUrl, WEB_DIST: '/nonexistent', REDIS_URL: '', SMTP_URL: '', WRITE_RATE_LIMIT_SCALE: '10000' });
const floorServer = await serve(path.join(here, 'floor.ts'), {});
const base = api.url;
const floorBase = floorServer.url;

// A home feed page some pages into each viewer's network phase: its cursor is the viewer's own, so
// the request carries both (the cursor is opaque: it is read from the API as a client would).
const deepPages: Array<{ cookie: string; path: string }> = [];
for (const cookie of cookies.slice(0, 60)) {
  let cursor: string | null = null;
  for (let page = 0; page < 5; page++) {
    const res: Response = await fetch(`${base}/api/v1/posts/feed${cursor ? `?cursor=${cursor}` : ''}`, { headers: { cookie } });
    cursor = ((await res.json()) as { meta: { nextCursor: string | null } }).meta.nextCursor;
    if (!cursor) break;
  }
  if (cursor?.startsWith('n.')) deepPages.push({ cookie, path: `/api/v1/posts/feed?cursor=${cursor}` });
}

// What people type into the @mention box: a name's first letters.
const searchPrefixes = ['user1', 'user23', 'user456', 'pers', 'numb', 'user9', 'user77', 'user3141'];

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

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
};
const cases: Case[] = [
  { name: 'floor: one indexed query', url: floorBase, path: () => '/floor', budgetMs: 50 },
  { name: 'home feed (personal), first page', url: base, path: () => '/api/v1/posts/feed', budgetMs: 50 },
  { name: 'home feed (personal), deep page', url: base, path: () => '', as: () => pick(deepPages), budgetMs: 50 },
  // A cursor no client makes (the home feed's come from the page before): a jump into the network
  // phase at a random point ≥ 100,000 posts back, read from the database past the kept head.
  { name: 'home feed, random deep jump', url: base, path: () => `/api/v1/posts/feed?cursor=${pick(deepCursors)}`, budgetMs: 50 },
  // Not a budget: the same deep page from a bare route (floor.ts), the machine's ceiling for it.
  { name: 'feed page, bare route', url: floorBase, path: () => `/page?cursor=${pick(deepCursors)}`, budgetMs: 50 },
  { name: 'feed, viewer blocks/mutes', url: base, path: () => '/api/v1/posts/feed', budgetMs: 50, viewers: silencerCookies },
  { name: 'home feed, deep jump, blocks/mutes', url: base, path: () => `/api/v1/posts/feed?cursor=${pick(deepCursors)}`, budgetMs: 50, viewers: silencerCookies },
  { name: 'people you may know', url: base, path: () => '/api/v1/users/suggestions', budgetMs: 50 },
  { name: 'profile of someone', url: base, path: () => `/api/v1/users/profile/user${1 + Math.floor(Math.random() * 100_000)}`, budgetMs: 50 },
  { name: 'mission page', url: base, path: () => `/api/v1/missions/${pick(missionIds)}`, budgetMs: 50 },
  { name: 'mission list', url: base, path: () => '/api/v1/missions', budgetMs: 50 },
  { name: 'single post', url: base, path: () => `/api/v1/posts/${pick(postIds)}`, budgetMs: 50 },
  { name: 'trending hashtags', url: base, path: () => '/api/v1/hashtags/trending', budgetMs: 50 },
  { name: 'notifications', url: base, path: () => '/api/v1/notifications', budgetMs: 50 },
  { name: 'people search', url: base, path: () => `/api/v1/users/search?query=${pick(searchPrefixes)}`, budgetMs: 50 },
  { name: 'advanced search', url: base, path: () => `/api/v1/users/advanced-search?query=${encodeURIComponent(pick(advancedQueries)())}`, budgetMs: 100 },
  { name: 'send message', url: base, method: 'POST', path: () => '/api/v1/chats/send', body: () => JSON.stringify({ recipientId: pick(recipients).id, message: `Bench message ${Math.random()}` }), budgetMs: 80 },
  {
    name: 'create offer',
    url: base,
    method: 'POST',
    path: () => `/api/v1/posts/${openNeeds[nextNeed++ % openNeeds.length]}/offers`,
    body: () => JSON.stringify({ message: `Bench offer ${Math.random()}: I can help with this.` }),
    budgetMs: 60,
  },
  { name: 'create post', url: base, method: 'POST', path: () => '/api/v1/posts/create', body: () => JSON.stringify({ content: `Bench post ${Math.random()} #floodrelief` }), budgetMs: 80 },
  // A need is matched against the open provisions after its answer (issue 16): the scale data has
  // ~170,000 of them in its one category, so this is the POST with the heaviest work behind it.
  {
    name: 'create need (matched after)',
    url: base,
    method: 'POST',
    path: () => '/api/v1/posts/create',
    body: () => JSON.stringify({ kind: 'need', category: 'Transport', title: `Van to move flood relief supplies ${Math.random()}`, content: 'Need a van and a driver to move water and tarps to the shelter #floodrelief' }),
    budgetMs: 80,
  },
];

function run(c: Case, seconds: number) {
  return autocannon({
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
            headers: { cookie: own?.cookie ?? pick(c.viewers ?? cookies), 'content-type': 'application/json' },
            ...(c.body ? { body: c.body() } : {}),
          };
        },
      },
    ],
  });
}

// BENCH_ONLY=feed runs the floor and the cases whose names contain "feed" (for profiling one route).
const only = process.env.BENCH_ONLY;
const chosen = only ? cases.filter((c, i) => i === 0 || c.name.includes(only)) : cases;

const rows: string[] = [];
let floorRps = 0;
for (const c of chosen) {
  await run(c, 2); // warm-up
  const r = await run(c, DURATION_S);
  const rps = r.requests.average;
  if (process.env.BENCH_VERBOSE) console.log(c.name, JSON.stringify(r.latency));
  if (!floorRps) floorRps = rps;
  const share = `${((rps / floorRps) * 100).toFixed(0)} %`;
  rows.push(
    `| ${c.name.padEnd(34)} | ${rps.toFixed(0).padStart(6)} | ${r.latency.p50.toFixed(1).padStart(6)} | ${r.latency.p99.toFixed(1).padStart(6)} ${r.latency.p99 <= c.budgetMs ? ' ' : '!'}| ${share.padStart(6)} | ${String(r.non2xx + r.errors).padStart(7)} |`,
  );
}
console.log(`\n${posts.toLocaleString()} posts · ${CONNECTIONS} connections · ${DURATION_S} s each (! = over the p99 budget)\n`);
console.log('| endpoint                           |  req/s | p50 ms | p99 ms  | floor% | non-2xx |');
console.log('|------------------------------------|--------|--------|---------|--------|---------|');
for (const row of rows) console.log(row);

api.child.kill('SIGTERM');
floorServer.child.kill('SIGTERM');
await sql`delete from sessions`.execute(db);
await sql`delete from chats`.execute(db);
await sql`delete from posts where content like 'Bench post %'`.execute(db);
await sql`delete from offers where message like 'Bench offer %'`.execute(db);
// The deleted bench posts sit at the head of posts_recent; vacuum them away so the next run's feed starts clean.
await sql`vacuum analyze posts, post_hashtags`.execute(db);
await close();
