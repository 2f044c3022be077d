// `npm run bench:ws` (issue 15): a chat message's trip from the sender's POST to the recipient's open
// socket, with 1,000 people signed in and a socket open for each, on PostgreSQL; next to a floor — a
// bare `ws` server in a process of its own handing the same message to the same sockets, and
// broadcasting to all 1,000. Prints p50 / p99 / max and deliveries per second. Not a test.
//
//   BENCH_DATABASE_URL   default postgres://postgres@127.0.0.1:5432/muster_ws_bench (created and migrated if missing)
//   BENCH_WS_USERS       people and sockets (1000)
//   BENCH_WS_RATE        messages per second in the steady run (200), for BENCH_WS_SECONDS (10)
//   BENCH_WS_REDIS_URL   run the API with REDIS_URL, events through the Redis hub (unset: in-process hub)
//   BENCH_WS_PROCESSES   2: a second API process holds the sockets while messages are posted to the
//                        first, so every event crosses Redis (needs BENCH_WS_REDIS_URL)
//
// Soak (`BENCH_WS_SOAK=1` or `npm run bench:ws -- --soak`): 100 messages a second for 60 s
// (BENCH_WS_SOAK_SECONDS) over 500 direct chats, each chat's messages sent one after another;
// counts, per chat and per member's socket, messages lost, duplicated and out of order, prints the
// three numbers and exits 1 unless all are 0 (or any send failed).
//
// All traffic goes to 127.0.0.1. People are inserted with one precomputed password hash and signed in
// by sessions written to the database (as bench.ts does): 1,000 argon2 sign-ins would take minutes.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { WebSocket } from 'ws';
import type { Db } from '../src/db/database.js';
import { hashPassword } from '../src/platform/auth/passwords.js';
import { newId } from '../src/platform/ids.js';
import { freePort } from '../test/free-port.js';
import { ensureBenchDatabase } from './scale-db.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOAK = process.env.BENCH_WS_SOAK === '1' || process.argv.includes('--soak');
const USERS = Math.max(2, Number(process.env.BENCH_WS_USERS ?? 1000)) & ~1; // an even number: people go in pairs
const RATE = Number(process.env.BENCH_WS_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_WS_SECONDS ?? 10);
const SOAK_RATE = 100;
const SOAK_SECONDS = Number(process.env.BENCH_WS_SOAK_SECONDS ?? 60);
/** A message not at its socket this long after the last arrival is lost (and the run moves on). */
const GRACE_MS = 10_000;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/muster_ws_bench';
const redisUrl = process.env.BENCH_WS_REDIS_URL ?? '';
const PROCESSES = Number(process.env.BENCH_WS_PROCESSES ?? 1);
if (PROCESSES === 2 && !redisUrl)
  throw new Error('BENCH_WS_PROCESSES=2 needs BENCH_WS_REDIS_URL: the processes meet in Redis');
const runId = randomBytes(3).toString('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Person = { id: string; username: string };

// ---------------------------------------------------------------------------------------------
// People, their chats' pairs (person i and i + USERS/2, connected), and a session each.

const { db, close } = await ensureBenchDatabase(databaseUrl);

async function benchPeople(db: Db): Promise<Person[]> {
  const names = Array.from({ length: USERS }, (_, i) => `wsbench_${i}`);
  const existing = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', names)
    .execute();
  const have = new Set(existing.map((u) => u.username));
  const missing = names.filter((n) => !have.has(n));
  if (missing.length) {
    const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
    for (let i = 0; i < missing.length; i += 500) {
      await db
        .insertInto('users')
        .values(
          missing.slice(i, i + 500).map((username) => ({
            id: newId(),
            username,
            firstName: 'Bench',
            lastName: username,
            email: `${username}@bench.invalid`,
            emailVerifiedAt: new Date(),
            passwordHash,
          })),
        )
        .execute();
    }
  }
  const people = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'in', names)
    .execute();
  const byName = new Map(people.map((p) => [p.username, p]));
  return names.map((n) => byName.get(n)!);
}

