import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Agent as HttpsAgent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import type { DomainEvents } from '../src/platform/events.js';
import type { PreviewOptions } from '../src/platform/link-preview.js';
import { inTransaction } from '../src/platform/transaction.js';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type DatabaseHandle, openDatabase } from '../src/db/database.js';
import { createMailer, type Mailer } from '../src/platform/mail.js';
import { redisOptions } from '../src/platform/redis.js';
import { withDatabase } from './global-setup.js';

/**
 * A fresh, migrated database for one test file: a PGlite clone (in memory, or in `dataDir` for a
 * test that starts server processes on it), or a PostgreSQL template copy (its `url` given).
 */
export async function createTestDatabase(
  options: { dataDir?: string } = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `muster_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplateDatabase')}`);
    const url = withDatabase(serverUrl, name);
    const handle = await openDatabase({ databaseUrl: url });
    return {
      ...handle,
      url,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const tarball = await fs.readFile(inject('pgliteTemplatePath'));
  return openDatabase({ loadDataDir: new Blob([tarball]), dataDir: options.dataDir });
}

export const silentLogger = pino({ level: 'silent' });

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `muster-test-data-${process.pid}`),
    WEB_DIST: path.join(os.tmpdir(), 'muster-no-web-dist'),
    PUBLIC_URL: 'http://localhost:3000',
    // Tests sign in many times from one address; the limits have tests of their own that set
    // the production values (config.test.ts checks those defaults).
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    CONTACT_RATE_LIMIT: '1000',
    OPEN_DATA_RATE_LIMIT: '1000',
    // Per-account write budgets (platform/limits.ts) out of the way; their tests lower them instead.
    WRITE_RATE_LIMIT_SCALE: '100',
    ...env,
  });
}

/**
 * The real application on a fresh database, driven through `app.inject`. Mail goes to a real
 * SMTP server when `smtpUrl` is given (see smtp-capture.ts), else to a throwaway outbox.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    linkPreview?: PreviewOptions;
    jobMode?: 'inline' | 'workers';
    jobRetry?: { delaySeconds: number; limit: number };
    /** An agent trusting a test push service's own CA (test/push-service.ts). */
    pushAgent?: HttpsAgent;
    /** A logger whose lines the test reads (silent unless given). */
    logger?: FastifyBaseLogger;
  } = {},
) {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: silentLogger,
    });
  // With REDIS_URL (the PostgreSQL suite in CI) rate-limit counters go to the real Redis, under a
  // prefix of this app's own so runs and files never share counters. Its timeout is generous: on a
  // loaded machine a shorter one could let a test's counting drift into the in-process fallback
  // (redis-stall.test.ts sets a short one, on a Redis of its own).
  const redis = process.env.REDIS_URL
    ? new Redis(
        process.env.REDIS_URL,
        redisOptions(5_000, { keyPrefix: `muster-test-${randomBytes(6).toString('hex')}:` }),
      )
    : undefined;
  // Connected before the first request: until it is ready every Redis use takes its in-process
  // fallback (decision 043), and /health says degraded, which a test would read as a flake.
  if (redis && redis.status !== 'ready') await once(redis, 'ready');
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    logger: options.logger ?? silentLogger,
    redis,
    linkPreview: options.linkPreview,
    jobBackend: database.jobBackend,
    // Each answer waits for the jobs its request enqueued (platform/jobs.ts), so a test reads their
    // effects right after; tests of the queue itself start real workers instead.
    jobMode: options.jobMode ?? 'inline',
    jobRetry: options.jobRetry ?? { delaySeconds: 1, limit: 5 },
    pushAgent: options.pushAgent,
  });
  await app.ready();
  let databaseClosed: Promise<void> | undefined;
  const closeDatabase = () => (databaseClosed ??= database.close());
  return {
    app,
    db: database.db,
    jobBackend: database.jobBackend,
    config,
    /** Takes the database away under a running app, as an outage would. */
    closeDatabase,
    close: async () => {
      await app.close();
      mailer.close();
      redis?.disconnect();
      await closeDatabase();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `api('POST', '/posts/create', cookie, body)`: one call through the real HTTP layer. */
export function apiCaller(t: { app: TestApp['app'] }) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

/**
 * A moderator dismisses the open case about `targetId` ("no rule broken"): content held for review
 * is published then (decision 072). Fails the test unless the case is there and the answer is 200.
 */
export async function dismissCaseAbout(
  t: Pick<TestApp, 'app' | 'db'>,
  moderatorCookie: string,
  targetId: string,
) {
  const filed = await t.db
    .selectFrom('moderationCases')
    .select('id')
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  const res = await apiCaller(t)('POST', `/moderation/cases/${filed.id}/dismiss`, moderatorCookie, {
    reason: 'No rule broken',
  });
  if (res.statusCode !== 200) throw new Error(`dismissing the case answered ${res.statusCode}: ${res.body}`);
}

/**
 * A test app serving a tiny built web app (an index page and one hashed asset) from a folder of
 * its own, for tests of what the server sends besides the API. `close` removes the folder too.
 */
export async function buildTestAppWithWebDist(): Promise<TestApp> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  const t = await buildTestApp({ env: { WEB_DIST: dist } });
  return {
    ...t,
    close: async () => {
      await t.close();
      await fs.rm(dist, { recursive: true, force: true });
    },
  };
}

/**
 * Emits an event as a feature does, in a transaction of its own, then runs the jobs it enqueued:
 * for tests of a subscriber that make the event's cause by hand.
 */
export async function emitEvent<K extends keyof DomainEvents>(
  t: Pick<TestApp, 'app' | 'db'>,
  name: K,
  payload: DomainEvents[K],
) {
  await inTransaction(t.db, (trx) => t.app.deps.events.emit(trx, name, payload));
  await t.app.deps.jobs.drain();
}
