import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { createJobQueue } from '../jobs.js';
import { inTransaction } from '../transaction.js';
import { onStorageError } from './metrics.js';

/** `/metrics` (decision 075): who may read it, and what it says, from the real app. */

/** The value of one series in an exposition text (the line `name{labels} value`). */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers this machine only, whatever X-Forwarded-For says', async () => {
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    const local6 = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
    expect(local6.statusCode).toBe(200);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(outside.body).not.toContain('http_requests_total');
  });

  it('counts requests by route template and status, with their latencies', async () => {
    for (const id of ['a1', 'b2', 'c3'])
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/profile/${id}` })).statusCode).toBe(
        401,
      );
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    // One series for the three paths: the template, never the name asked for.
    expect(
      valueOf(
        text,
        'http_requests_total{method="GET",route="/api/v1/users/profile/:username",status_code="401"}',
      ),
    ).toBe(3);
    expect(text).not.toContain('profile/a1');
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/v1/health",status_code="200"}')).toBe(
      1,
    );
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}',
      ),
    ).toBe(1);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/health",status_code="200"\} \d/,
    );
  });

  it('reports the pool, the sockets, the errors and the process', async () => {
    onStorageError('put');
    onStorageError('put');
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const state of ['in_use', 'idle', 'waiting'])
      expect(valueOf(text, `muster_db_pool_connections{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'muster_websockets_open')).toBe(0);
    expect(valueOf(text, 'muster_storage_errors_total{operation="put"}')).toBe(2);
    expect(valueOf(text, 'muster_redis_errors_total')).toBe(0);
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('reads each queue’s depth and its oldest waiting job from the queue’s tables', async () => {
    // A producer-only queue ('none': nothing here runs its jobs), as an API-only process has.
    const producer = createJobQueue({ backend: t.jobBackend, db: t.db, log: silentLogger, mode: 'none' });
    producer.define('metrics-probe', async () => {});
    await producer.start();
    try {
      await inTransaction(t.db, (trx) => producer.send(trx, 'metrics-probe', { n: 1 }));
      await inTransaction(t.db, (trx) => producer.send(trx, 'metrics-probe', { n: 2 }));
      // Deferred: not waiting yet.
      await inTransaction(t.db, (trx) =>
        producer.send(trx, 'metrics-probe', { n: 3 }, { startAfter: new Date(Date.now() + 3_600_000) }),
      );
      await sql`update pgboss.job set start_after = now() - interval '90 seconds'
        where name = 'metrics-probe' and start_after < now()`.execute(t.db);
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(valueOf(text, 'muster_job_queue_waiting{queue="metrics-probe"}')).toBe(2);
      expect(
        valueOf(text, 'muster_job_queue_oldest_waiting_seconds{queue="metrics-probe"}'),
      ).toBeGreaterThanOrEqual(90);
    } finally {
      await producer.stop();
    }
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(valueOf(text, 'muster_job_queue_waiting{queue="dead-letters"}')).toBe(0);
    expect(valueOf(text, 'muster_job_queue_oldest_waiting_seconds{queue="dead-letters"}')).toBe(0);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const token = 'scrape-token-of-a-good-length-0123456789';
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => t?.close());

  it('answers its bearer only, from anywhere, and nobody else, not even this machine', async () => {
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.body).toContain('http_requests_total');
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token}x`, `Basic ${token}`, token]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
