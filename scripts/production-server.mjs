// The production server the measuring scripts (lighthouse.mjs, bundle-report.mjs --measure) start
// on their own, the way the end-to-end suite does: production mode, a fresh embedded database with
// the demo data, a free port; WEB_DIST picks another build than web/dist. An end-to-end journey that
// needs a server of its own (other limits) passes the variables it changes as `env`.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO = { emailOrUsername: 'demo', password: 'muster-demo-2026' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * `dataDir`: a data directory prepared beforehand, or an earlier run's stopped with `keepData` (a
 * journey that changes what no route changes, such as a role or a need's age, between two runs);
 * a fresh one by default. Either is removed at stop unless `keepData`.
 * @param {{ env?: Record<string, string>, dataDir?: string }} [options]
 */
export async function startServer({ env = {}, dataDir: earlier } = {}) {
  await fs
    .access(path.join(process.env.WEB_DIST ?? path.join(root, 'web', 'dist'), 'index.html'))
    .catch(() => {
      throw new Error('web/dist is missing: run `npm run build` first');
    });
  const dataDir = earlier ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'muster-server-')));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not become healthy in time');
    const ok = await fetch(`${base}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    dataDir,
    /** @param {{ keepData?: boolean }} [options] */
    stop: async ({ keepData = false } = {}) => {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      if (!keepData) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo account's session cookie, for Lighthouse's extraHeaders. */
export async function demoCookie(base) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok)
    throw new Error(`demo sign-in failed (${res.status}): the server needs the embedded demo database`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