const people = await benchPeople(db);
const ids = people.map((p) => p.id);
const HALF = USERS / 2;
const partnerOf = (i: number) => (i < HALF ? i + HALF : i - HALF);
// A fresh start: no chats among them from an earlier run (their messages go with them), no old sessions.
await sql`delete from chats where id in (select chat_id from chat_members where user_id = any(${ids}::uuid[]))`.execute(
  db,
);
await sql`delete from sessions where user_id = any(${ids}::uuid[])`.execute(db);
// "A connected recipient" (DESIGN.md §6): each pair is connected (two rows per pair).
await sql`
  insert into connections (user_id, other_id)
  select a, b from unnest(${ids.slice(0, HALF)}::uuid[], ${ids.slice(HALF)}::uuid[]) as p(a, b)
  union all
  select b, a from unnest(${ids.slice(0, HALF)}::uuid[], ${ids.slice(HALF)}::uuid[]) as p(a, b)
  on conflict do nothing`.execute(db);
const tokens = people.map(() => randomBytes(32).toString('base64url'));
await db
  .insertInto('sessions')
  .values(
    people.map((p, i) => ({
      id: newId(),
      tokenHash: createHash('sha256').update(tokens[i]!).digest('hex'),
      userId: p.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  )
  .execute();
const cookies = tokens.map((t) => `muster_session=${t}`);

// ---------------------------------------------------------------------------------------------
// The API and the floor, each in a process of its own.

const children: ChildProcess[] = [];
async function serve(script: string, env: Record<string, string>, probe: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
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
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600 && child.exitCode === null; i++) {
    if (
      await fetch(`${url}${probe}`).then(
        () => true,
        () => false,
      )
    )
      return url;
    await sleep(100);
  }
  throw new Error(`${script} did not start`);
}
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);

// ---------------------------------------------------------------------------------------------
// Sockets: one per person, on the API or on the floor. Each hands what it receives to `onText`.

type Receipt = (person: number, text: string, at: number) => void;
let onText: Receipt = () => {};
let unexpectedCloses = 0;

async function openSockets(
  urlOf: (i: number) => string,
  headersOf: (i: number) => Record<string, string>,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(USERS);
  let next = 0;
  // 50 handshakes at a time: a page load's worth, not a stampede.
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < USERS) {
        const i = next++;
        sockets[i] = await new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(urlOf(i), { headers: headersOf(i) });
          socket.once('open', () => resolve(socket));
          socket.once('unexpected-response', (_req, res) =>
            reject(new Error(`socket ${i}: upgrade refused with ${res.statusCode}`)),
          );
          socket.once('error', reject);
          socket.on('message', (data) => onText(i, data.toString(), performance.now()));
          socket.on('close', (code) => {
            if (code !== 1000 && code !== 1001 && code !== 1005) unexpectedCloses += 1;
          });
        });
      }
    }),
  );
  return sockets;
}

async function closeSockets(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve) =>
          s.readyState === s.CLOSED ? resolve() : (s.once('close', () => resolve()), s.close(1000)),
        ),
    ),
  );
}

/** The text of a message.created event, without parsing the JSON of every other event. */
function messageText(text: string): string | undefined {
  if (!text.startsWith('{"type":"message.created"')) return undefined;
  return (JSON.parse(text) as { data: { message: string } }).data.message;
}

// ---------------------------------------------------------------------------------------------
// Measuring: messages sent at a steady rate (or flat out), each timed from its POST to its arrival.

type Send = (sender: number, recipient: number, message: string) => Promise<number>;
type Result = {
  label: string;
  sent: number;
  failed: number;
  received: number;
  latencies: number[];
  windowMs: number;
};

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;

/**
 * `count` messages (pair k % HALF, alternating direction), `rate` a second — or, with rate 0, flat
 * out with `inFlight` at a time. Waits for the stragglers (GRACE_MS without an arrival ends it).
 */
