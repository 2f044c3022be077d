// `npm run admin:grant -- <username|email> [admin|moderator|member]`: gives a person a role
// (admin when none is said), audited as done by the server (decision 067). Opens the database the
// server uses (DATABASE_URL, or the embedded one under DATA_DIR: stop the server first, as the
// embedded database takes one process at a time). A running server sees the change within its
// session cache's few seconds (it holds a viewer row at most 5 s).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { roleSchema } from '@muster/contract/moderation';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { grantAsServer } from './features/moderation/roles.service.js';
import { HttpError } from './platform/errors.js';

const USAGE = 'Usage: npm run admin:grant -- <username|email> [admin|moderator|member]';

type Output = { write: (text: string) => unknown };

/** The exit code: 0 done (or nothing to do), 1 refused (no such account, the last admin), 2 usage. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: { out: Output; err: Output } = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const [login, roleArg = 'admin', ...extra] = argv;
  const role = roleSchema.safeParse(roleArg);
  if (!login || extra.length || !role.success) {
    io.err.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // A server that has never started here has no tables yet: bring the schema up as it would.
    await migrateToLatest(database.db);
    const result = await grantAsServer(database.db, login, role.data, 'Given on the command line');
    if (result.outcome === 'unknown' || result.outcome === 'unverified') {
      io.err.write(`No account has the username or address "${login}".\n`);
      return 1;
    }
    io.out.write(
      result.outcome === 'changed'
        ? `@${result.username} is now ${result.to} (was ${result.from}).\n`
        : `@${result.username} is already ${result.to}: nothing changed.\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      io.err.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

// Run as a script (not when a test imports it).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2), process.env);
