// `npm run jobs:dead -w server`: the jobs whose retries are spent (decision 059), newest first, as
// one JSON object per line. Opens the database the server uses (DATABASE_URL, or the embedded one
// under DATA_DIR: stop the server first, as the embedded database takes one process at a time).
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { JOB_SCHEMA } from './platform/jobs.js';
import { listDeadJobs } from './platform/jobs.queries.js';

const config = loadConfig(process.env);
const limit = Number(process.argv[2] ?? 100);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const dead = await listDeadJobs(
    database.db,
    JOB_SCHEMA,
    Number.isInteger(limit) && limit > 0 ? limit : 100,
  );
  for (const job of dead) process.stdout.write(`${JSON.stringify(job)}\n`);
  process.stderr.write(`${dead.length} dead job${dead.length === 1 ? '' : 's'}\n`);
} catch (err) {
  // 42P01: no pgboss.job table, as the server has never started on this database.
  if ((err as { code?: string }).code !== '42P01') throw err;
  process.stderr.write('No job queue in this database yet: the server has not started on it.\n');
} finally {
  await database.close();
}