async function measure(
  label: string,
  send: Send,
  options: { count: number; rate: number; inFlight?: number },
): Promise<Result> {
  const tag = `bench ${runId} ${label.replace(/\s/g, '_')} `;
  const sentAt = new Map<number, number>();
  const recipientOf = new Map<number, number>();
  const latencies: number[] = [];
  let received = 0;
  let failed = 0;
  let lastArrival = performance.now();
  onText = (person, text, at) => {
    const message = messageText(text);
    if (!message?.startsWith(tag)) return;
    const seq = Number(message.slice(tag.length));
    if (recipientOf.get(seq) !== person) return; // the sender's own copy
    const start = sentAt.get(seq);
    if (start === undefined) return;
    sentAt.delete(seq);
    latencies.push(at - start);
    received += 1;
    lastArrival = at;
  };
  const started = performance.now();
  const pending = new Set<Promise<void>>();
  const fire = (k: number) => {
    const pair = k % HALF;
    const [sender, recipient] = Math.floor(k / HALF) % 2 === 0 ? [pair, pair + HALF] : [pair + HALF, pair];
    recipientOf.set(k, recipient);
    sentAt.set(k, performance.now());
    const p = send(sender, recipient, `${tag}${k}`).then(
      (status) => {
        if (status >= 300) {
          failed += 1;
          sentAt.delete(k);
        }
      },
      () => {
        failed += 1;
        sentAt.delete(k);
      },
    );
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  for (let k = 0; k < options.count; k++) {
    if (options.rate > 0) {
      const wait = started + (k * 1000) / options.rate - performance.now();
      if (wait > 1) await sleep(wait);
    } else {
      while (pending.size >= (options.inFlight ?? 64)) await Promise.race(pending);
    }
    fire(k);
  }
  await Promise.all(pending);
  lastArrival = Math.max(lastArrival, performance.now());
  while (sentAt.size > 0 && performance.now() - lastArrival < GRACE_MS) await sleep(20);
  const windowMs = (received ? lastArrival : performance.now()) - started;
  onText = () => {};
  return {
    label,
    sent: options.count,
    failed,
    received,
    latencies: latencies.sort((a, b) => a - b),
    windowMs,
  };
}

/** One broadcast to every socket, `rate` a second: each arrival timed from the POST that caused it. */
async function measureBroadcast(
  label: string,
  url: string,
  options: { count: number; rate: number },
): Promise<Result> {
  const tag = `bench ${runId} broadcast `;
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  let lastArrival = performance.now();
  onText = (_person, text, at) => {
    const message = messageText(text);
    if (!message?.startsWith(tag)) return;
    const start = sentAt.get(Number(message.slice(tag.length)));
    if (start === undefined) return;
    latencies.push(at - start);
    lastArrival = at;
  };
  const started = performance.now();
  const posts: Array<Promise<unknown>> = [];
  for (let k = 0; k < options.count; k++) {
    const wait = started + (k * 1000) / options.rate - performance.now();
    if (wait > 1) await sleep(wait);
    sentAt.set(k, performance.now());
    posts.push(
      fetch(`${url}/broadcast`, { method: 'POST', body: JSON.stringify({ message: `${tag}${k}` }) }).then(
        (r) => r.arrayBuffer(),
      ),
    );
  }
  await Promise.all(posts);
  const expected = options.count * USERS;
  while (latencies.length < expected && performance.now() - lastArrival < GRACE_MS) await sleep(20);
  onText = () => {};
  return {
    label,
    sent: expected,
    failed: 0,
    received: latencies.length,
    latencies: latencies.sort((a, b) => a - b),
    windowMs: lastArrival - started,
  };
}

function row(r: Result) {
  const f = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(1)).padStart(7);
  const perSecond = r.received / (r.windowMs / 1000);
  return `| ${r.label.padEnd(44)} | ${String(r.sent).padStart(6)} | ${f(percentile(r.latencies, 0.5))} | ${f(percentile(r.latencies, 0.99))} | ${f(r.latencies.at(-1) ?? NaN)} | ${perSecond.toFixed(0).padStart(8)} | ${String(r.sent - r.received - r.failed).padStart(4)} | ${String(r.failed).padStart(6)} |`;
}

// ---------------------------------------------------------------------------------------------

const apiEnv = {
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: '',
  WEB_DIST: path.join(os.tmpdir(), 'muster-no-web-dist'),
  DATA_DIR: path.join(os.tmpdir(), 'muster-ws-bench'),
  // 1,000 people writing as fast as the run asks would spend their per-account budgets: lifted,
  // so the trip itself is measured rather than 429s.
  WRITE_RATE_LIMIT_SCALE: '10000',
  SEED_DEMO: 'false',
};
const apiUrl = await serve(path.join(here, '../src/main.ts'), apiEnv, '/api/v1/health');
// Where the sockets are: the same process, or a second one that hears of each message through Redis.
const socketUrl =
  PROCESSES === 2 ? await serve(path.join(here, '../src/main.ts'), apiEnv, '/api/v1/health') : apiUrl;
