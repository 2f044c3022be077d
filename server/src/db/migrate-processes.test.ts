import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  createServerDatabase,
  spawnApiProcess,
  stopApiProcesses,
  untilReady,
} from '../../test/api-process.js';
import { migrations } from './migrate.js';

/**
 * Issue 36, item 2 (decision 074): three API processes started at once on a bare PostgreSQL
 * database. Exactly one of them applies the migrations (Kysely holds an advisory lock while it
 * migrates; the others wait for it, then find nothing to do) and all three become ready.
 *
 * Needs PostgreSQL and Redis: it runs when TEST_DATABASE_URL and REDIS_URL are set.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!serverUrl || !redisUrl)('three processes starting on a bare database', () => {
  const apis: ApiProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    await stopApiProcesses(apis);
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('apply each migration once, in one process, and all three come up', async () => {
    const database = await createServerDatabase(serverUrl!, 'empty');
    cleanups.push(database.drop);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-migrate-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));

    // Spawned together, so they reach the migrations within moments of one another.
    apis.push(
      ...(await Promise.all(
        [1, 2, 3].map(() =>
          spawnApiProcess({
            DATABASE_URL: database.url,
            REDIS_URL: redisUrl!,
            DATA_DIR: dataDir,
            WEB_DIST: path.join(dataDir, 'no-web-dist'),
            JOB_WORKERS: 'true',
            // Its 'migrations applied' line names what each process applied.
            LOG_LEVEL: 'info',
          }),
        ),
      )),
    );
    await Promise.all(apis.map(untilReady));

    // Each process's own account of what it applied: together, every migration exactly once.
    const applied = apis.map((api) =>
      api
        .output()
        .split('\n')
        .filter((line) => line.includes('"migrations applied"'))
        .flatMap((line) => (JSON.parse(line) as { migrations: string[] }).migrations),
    );
    expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
    expect(applied.filter((list) => list.length > 0)).toHaveLength(1);

    // And the database's: one row per migration.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    cleanups.push(() => client.end());
    const { rows } = await client.query<{ name: string; n: string }>(
      'select name, count(*) as n from kysely_migration group by name order by name',
    );
    expect(rows).toEqual(Object.keys(migrations).map((name) => ({ name, n: '1' })));
  });
});
