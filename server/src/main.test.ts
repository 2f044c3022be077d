import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { explainDatabaseFailure } from './db/database.js';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

function start(env: Record<string, string>, command = ['--import', 'tsx', main]) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, command, {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_FORMAT: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += String(d)));
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, ms: performance.now() - startedAt })),
  );
  /** Waits for stdout to match, or for the process to end; gives up after `ms`. */
  const waitFor = async (pattern: RegExp, ms = 60_000) => {
    for (const until = Date.now() + ms; Date.now() < until && child.exitCode === null;) {
      const match = stdout.match(pattern);
      if (match) return match;
      await new Promise((r) => setTimeout(r, 50));
    }
    return stdout.match(pattern);
  };
  return { child, exited, waitFor, stdout: () => stdout, stderr: () => stderr };
}

/** The exit of a process expected to end by itself; one that hangs is killed and reported as such. */
async function ending(run: ReturnType<typeof start>, ms = 45_000) {
  const hung = setTimeout(() => run.child.kill('SIGKILL'), ms);
  const exit = await run.exited;
  clearTimeout(hung);
  return exit;
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('the server process', () => {
  it('refuses bad configuration with a message naming it, and exits 1', async () => {
    const run = start({ PORT: 'eighty' });
    expect((await ending(run)).code).toBe(1);
    expect(run.stderr()).toContain('Invalid configuration');
    expect(run.stderr()).toContain('PORT');
  });

  it('starts on an empty embedded database, logs JSON when not at a terminal, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-main-'));
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' });
    try {
      expect(await run.waitFor(/Muster is ready/)).not.toBeNull();
      const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
      expect(health.status).toBe(200);
      run.child.kill('SIGTERM');
      expect((await ending(run)).code).toBe(0);
      const entries = lines(run.stdout()).map((l) => JSON.parse(l) as { msg: string; url?: string });
      // No demo account on this database, so no sign-in in the line.
      expect(entries).toContainEqual(
        expect.objectContaining({
          msg: `Muster is ready at http://localhost:${port}`,
          url: `http://localhost:${port}`,
        }),
      );
    } finally {
      run.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the built server (npm run build -w server)', () => {
  // Bundled into a folder of its own under dist/ (node_modules resolve from there as from dist/),
  // without the build's assets: a new DATA_DIR then starts by initdb in memory.
  const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const outdir = path.join(server, 'dist', `test-${process.pid}`);
  afterAll(() => fs.rm(outdir, { recursive: true, force: true }));

  it('bundles into one file that starts, answers health and stops cleanly', async () => {
    const build = spawn(
      process.execPath,
      [path.join(server, 'build.mjs'), '--bundle-only', '--outdir', outdir],
      { stdio: 'inherit' },
    );
    expect(await new Promise((resolve) => build.once('exit', resolve))).toBe(0);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-main-'));
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' }, [
      path.join(outdir, 'main.js'),
    ]);
    try {
      expect(await run.waitFor(/Muster is ready/)).not.toBeNull();
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
      run.child.kill('SIGTERM');
      expect((await ending(run)).code).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('start-up against a database that cannot be used', () => {
  const holes: net.Server[] = [];
  const held = new Set<net.Socket>();
  afterAll(async () => {
    for (const s of held) s.destroy();
    for (const hole of holes) await new Promise((resolve) => hole.close(resolve));
  });

  /** Accepts connections and never answers, as a frozen server or a stalled network would. */
  async function blackHole() {
    const hole = net.createServer((s) => {
      held.add(s);
      s.on('error', () => {});
    });
    holes.push(hole);
    await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
    return (hole.address() as net.AddressInfo).port;
  }

  async function failedStart(databaseUrl: string) {
    const run = start({
      DATABASE_URL: databaseUrl,
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      PORT: String(await freePort()),
      LOG_LEVEL: 'info',
    });
    const exit = await ending(run);
    return { ...exit, stderr: lines(run.stderr()), stdout: run.stdout() };
  }

  it('gives up on a server that accepts connections and never answers: one line, exit 1, within the bound', async () => {
    const port = await blackHole();
    const result = await failedStart(`postgres://muster:secret@127.0.0.1:${port}/muster`);
    expect(result.code).toBe(1);
    expect(result.stderr).toEqual([
      `Muster could not start: the database at 127.0.0.1:${port} did not answer within 1 s (DATABASE_CONNECT_TIMEOUT_MS); is PostgreSQL running there, and not overloaded?`,
    ]);
    // 1 s of waiting; the rest is starting Node and tsx on a machine that may be busy. Before the
    // bound this process never ended and was killed at 45 s.
    expect(result.ms).toBeLessThan(30_000);
  });

  it.each([
    [
      'a refused port',
      async () => `postgres://muster@127.0.0.1:${await freePort()}/muster`,
      /^Muster could not start: nothing accepts connections at 127\.0\.0\.1:\d+ \(connection refused\)/,
    ],
    [
      'an unknown host',
      async () => 'postgres://muster@no-such-host.invalid:5432/muster',
      /^Muster could not start: the database host "no-such-host\.invalid" was not found; check DATABASE_URL\.$/,
    ],
  ])('names %s in one line, without a stack trace, and exits 1', async (_, url, line) => {
    const result = await failedStart(await url());
    expect(result.code).toBe(1);
    expect(result.stderr).toHaveLength(1);
    expect(result.stderr[0]).toMatch(line);
    expect(result.stdout).not.toContain('Muster is ready');
  });

  it('words what PostgreSQL answers, and never shows the password', () => {
    const url = 'postgres://muster:hunter2@db.example:6543/muster_prod';
    const timeouts = { connectMs: 5000, statementMs: 15000 };
    const said = (code: string, message: string) =>
      explainDatabaseFailure(Object.assign(new Error(message), { code }), url, timeouts);
    expect(said('3D000', 'database "muster_prod" does not exist')).toBe(
      'the database "muster_prod" does not exist on db.example:6543; create it or check DATABASE_URL.',
    );
    expect(said('28P01', 'password authentication failed for user "muster"')).toBe(
      'PostgreSQL at db.example:6543 refused the sign-in: password authentication failed for user "muster"; check DATABASE_URL.',
    );
    expect(said('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.9:6543')).toBe(
      'the database host db.example:6543 cannot be reached (EHOSTUNREACH); check DATABASE_URL and the network.',
    );
    expect(said('', 'Query read timeout')).toBe(
      'the database at db.example:6543 accepted a connection but did not answer a query within 15 s (DATABASE_STATEMENT_TIMEOUT_MS).',
    );
    for (const code of ['3D000', '28P01', 'ECONNREFUSED', 'ENOTFOUND', '57014', 'XX000', '']) {
      expect(said(code, 'something')).not.toContain('hunter2');
    }
  });
});

describe('npm start at a terminal', () => {
  let run: ReturnType<typeof start>;
  let port: number;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-main-'));
    port = await freePort();
    // LOG_FORMAT=pretty is what a terminal gets (config.test.ts checks that choice); a 1 s request
    // timeout lets the slow-request tests below finish quickly.
    run = start({
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'pretty',
      LOG_LEVEL: 'info',
      REQUEST_TIMEOUT_MS: '1000',
    });
    await run.waitFor(/Muster is ready/);
  });
  afterAll(async () => {
    run.child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('says once where Muster is and how to sign in to the demo', () => {
    const ready = lines(run.stdout()).filter((l) => l.includes('Muster is ready'));
    expect(ready.map((l) => l.trim())).toEqual([
      `Muster is ready at http://localhost:${port} — sign in as demo / muster-demo-2026`,
    ]);
  });

  it('logs readable lines, one per request, and no JSON', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    expect(await run.waitFor(/GET \/api\/v1\/health 200 \d+ ms/)).not.toBeNull();
    expect(run.stdout()).not.toContain('incoming request');
    expect(lines(run.stdout()).filter((l) => l.trimStart().startsWith('{"'))).toEqual([]);
  });

  /** Sends headers and the start of a body, then only what `trickle` adds; resolves when the server closes. */
  function slowRequest(trickle: boolean) {
    return new Promise<{ answer: string; ms: number }>((resolve) => {
      const started = performance.now();
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"',
        );
      });
      const drip = trickle ? setInterval(() => socket.write('a'), 200) : undefined;
      // Before the timeouts, nothing ever closed this socket; the test ends it at 20 s and fails.
      const giveUp = setTimeout(() => socket.destroy(), 20_000);
      socket.on('data', (d) => (answer += String(d)));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        clearTimeout(giveUp);
        resolve({ answer, ms: performance.now() - started });
      });
    });
  }

  it.each([
    ['stops sending', false],
    ['sends a byte every 200 ms', true],
  ])('answers 408 and closes a request whose body %s, within the request timeout', async (_, trickle) => {
    const { answer, ms } = await slowRequest(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // REQUEST_TIMEOUT_MS is 1 s and Node looks every second: 2 s, with room for a busy machine.
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(8_000);
  });

  it('still serves after cutting those off, and stops cleanly on SIGTERM', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(200);
    run.child.kill('SIGTERM');
    expect((await ending(run)).code).toBe(0);
  });
});
