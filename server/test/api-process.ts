import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './free-port.js';
import { withDatabase } from './global-setup.js';

/**
 * Real API processes (`node --import tsx src/main.ts`) for the tests that need more than one, or
 * a signal (decision 074): on PostgreSQL and Redis, started as an operator would, with the
 * environment given. Nothing here times anything: waits poll until a condition holds, bounded
 * only by the test's timeouts.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(serverDir, 'src/main.ts');

export type ApiProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

/** Both answer for one public address, as behind a load balancer. */
export const PUBLIC_URL = 'http://muster.test';

/** Spawns one process; does not wait for it (see `untilReady`). */
export async function spawnApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SMTP_URL: '',
      LOGIN_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += String(d)));
  child.stderr!.on('data', (d) => (output += String(d)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url: `http://127.0.0.1:${port}`, port, child, output: () => output, exited };
}

/** Polls /api/v1/ready until it answers 200; throws if the process exits first. */
export async function untilReady(api: ApiProcess): Promise<void> {
  while (api.child.exitCode === null && api.child.signalCode === null) {
    const ready = await fetch(`${api.url}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the API process on port ${api.port} exited (${api.child.exitCode}): ${api.output()}`);
}

/** Asks each process still running to stop (SIGTERM), and kills any that has not within 20 s. */
export async function stopApiProcesses(apis: ApiProcess[]): Promise<void> {
  await Promise.all(
    apis.map(async (api) => {
      if (api.child.exitCode !== null || api.child.signalCode !== null) return;
      const force = setTimeout(() => api.child.kill('SIGKILL'), 20_000);
      api.child.kill('SIGTERM');
      await api.exited;
      clearTimeout(force);
    }),
  );
}

/**
 * A database of its own on the suite's PostgreSQL server, under a name the suite's teardown also
 * sweeps: a copy of the migrated template, or (`empty`) a bare one for a first start to migrate.
 */
export async function createServerDatabase(
  serverUrl: string,
  template: string | 'empty',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `muster_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template === 'empty' ? `create database ${name}` : `create database ${name} template ${template}`,
  );
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