// PUBLIC_URL is unset, so each process accepts the Origin of the address it was reached at.
const apiOrigin = apiUrl;

const apiSend: Send = async (sender, recipient, message) => {
  const res = await fetch(`${apiUrl}/api/v1/chats/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies[sender]!, origin: apiOrigin },
    body: JSON.stringify({ recipientId: ids[recipient], message }),
  });
  await res.arrayBuffer();
  return res.status;
};

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const t0 = performance.now();
const apiSockets = await openSockets(
  () => `${socketUrl.replace('http:', 'ws:')}/api/v1/ws`,
  (i) => ({ cookie: cookies[i]!, origin: socketUrl }),
);
const how =
  PROCESSES === 2 ? ' (a second API process: every event crosses Redis)' : redisUrl ? ' (Redis hub)' : '';
console.log(`${USERS} sockets open on the API in ${((performance.now() - t0) / 1000).toFixed(1)} s${how}`);

// Every pair's chat made before anything is timed: the first message of a pair also opens its chat.
const warm = await measure('warm-up', apiSend, { count: HALF * 2, rate: 0, inFlight: 32 });
if (warm.failed) console.log(`warm-up: ${warm.failed} sends failed`);

let exitCode = 0;
if (SOAK) {
  exitCode = await soak();
} else {
  const steadyCount = Math.round(RATE * SECONDS);
  const rows: string[] = [];
  rows.push(
    row(await measure(`API: ${RATE}/s for ${SECONDS} s`, apiSend, { count: steadyCount, rate: RATE })),
  );
  rows.push(
    row(await measure('API: flat out, 32 in flight', apiSend, { count: steadyCount, rate: 0, inFlight: 32 })),
  );
  await closeSockets(apiSockets);

  const floorUrl = await serve(path.join(here, 'floor-ws.ts'), {}, '/');
  const floorSockets = await openSockets(
    (i) => `${floorUrl.replace('http:', 'ws:')}/?user=${ids[i]}`,
    () => ({}),
  );
  const floorSend: Send = async (sender, recipient, message) => {
    const res = await fetch(`${floorUrl}/send`, {
      method: 'POST',
      body: JSON.stringify({ senderId: ids[sender], recipientId: ids[recipient], message }),
    });
    await res.arrayBuffer();
    return res.status;
  };
  rows.push(
    row(
      await measure(`floor: bare ws, ${RATE}/s for ${SECONDS} s`, floorSend, {
        count: steadyCount,
        rate: RATE,
      }),
    ),
  );
  rows.push(
    row(
      await measure('floor: bare ws, flat out, 32 in flight', floorSend, {
        count: steadyCount,
        rate: 0,
        inFlight: 32,
      }),
    ),
  );
  rows.push(
    row(
      await measureBroadcast(`floor: broadcast to ${USERS} sockets, 5/s`, floorUrl, {
        count: 5 * SECONDS,
        rate: 5,
      }),
    ),
  );
  await closeSockets(floorSockets);

  console.log(
    `\n${USERS} people, a socket each${how} · PostgreSQL · load average ${load()} · POST → arrival at the recipient's socket (ms)\n`,
  );
  console.log(
    '| run                                          |   sent | p50     | p99     | max     | arrived/s | lost | failed |',
  );
  console.log(
    '|----------------------------------------------|--------|---------|---------|---------|-----------|------|--------|',
  );
  for (const r of rows) console.log(r);
  if (unexpectedCloses) console.log(`\n${unexpectedCloses} sockets closed unexpectedly`);
}

stopAll();
await sql`delete from chats where id in (select chat_id from chat_members where user_id = any(${ids}::uuid[]))`.execute(
  db,
);
await sql`delete from sessions where user_id = any(${ids}::uuid[])`.execute(db);
await close();
process.exit(exitCode);

/**
 * 100 messages a second for SOAK_SECONDS over every pair's chat, each chat's messages one after
 * another (the next is sent once the last was answered, so "in order" means something). Both
 * members' sockets must see each chat's messages exactly once, in the order sent.
 */
