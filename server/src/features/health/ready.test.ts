import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createMailer } from '../../platform/mail.js';
import { redisOptions } from '../../platform/redis.js';
import { buildTestApp, createTestDatabase, silentLogger, testConfig } from '../../../test/helpers.js';
import { freePort } from '../../../test/free-port.js';

/**
 * Readiness (decision 074) on the real app: each check fails for a real cause — a migration row
 * taken away, a data folder that cannot be written, a Redis nobody listens for — never a stub.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('GET /api/v1/ready', () => {
  it('answers 200 when the database answers, every migration is applied and media can be written', async () => {
    const t = await buildTestApp();
    cleanups.push(t.close);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        status: 'ready',
        database: 'up',
        migrations: 'applied',
        redis: process.env.REDIS_URL ? 'up' : 'off',
        media: 'up',
      },
    });
  });

  it('answers 503 naming each failed check: a migration not applied and a media folder that cannot be written', async () => {
    // The media folder swapped for a plain file once the app has started: nothing can be written there.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'muster-ready-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const t = await buildTestApp({ env: { DATA_DIR: dir } });
    cleanups.push(t.close);
    await fs.rm(path.join(dir, 'media'), { recursive: true, force: true });
    await fs.writeFile(path.join(dir, 'media'), '');
    await sql`delete from kysely_migration where name = '0037-moderated-reads'`.execute(t.db);

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Not ready: migrations, media',
      code: 'NOT_READY',
      details: [
        { path: 'migrations', message: 'Migrations are not all applied' },
        { path: 'media', message: 'The media store cannot be written' },
      ],
    });
    // Liveness is another question: the process is alive and its database answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });

  it('answers 503 naming Redis when REDIS_URL is set and Redis does not answer, where /health stays 200', async () => {
    const database = await createTestDatabase();
    const config = testConfig();
    const mailer = createMailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: silentLogger,
    });
    // A port nobody listens on: the client keeps trying to connect and is never ready.
    const redis = new Redis(`redis://127.0.0.1:${await freePort()}`, redisOptions(300));
    redis.on('error', () => {});
    const app = await buildApp({
      config,
      db: database.db,
      jobBackend: database.jobBackend,
      jobMode: 'inline',
      mailer,
      logger: silentLogger,
      redis,
    });
    cleanups.push(async () => {
      await app.close();
      mailer.close();
      redis.disconnect();
      await database.close();
    });
    await app.ready();

    const res = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Not ready: redis',
      code: 'NOT_READY',
      details: [{ path: 'redis', message: 'Redis is not answering' }],
    });
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ data: { redis: 'degraded' } });
  });
});
