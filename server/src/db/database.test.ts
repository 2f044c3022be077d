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

// A migration run by another process (a rolling deploy) changes a table under statements this
// process has saved: PostgreSQL then refuses their plans ("cached plan must not change result type").
it.runIf(process.env.TEST_DATABASE_URL)(
  'answers a saved statement again after another process changed its table',
  async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
    const db = handle.db;
    const table = sql.table(`stale_plan_${process.pid}`);
    const readAll = (on: typeof db = db) =>
      sql<{ id: number }>`select * from ${table} where id = ${1}`.execute(on);
    try {
      await sql`create table ${table} (id int)`.execute(db);
      await sql`insert into ${table} values (1)`.execute(db);
      await readAll();
      await sql`alter table ${table} add column note text`.execute(db);
      expect((await readAll()).rows).toEqual([{ id: 1, note: null }]);

      // Within a transaction the statement cannot be sent again (the transaction is aborted by
      // then), so it fails; the connection is not handed out again with its stale statements.
      await readAll();
      await sql`alter table ${table} add column more text`.execute(db);
      await expect(db.transaction().execute((trx) => readAll(trx))).rejects.toThrow(/cached plan/);
      const again = await db.transaction().execute((trx) => readAll(trx));
      expect(again.rows).toEqual([{ id: 1, note: null, more: null }]);
    } finally {
      await sql`drop table if exists ${table}`.execute(db);
      await handle.close();
    }
  },
);
