// The open data exports at the scale database's size (issue 37 item 3, decision 078): the API in a
// process of its own on muster_bench (npm run seed:scale), the whole CSV and the whole GeoJSON
// fetched with no filter but the defaults (all places, open needs and wants, every provision and
// public mission), read as they come and thrown away. Prints each run's time, bytes, rows, and the
// API process's resident memory: before, the most seen while it ran (sampled every 50 ms) and the
// kernel's own high-water mark (VmHWM). Not a test.
//
//   node --import tsx bench/open-data-export.ts        (OPEN_DATA_BENCH_RUNS=2 by default)
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { freePort } from '../test/free-port.js';
import { benchUrl, ensureBenchDatabase } from './scale-db.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env.OPEN_DATA_BENCH_RUNS ?? 2);

const { db, close } = await ensureBenchDatabase();
const counts = (
  await sql<{ posts: string; items: string; placed: string; missions: string }>`select
      (select count(*) from posts) as posts,
      (select count(*) from posts where kind in ('provision') or (kind in ('need', 'want') and status = 'open')) as items,
      (select count(*) from posts where map_location is not null) as placed,
      (select count(*) from missions where visibility = 'public') as missions`.execute(db)
).rows[0]!;
await close();
console.log(
  `muster_bench: ${counts.posts} posts, of which ${counts.items} open needs/wants and provisions (${counts.placed} posts with a place); ${counts.missions} public missions`,
);

const memory = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
};

async function startApi(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '../src/main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: benchUrl,
      WEB_DIST: '/nonexistent',
      REDIS_URL: '',
      SMTP_URL: '',
      // Only the exports run: no queue workers, no scheduler turns in the middle of a measurement.
      JOB_WORKERS: 'false',
      OPEN_DATA_RATE_LIMIT: '1000',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`${url}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the API did not start');
}

const api = await startApi();
const pid = api.child.pid!;

async function exportOnce(name: string, route: string, rowsIn: (chunk: string) => number) {
  const before = memory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50);
  const started = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let rows = 0;
  const res = await fetch(`${api.url}/api/v1/open-data/${route}`, {
    headers: { 'accept-encoding': 'identity' },
  });
  if (!res.ok || !res.body) throw new Error(`${route}: ${res.status}`);
  const decoder = new TextDecoder();
  for await (const chunk of res.body) {
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += chunk.byteLength;
    rows += rowsIn(decoder.decode(chunk, { stream: true }));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memory(pid);
  peak = Math.max(peak, after.rss);
  console.log(
    `${name.padEnd(8)} ${seconds.toFixed(1).padStart(6)} s  first byte ${firstByteMs.toFixed(0).padStart(5)} ms  ` +
      `${(bytes / 1e6).toFixed(1).padStart(7)} MB  ${String(rows).padStart(8)} rows  ` +
      `RSS before ${before.rss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${after.rss.toFixed(0)} MB; ` +
      `VmHWM ${after.hwm.toFixed(0)} MB  (load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
}

/**
 * Counts a marker in a stream of text chunks, a marker split between two chunks included: lines
 * (CRLF) for the CSV, the header and HXL rows among them (a text's own CRLF would count too: the
 * scale seed's have none), features for the GeoJSON.
 */
function counter(marker: string) {
  let carry = '';
  return (chunk: string) => {
    const text = carry + chunk;
    carry = text.slice(-(marker.length - 1));
    // The carry is shorter than the marker, so no marker counted already is counted again.
    return text.split(marker).length - 1;
  };
}

/**
 * A slow client (a phone on a poor link): reads about 1 MB a second for 15 s, then goes away. With
 * backpressure the API reads a batch only when the socket took the last one, so its memory stays
 * flat; without, it would pile up what the database gives faster than the client takes.
 */
async function slowClient() {
  const before = memory(pid);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 50);
  const controller = new AbortController();
  const res = await fetch(`${api.url}/api/v1/open-data/items.csv`, {
    headers: { 'accept-encoding': 'identity' },
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const until = performance.now() + 15_000;
  let bytes = 0;
  while (performance.now() < until) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    await new Promise((r) => setTimeout(r, (value.byteLength / 1_000_000) * 1000));
  }
  controller.abort();
  await new Promise((r) => setTimeout(r, 1000));
  clearInterval(sampler);
  console.log(
    `slow CSV reader: ${(bytes / 1e6).toFixed(1)} MB in 15 s, then gone; API RSS before ${before.rss.toFixed(0)} MB, ` +
      `peak ${peak.toFixed(0)} MB, 1 s after ${memory(pid).rss.toFixed(0)} MB`,
  );
}

try {
  console.log(`API pid ${pid}, RSS at start ${memory(pid).rss.toFixed(0)} MB`);
  for (let run = 1; run <= RUNS; run++) {
    await exportOnce('CSV', 'items.csv', counter('\r\n'));
    await exportOnce('GeoJSON', 'items.geojson', counter('{"type":"Feature"'));
  }
  // Last, once the process has reached its working size: what is left is what a slow reader costs.
  await slowClient();
} finally {
  api.child.kill('SIGTERM');
}
