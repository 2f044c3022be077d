import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'silent', HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += String(d)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

describe('the server process', () => {
  it('refuses bad configuration with a message naming it, and exits 1', async () => {
    const run = start({ PORT: 'eighty' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('Invalid configuration');
    expect(run.stderr()).toContain('PORT');
  });

  it('starts on an empty embedded database, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-main-'));
    const port = await freePort();
    const run = start({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      let healthy = false;
      for (let i = 0; i < 150 && !healthy; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then((r) => r.ok, () => false);
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy).toBe(true);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
