import path from 'node:path';
import { Redis } from 'ioredis';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_LOGIN } from './db/demo.js';
import { seedDemoData } from './db/seed.js';
import { createMailer } from './platform/mail.js';
import { createLocalMediaStore } from './platform/media/media.js';

const startedAt = performance.now();

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const logger = pino({ level: config.logLevel });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  onIdleError: (err) => logger.warn({ err }, 'database connection lost'),
});
const applied = await migrateToLatest(database.db);
if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
// Demo data only on the embedded database: a real PostgreSQL is someone's production.
const demo = database.kind === 'pglite' && config.seedDemo;
if (demo) await seedDemoData(database.db, createLocalMediaStore(config.dataDir), logger);

const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, 'outbox'),
  log: logger,
});
const app = await buildApp({ config, db: database.db, mailer, logger, redis, demoLogin: demo ? DEMO_LOGIN : undefined });
await app.listen({ host: config.host, port: config.port });
logger.info(
  { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
  'Muster is ready',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    mailer.close();
    redis?.disconnect();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
