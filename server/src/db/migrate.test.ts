import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true }))));

it('finds an up-to-date database up to date at once, and migrates a new one through the Migrator', async () => {
  const migrated = await createTestDatabase();
  try {
    expect(await migrateToLatest(migrated.db)).toEqual([]);
  } finally {
    await migrated.close();
  }
  const blank = await openDatabase({});
  try {
    const applied = await migrateToLatest(blank.db);
    expect(applied[0]).toBe('0001-foundation');
    expect(applied.length).toBeGreaterThanOrEqual(22);
    expect(await migrateToLatest(blank.db)).toEqual([]);
  } finally {
    await blank.close();
  }
});

it('starts a new embedded data directory from a template tarball, and reopens it as it is', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-template-'));
  dirs.push(dataDir);
  const source = await openDatabase({});
  await migrateToLatest(source.db);
  const template = path.join(dataDir, 'template.tar.gz');
  await fs.writeFile(template, Buffer.from(await (await source.dumpDataDir!()).arrayBuffer()));
  await source.close();

  const first = await openDatabase({ dataDir, template });
  expect(await migrateToLatest(first.db)).toEqual([]);
  await sql`insert into app_meta (key, value) values ('kept', 'yes')`.execute(first.db);
  await first.close();
  const again = await openDatabase({ dataDir, template });
  const { rows } = await sql<{ value: string }>`select value from app_meta where key = 'kept'`.execute(again.db);
  expect(rows).toEqual([{ value: 'yes' }]);
  await again.close();
});
