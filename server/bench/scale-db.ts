import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';

/** The benchmark's PostgreSQL database: BENCH_DATABASE_URL, else muster_bench on the local server. */
export const benchUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/muster_bench';

/** Opens a benchmark database (the scale one unless told another), creating and migrating it first if need be. */
export async function ensureBenchDatabase(databaseUrl: string = benchUrl) {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name.replace(/"/g, '')}"`);
  await admin.end();
  const handle = await openDatabase({ databaseUrl });
  await migrateToLatest(handle.db);
  return handle;
}
