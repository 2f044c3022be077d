import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { createJobQueue } from '../jobs.js';
import { inTransaction } from '../transaction.js';
import { flushTracing, startTracing, stopTracing } from './tracing.js';

/**
 * Traces (decision 075) from the real app on a real database: the spans our seams make, read from
 * an in-memory exporter, then delivered over OTLP/HTTP to a receiver of the test's own.
 */

const exporter = new InMemorySpanExporter();
let t: TestApp;

beforeAll(async () => {
  await startTracing({ serviceName: 'muster-test', exporter, processor: 'simple' });
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
  await stopTracing();
});

const idOf = (s: ReadableSpan) => s.spanContext().spanId;
const childrenOf = (spans: ReadableSpan[], parent: ReadableSpan) =>
  spans.filter((s) => s.parentSpanContext?.spanId === idOf(parent));

describe('tracing', () => {
  it('makes a request a server span, its statements its children, in the trace its caller named', async () => {
    const viewer = await signedInUser(t);
    const other = await signedInUser(t);
    exporter.reset();
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/profile/${other.user.username}?x=1`,
      headers: { cookie: viewer.cookie, traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(res.statusCode).toBe(200);
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.name === 'GET /api/v1/users/profile/:username');
    expect(server).toBeDefined();
    expect(server!.spanContext().traceId).toBe(traceId);
    expect(server!.parentSpanContext?.spanId).toBe(callerSpan);
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/api/v1/users/profile/:username',
      'url.path': `/api/v1/users/profile/${other.user.username}`,
      'http.response.status_code': 200,
    });
    // The session's read and the profile's: every statement of the request is a child of its span.
    const statements = childrenOf(spans, server!);
    expect(statements.length).toBeGreaterThanOrEqual(2);
    for (const s of statements) {
      expect(s.spanContext().traceId).toBe(traceId);
      expect(s.attributes['db.system']).toBe('postgresql');
      expect(String(s.attributes['db.query.text'])).toMatch(/\$1/);
      // Placeholders, never values: neither the cookie's session nor the name asked for.
      expect(String(s.attributes['db.query.text'])).not.toContain(other.user.username);
    }
    expect(statements.some((s) => /from "users"/i.test(String(s.attributes['db.query.text'])))).toBe(true);
  });

  it('starts a new trace for a request without traceparent, and a 404 is a span of its method', async () => {
    exporter.reset();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const [span] = exporter.getFinishedSpans().filter((s) => s.attributes['http.request.method'] === 'GET');
    expect(span).toBeDefined();
    expect(span!.parentSpanContext).toBeUndefined();
    expect(span!.attributes['http.response.status_code']).toBe(404);
  });

  it('makes a job run a span, its statements its children, named by queue and job id', async () => {
    const jobs = createJobQueue({ backend: t.jobBackend, db: t.db, log: silentLogger, mode: 'inline' });
    jobs.define('trace-probe', async (trx, data) => {
      await sql`select ${(data as { n: number }).n}::int as n`.execute(trx);
      await sql`select count(*) from users`.execute(trx);
    });
    await jobs.start();
    try {
      exporter.reset();
      await inTransaction(t.db, (trx) => jobs.send(trx, 'trace-probe', { n: 41 }));
      await jobs.drain();
      const spans = exporter.getFinishedSpans();
      const job = spans.find((s) => s.name === 'job trace-probe');
      expect(job).toBeDefined();
      expect(job!.attributes['messaging.destination.name']).toBe('trace-probe');
      expect(job!.attributes['messaging.message.id']).toMatch(/^[0-9a-f-]{36}$/);
      const statements = childrenOf(spans, job!).map((s) => s.attributes['db.query.text']);
      expect(statements).toEqual(['select $1::int as n', 'select count(*) from users']);
    } finally {
      await jobs.stop();
    }
  });

  it('delivers spans over OTLP/HTTP (protobuf) to a collector', async () => {
    const received: Array<{ url: string; type: string; body: Buffer }> = [];
    const collector = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          url: req.url ?? '',
          type: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        });
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    await stopTracing();
    await startTracing({ serviceName: 'muster-test', endpoint: `http://127.0.0.1:${port}/` });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      await flushTracing();
      for (let i = 0; i < 300 && !received.length; i++) await new Promise((r) => setTimeout(r, 100));
      expect(received.length).toBeGreaterThan(0);
      expect(received[0]!.url).toBe('/v1/traces');
      expect(received[0]!.type).toBe('application/x-protobuf');
      // Protobuf keeps strings as they are: the service, the span's name and its statement.
      const body = Buffer.concat(received.map((r) => r.body)).toString('latin1');
      expect(body).toContain('muster-test');
      expect(body).toContain('GET /api/v1/health');
      expect(body).toContain('select 1');
    } finally {
      await stopTracing();
      await new Promise((resolve) => collector.close(resolve));
    }
  });

  it('keeps only the share of new traces it is told to, and always a trace its caller sampled', async () => {
    await stopTracing();
    const sampled = new InMemorySpanExporter();
    await startTracing({
      serviceName: 'muster-test',
      exporter: sampled,
      processor: 'simple',
      sampleRatio: 0,
    });
    try {
      const caller = (flags: string) =>
        `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-${flags}`;
      // A new trace, left out at ratio 0: neither the request nor its statements are recorded.
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
      // A caller that did not sample: left out too.
      await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { traceparent: caller('00') } });
      expect(sampled.getFinishedSpans()).toEqual([]);
      // A caller that sampled: kept, statements included, whatever the ratio.
      await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { traceparent: caller('01') } });
      const names = sampled.getFinishedSpans().map((s) => s.name);
      expect(names).toContain('GET /api/v1/health');
      expect(names).toContain('SELECT');
    } finally {
      await stopTracing();
    }
  });
});
