import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import pino from 'pino';
import type { prettyFactory as PrettyFactory } from 'pino-pretty';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import {
  type DatabaseHandle,
  type DatabaseTimeouts,
  explainDatabaseFailure,
  openDatabase,
  pingDatabase,
} from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { DEMO_LOGIN } from './db/demo.js';
import { seedDemoData } from './db/seed.js';
import { createMailer } from './platform/mail.js';
import { createMediaStore } from './platform/media/media.js';
import { redisOptions } from './platform/redis.js';
import { logMixin } from './platform/telemetry/log-context.js';
import { startTracing } from './platform/telemetry/tracing.js';

// V8 lets the heap grow to up to four times what survived the last full collection before it
// collects again, and gives little of it back once the load has gone: after the bench the API held
// ~230 MB with 45 MB alive. Growing by half at a time (read at every collection, so it applies
// from here) kept it at ~170 MB for the same CPU per request (decision 030).
v8.setFlagsFromString('--heap-growing-percent=50');

/**
 * A start-up problem someone can fix ends here: one line naming it on stderr and exit code 1.
 * The stack trace, useful only to whoever debugs our code, comes with LOG_LEVEL=debug.
 */
function fail(problem: string, err?: unknown): never {
  console.error(`Muster could not start: ${problem}`);
  if (err instanceof Error && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? '')) console.error(err.stack);
  process.exit(1);
}

/**
 * What the build makes beside the bundle (dist/, see build.mjs): the embedded database's templates,
 * one with the demo data. Run from src/ (npm run dev) they are absent, and made at start instead.
 */
const built = (name: string) => fileURLToPath(new URL(name, import.meta.url));

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

// pino-pretty, ioredis, PGlite (db/database.ts), sharp and nodemailer are imported only where
// they are used: a production start on PostgreSQL loads none of them (decision 026).
// Every line logged while serving a request carries its reqId, during a job its id (decision 075).
const logOptions = { level: config.logLevel, mixin: logMixin };
const logger =
  config.logFormat === 'pretty'
    ? pino(logOptions, readableLines((await import('pino-pretty')).prettyFactory))
    : pino(logOptions);
// Traces only with a collector to send them to; the SDK is not even loaded otherwise (decision 075).
if (config.otlpEndpoint)
  await startTracing({
    serviceName: config.serviceName,
    endpoint: config.otlpEndpoint,
    sampleRatio: config.traceSampleRatio,
  });
const timeouts: DatabaseTimeouts = {
  connectMs: config.databaseConnectTimeoutMs,
  statementMs: config.databaseStatementTimeoutMs,
};

// A new embedded data directory with the demo data starts as a copy of the build's demo template
// (its pictures, then its database), brought to the present by seedDemoData: loading the demo data
// took ~1.4 s of a first start (decision 037). The database is copied last, by openDatabase, and
// its arrival is what marks the copy whole.
const demoTemplate =
  !config.databaseUrl && config.seedDemo && fs.existsSync(built('demo-template'))
    ? built('demo-template')
    : undefined;

let database: DatabaseHandle;
try {
  if (demoTemplate && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION')))
    fs.cpSync(path.join(demoTemplate, 'media'), path.join(config.dataDir, 'media'), { recursive: true });
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    template: demoTemplate ? path.join(demoTemplate, 'pgdata') : built('pgdata-template'),
    timeouts,
    onIdleError: (err) => logger.warn({ err }, 'database connection lost'),
  });
  // One round trip before anything else, bounded by the timeouts: a wrong URL, a refused port or
  // a server that never answers is named here instead of hanging or failing inside a migration.
  await pingDatabase(database.db);
} catch (err) {
  fail(explainDatabaseFailure(err, config.databaseUrl, timeouts), err);
}

let demo: boolean;
try {
  const applied = await migrate(database);
  if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
  // Demo data only on the embedded database: a real PostgreSQL is someone's production.
  demo = database.kind === 'pglite' && config.seedDemo;
  if (demo) await seedDemoData(database.db, await createMediaStore(config), logger);
} catch (err) {
  fail(`preparing the database failed: ${explainDatabaseFailure(err, config.databaseUrl, timeouts)}`, err);
}

// Never waited on for long, and never fatal: down at start, it is attached when it comes up (decision 043).
const redis = config.redisUrl
  ? new (await import('ioredis')).Redis(config.redisUrl, redisOptions(config.redisTimeoutMs))
  : undefined;
