import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// scripts/backup-restore-check.mjs needs a PostgreSQL server (pg_dump and pg_restore have nothing to
// do with PGlite): it runs in the suite's PostgreSQL pass (.ci/run), on TEST_DATABASE_URL's server,
// and makes and drops databases of its own there (decision 076).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'backup and restore (scripts/backup-restore-check.mjs)',
  () => {
    it(
      'gives back every table row and every media object, in a fresh database and a fresh bucket',
      async () => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup-restore-check.mjs'], {
          cwd: root,
          env: { ...process.env, LOG_LEVEL: 'error' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (d) => (output += String(d)));
        child.stderr.on('data', (d) => (output += String(d)));
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        expect(output, output).toMatch(/backup-restore-check: OK: \d+ tables and \d+ rows, \d+ objects/);
        expect(code, output).toBe(0);
      },
      // A server start, a few dozen requests, two dumps and restores: long on a busy 2-core machine.
      15 * 60_000,
    );
  },
);