async function soak(): Promise<number> {
  const tag = `soak ${runId} `;
  /** What each person's socket saw of each chat (its pair), in order of arrival. */
  const seen = Array.from({ length: USERS }, () => [] as number[]);
  const sentOk = Array.from({ length: HALF }, () => [] as number[]);
  const latencies: number[] = [];
  const sentAt = new Map<string, number>();
  let failed = 0;
  let lastArrival = performance.now();
  onText = (person, text, at) => {
    const message = messageText(text);
    if (!message?.startsWith(tag)) return;
    const [pair, seq] = message.slice(tag.length).split(' ').map(Number) as [number, number];
    if (pair !== Math.min(person, partnerOf(person))) return; // not this person's chat: would be a leak
    seen[person]!.push(seq);
    lastArrival = at;
    const key = `${pair} ${seq}`;
    const start = sentAt.get(key);
    // Timed at the first member whose socket has it that is not the sender (seq even: low → high).
    const recipient = seq % 2 === 0 ? pair + HALF : pair;
    if (start !== undefined && person === recipient) latencies.push(at - start);
  };

  const total = Math.round(SOAK_RATE * SOAK_SECONDS);
  const nextSeq = new Array<number>(HALF).fill(0);
  const busy = new Array<boolean>(HALF).fill(false);
  const pending = new Set<Promise<void>>();
  let cursor = 0;
  let skipped = 0;
  const started = performance.now();
  for (let k = 0; k < total; k++) {
    const wait = started + (k * 1000) / SOAK_RATE - performance.now();
    if (wait > 1) await sleep(wait);
    // The next chat whose last message has been answered.
    let pair = -1;
    for (let tries = 0; tries < HALF; tries++, cursor = (cursor + 1) % HALF) {
      if (!busy[cursor]) {
        pair = cursor;
        cursor = (cursor + 1) % HALF;
        break;
      }
    }
    if (pair < 0) {
      skipped += 1;
      continue;
    }
    const seq = nextSeq[pair]!++;
    const [sender, recipient] = seq % 2 === 0 ? [pair, pair + HALF] : [pair + HALF, pair];
    busy[pair] = true;
    sentAt.set(`${pair} ${seq}`, performance.now());
    const p = apiSend(sender, recipient, `${tag}${pair} ${seq}`).then(
      (status) => {
        if (status < 300) sentOk[pair]!.push(seq);
        else failed += 1;
      },
      () => void (failed += 1),
    );
    const tracked = p.finally(() => {
      busy[pair] = false;
      pending.delete(tracked);
    });
    pending.add(tracked);
  }
  await Promise.all(pending);
  const expected = () => sentOk.reduce((n, s) => n + s.length, 0) * 2;
  const arrived = () => seen.reduce((n, s) => n + s.length, 0);
  lastArrival = Math.max(lastArrival, performance.now());
  while (arrived() < expected() && performance.now() - lastArrival < GRACE_MS) await sleep(20);
  const elapsed = (performance.now() - started) / 1000;

  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  for (let pair = 0; pair < HALF; pair++) {
    for (const person of [pair, pair + HALF]) {
      const stream = seen[person]!;
      const counts = new Map<number, number>();
      let highest = -1;
      for (const seq of stream) {
        counts.set(seq, (counts.get(seq) ?? 0) + 1);
        if (seq < highest) outOfOrder += 1;
        highest = Math.max(highest, seq);
      }
      for (const seq of sentOk[pair]!) if (!counts.has(seq)) lost += 1;
      for (const n of counts.values()) if (n > 1) duplicated += n - 1;
    }
  }
  latencies.sort((a, b) => a - b);
  const sent = sentOk.reduce((n, s) => n + s.length, 0);
  console.log(
    `\nsoak: ${sent} messages in ${elapsed.toFixed(1)} s over ${HALF} chats${how} (${SOAK_RATE}/s asked${skipped ? `, ${skipped} ticks skipped: every chat busy` : ''}), ` +
      `each to 2 sockets · load average ${load()}\n` +
      `  POST → recipient's socket: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms\n` +
      `  lost ${lost} · duplicated ${duplicated} · out of order ${outOfOrder}` +
      `${failed ? ` · sends failed ${failed}` : ''}${unexpectedCloses ? ` · sockets closed ${unexpectedCloses}` : ''}`,
  );
  await closeSockets(apiSockets);
  return lost === 0 && duplicated === 0 && outOfOrder === 0 && failed === 0 && unexpectedCloses === 0 ? 0 : 1;
}
