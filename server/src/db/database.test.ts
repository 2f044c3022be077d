import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from './database.js';

const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-db-template-'));
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

// What the build does (build-assets.ts) and a first start then: the template unpacked into a
// directory, and a new DATA_DIR made as a copy of it.
it.skipIf(process.env.TEST_DATABASE_URL)(
  'starts a new data directory as a copy of an unpacked template',
  async () => {
    const tarball = inject('pgliteTemplatePath');
    const unpacked = path.join(scratch, 'unpacked');
    await (await openDatabase({ dataDir: unpacked, template: tarball })).close();
    const dataDir = path.join(scratch, 'data');
    const handle = await openDatabase({ dataDir, template: path.join(unpacked, 'pgdata') });
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(
        handle.db,
      );
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    await expect(fs.stat(path.join(dataDir, 'pgdata.part'))).rejects.toThrow();
    await expect(fs.stat(path.join(dataDir, 'pgdata', 'PG_VERSION'))).resolves.toBeTruthy();
  },
  60_000,
);

// Decision 030: PostgreSQL's JIT spent ~110 ms compiling the home feed's ~40 ms walk.
it.runIf(process.env.TEST_DATABASE_URL)('runs statements on PostgreSQL without JIT compilation', async () => {
  const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
  try {
    const { rows } = await sql<{ jit: string }>`show jit`.execute(handle.db);
    expect(rows[0]!.jit).toBe('off');
  } finally {
    await handle.close();
  }
});