const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, 'outbox'),
  log: logger,
});
const demoLogin = demo ? DEMO_LOGIN : undefined;
const app = await buildApp({
  config,
  db: database.db,
  jobBackend: database.jobBackend,
  mailer,
  logger,
  redis,
  demoLogin,
});
try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  const code = (err as { code?: string }).code;
  if (code === 'EADDRINUSE')
    fail(`port ${config.port} is already in use on ${config.host}; stop what runs there or set PORT.`);
  if (code === 'EACCES')
    fail(`not allowed to listen on port ${config.port}; choose a port above 1023 with PORT.`);
  fail(`cannot listen on ${config.host}:${config.port}: ${(err as Error).message}`, err);
}
// Scheduled jobs (needs that expire) run in every process; each turn is claimed by one of them.
app.deps.scheduler.start();
// startupMs counts from the process's start (performance.now()'s origin): loading the modules included.
const ready = `Muster is ready at ${config.publicUrl}${demoLogin ? ` — sign in as ${demoLogin.username} / ${demoLogin.password}` : ''}`;
if (config.logFormat === 'pretty') process.stdout.write(`\n  ${ready}\n\n`);
else
  logger.info(
    { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now()) },
    ready,
  );

let closing = false;
/**
 * A stop asked for (SIGTERM from an orchestrator, Ctrl-C), in the order of decision 074: readiness
 * answers 503 and every socket is closed with 1001 (the app's preClose hooks), no connection is
 * accepted and the requests in flight finish, for up to SHUTDOWN_GRACE_MS, after which those left
 * are cut; then the job workers stop (a job not finished by then is failed back to its queue, to
 * run again elsewhere), then Redis and the database close. Exit code 0 when all of it went.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
  // Requests, then jobs, share the grace (app.ts gives the jobs what is left of it); past it and
  // a margin for closing, the process goes anyway, before an orchestrator's own kill (Compose's
  // stop_grace_period, systemd's TimeoutStopSec: docs/operating.md sets them 10 s above).
  const force = setTimeout(() => {
    logger.error('shutdown did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 8_000).unref();
  // app.close() waits for every connection to end: a request still running after the grace
  // (a client that never finishes its upload), or a socket whose client never answered the 1001
  // (`ws` would wait 30 s for it), is cut, so the rest of the shutdown can go on.
  const cut = setTimeout(() => {
    app.server.closeAllConnections();
    for (const client of app.websocketServer?.clients ?? []) client.terminate();
  }, config.shutdownGraceMs).unref();
  let code = 0;
  try {
    await app.close();
    mailer.close();
    redis?.disconnect();
    await database.close();
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    code = 1;
  } finally {
    clearTimeout(cut);
    clearTimeout(force);
    logger.info({ signal }, 'stopped');
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

/**
 * Brings the schema up to date. On PostgreSQL this runs on connections of its own without a
 * statement timeout: a backfill on a big table may rightly take minutes, and a second process
 * starting beside the first waits here for the first one's migration lock.
 */
async function migrate(handle: DatabaseHandle): Promise<string[]> {
  if (handle.kind === 'pglite') return migrateToLatest(handle.db);
  const unbounded = await openDatabase({
    databaseUrl: config.databaseUrl,
    timeouts: { connectMs: timeouts.connectMs },
  });
  try {
    return await migrateToLatest(unbounded.db);
  } finally {
    await unbounded.close();
  }
}

/**
 * For a person at a terminal: readable lines instead of JSON, and one line per request
 * ("GET /api/v1/health 200 3 ms") instead of Fastify's two (received, then completed): the
 * received entry is held back until its answer is logged.
 */
function readableLines(prettyFactory: typeof PrettyFactory): pino.DestinationStream {
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  const received = new Map<string, string>();
  return {
    write(line: string) {
      const entry = JSON.parse(line) as Record<string, unknown> & {
        msg?: string;
        reqId?: string;
        req?: { method: string; url: string };
        res?: { statusCode: number };
        responseTime?: number;
      };
      if (entry.reqId && entry.req && entry.msg === 'incoming request') {
        received.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
        // A request that never completes (an aborted upload) must not keep its entry for ever.
        if (received.size > 1000) received.delete(received.keys().next().value as string);
        return;
      }
      if (entry.reqId && entry.res && entry.msg === 'request completed') {
        const { reqId, res, responseTime, ...rest } = entry;
        const request = received.get(reqId) ?? 'request';
        received.delete(reqId);
        process.stdout.write(
          prettify({ ...rest, msg: `${request} ${res.statusCode} ${Math.round(responseTime ?? 0)} ms` }),
        );
        return;
      }
      process.stdout.write(prettify(entry));
    },
  };
}
