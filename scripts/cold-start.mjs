// `npm run cold-start`: how long the server takes from spawn to a healthy /api/v1/health, and how
// much memory it holds idle afterwards (DESIGN.md §6), in the three ways it is started:
//   postgres   an up-to-date database on the local PostgreSQL (127.0.0.1:5432, trust auth); the
//              first start, which migrates it, is reported on its own line
//   fresh      the embedded database in a new empty DATA_DIR: initdb, migrations, the demo data
//   existing   the same DATA_DIR again
// Options: --runs N (default 3), --only postgres,fresh,existing, --tsx (run src/main.ts through
// tsx as before the build, for comparison), --node-arg=<flag> (e.g. --node-arg=--enable-source-maps).
// Needs a built server (npm run cold-start builds it); PG_ADMIN_URL overrides where the database
// is made. Beside each wall time: the CPU time the server used to get there (all its threads).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '3'));
const only = option('--only', 'postgres,fresh,existing').split(',');
const viaTsx = args.includes('--tsx');
const nodeArgs = args.filter((a) => a.startsWith('--node-arg=')).map((a) => a.slice('--node-arg='.length));
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** How long after healthy the memory is read: long enough for start-up garbage to be collected. */
const IDLE_MS = 5_000;

const entry = viaTsx
  ? ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')]
  : [path.join(root, 'server', 'dist', 'main.js')];
if (!viaTsx && !fs.existsSync(entry[0])) {
  console.error('server/dist/main.js is missing: run `npm run build -w server` first.');
  process.exit(1);
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * CPU time the process has used (all its threads), in ms: on a shared, busy machine the wall
 * time says as much about the neighbours as about the server; this does not.
 */
function cpuOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at 100 ticks a second
}

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * Spawns the server and polls its health every 10 ms; resolves with the milliseconds from spawn
 * to the first 200 and, after IDLE_MS more, its memory. The server is stopped with SIGTERM.
 */
async function startOnce(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let ms;
    let cpu;
    while (ms === undefined) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error('the server was not healthy within 120 s');
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) [ms, cpu] = [performance.now() - started, cpuOf(child.pid)];
      else await new Promise((r) => setTimeout(r, 10));
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { ms, cpu, ...memoryOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function report(label, results) {
  const ms = results.map((r) => r.ms);
  const cpu = results.map((r) => r.cpu);
  const rss = results.map((r) => r.rss);
  const hwm = results.map((r) => r.hwm);
  const f = (n) => n.toFixed(0).padStart(5);
  console.log(
    `${label.padEnd(34)} ${f(Math.min(...ms))} ms min ${f(median(ms))} ms median (CPU ${f(median(cpu))} ms)   ` +
      `RSS idle ${f(median(rss))} MB (peak ${f(median(hwm))} MB)   load ${load()}`,
  );
}

async function repeat(label, times, env) {
  const results = [];
  for (let i = 0; i < times; i++) results.push(await startOnce(typeof env === 'function' ? env(i) : env));
  report(label, results);
  return results;
}

console.log(
  `cold start, spawn → healthy /api/v1/health (${viaTsx ? 'tsx src/main.ts' : 'node server/dist/main.js'}${nodeArgs.length ? ` ${nodeArgs.join(' ')}` : ''}), ${runs} runs each, memory ${IDLE_MS / 1000} s after healthy`,
);
console.log(`${os.availableParallelism()} cores; load average at the start ${load()}`);

if (only.includes('postgres')) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const name = `muster_coldstart_${process.pid}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.href };
    await repeat('postgres, first start (migrates)', 1, env);
    await repeat('postgres, up to date', runs, env);
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
  }
}

if (only.includes('fresh') || only.includes('existing')) {
  const dirs = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'muster-cold-'));
    dirs.push(dir);
    return dir;
  };
  try {
    let dataDir = newDir();
    if (only.includes('fresh')) {
      // Each run gets a directory of its own; the last one is then started again as "existing".
      await repeat('embedded, fresh with demo data', runs, (i) => ({
        DATABASE_URL: '',
        DATA_DIR: (dataDir = i === 0 ? dataDir : newDir()),
      }));
    } else {
      await startOnce({ DATABASE_URL: '', DATA_DIR: dataDir });
    }
    if (only.includes('existing'))
      await repeat('embedded, existing', runs, { DATABASE_URL: '', DATA_DIR: dataDir });
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

process.stdout.write(`uptime at the end: ${String(spawnSync('uptime').stdout).trim()}\n`);
