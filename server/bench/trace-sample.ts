// `node --import tsx bench/trace-sample.ts`: the slowest of some feed pages on the scale database (npm run
// seed:scale first), followed from its HTTP span to its statements, printed as an indented tree,
// and an excerpt of /metrics after it: the sample in docs/observability-sample.md (decision 075).
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { sql } from 'kysely';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { newId } from '../src/platform/ids.js';
import { createMailer } from '../src/platform/mail.js';
import { startTracing, stopTracing } from '../src/platform/telemetry/tracing.js';
import { benchUrl, ensureBenchDatabase } from './scale-db.js';

const exporter = new InMemorySpanExporter();
await startTracing({ serviceName: 'muster-sample', exporter, processor: 'simple' });
const handle = await ensureBenchDatabase();
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: benchUrl,
  LOG_LEVEL: 'silent',
  DATA_DIR: path.join(os.tmpdir(), 'muster-trace-sample'),
  WEB_DIST: '/nonexistent',
  PUBLIC_URL: 'http://localhost:3000',
});
const logger = pino({ level: 'silent' });
const mailer = createMailer({
  smtpUrl: undefined,
  from: config.mailFrom,
  outboxDir: os.tmpdir(),
  log: logger,
});
const app = await buildApp({
  config,
  db: handle.db,
  mailer,
  logger,
  jobBackend: handle.jobBackend,
  jobMode: 'none',
});
await app.ready();

// A bench viewer (seed:scale's user1: ~100 connections, hashtags, missions) and a session of theirs.
const viewer = (await sql<{ id: string }>`select id from users where username = 'user1'`.execute(handle.db))
  .rows[0]!;
const token = randomBytes(32).toString('base64url');
const tokenHash = createHash('sha256').update(token).digest('hex');
await handle.db
  .insertInto('sessions')
  .values({ id: newId(), tokenHash, userId: viewer.id, expiresAt: new Date(Date.now() + 3_600_000) })
  .execute();
const cookie = `muster_session=${token}`;
try {
  // The slowest of a few home feed pages, each page's cursor from the one before.
  let cursor: string | null = null;
  let slowest: { ms: number; spans: ReadableSpan[]; url: string } | undefined;
  for (let page = 0; page < 6; page++) {
    exporter.reset();
    const url: string = `/api/v1/posts/feed${cursor ? `?cursor=${cursor}` : ''}`;
    const started = performance.now();
    const res: { json: () => unknown } = await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - started;
    if (page > 0 && (!slowest || ms > slowest.ms)) slowest = { ms, spans: exporter.getFinishedSpans(), url };
    cursor = (res.json() as { meta: { nextCursor: string | null } }).meta.nextCursor;
    if (!cursor) break;
  }
  // And jumps deep into the feed (the bench's "random deep jump": a cursor ≥ 100,000 posts back),
  // which read past the kept head: the slowest of the reads the bench makes.
  const deep = (
    await sql<{ id: string; createdAt: Date }>`
      select id, created_at from posts order by created_at desc, id desc
      offset ${100_000 + Math.floor(Math.random() * 300_000)} limit 5`.execute(handle.db)
  ).rows;
  for (const r of deep) {
    exporter.reset();
    const jump = Buffer.from(`${new Date(r.createdAt).toISOString()}|${r.id}`).toString('base64url');
    const url = `/api/v1/posts/feed?cursor=${jump}`;
    const started = performance.now();
    await app.inject({ method: 'GET', url, headers: { cookie } });
    const ms = performance.now() - started;
    if (!slowest || ms > slowest.ms) slowest = { ms, spans: exporter.getFinishedSpans(), url };
  }
  const spans = slowest!.spans;
  const byParent = new Map<string, ReadableSpan[]>();
  for (const s of spans) {
    const parent = s.parentSpanContext?.spanId ?? '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), s]);
  }
  const ms = (s: ReadableSpan) => s.duration[0] * 1e3 + s.duration[1] / 1e6;
  const startMs = (s: ReadableSpan) => s.startTime[0] * 1e3 + s.startTime[1] / 1e6;
  const root = spans.find((s) => !s.parentSpanContext)!;
  const lines: string[] = [`trace ${root.spanContext().traceId}`];
  const print = (s: ReadableSpan, depth: number) => {
    const text = s.attributes['db.query.text'];
    const what = text ? ` ${String(text).replace(/\s+/g, ' ').slice(0, 110)}` : '';
    const status = s.attributes['http.response.status_code'];
    lines.push(
      `${'  '.repeat(depth)}${s.name}${status ? ` → ${status}` : ''}  ${ms(s).toFixed(1)} ms  (+${(startMs(s) - startMs(root)).toFixed(1)})${what}`,
    );
    for (const c of (byParent.get(s.spanContext().spanId) ?? []).sort((a, b) => startMs(a) - startMs(b)))
      print(c, depth + 1);
  };
  print(root, 0);
  console.log(lines.join('\n'));
  const metrics = await app.inject({ method: 'GET', url: '/metrics' });
  console.log(
    `\n${metrics.body
      .split('\n')
      .filter((l) => /^(http_request|muster_|process_cpu|process_resident|nodejs_eventloop_lag_p99)/.test(l))
      .filter((l) => !/_bucket\{/.test(l) || /le="(0\.05|0\.1|0\.25)"/.test(l))
      .join('\n')}`,
  );
} finally {
  await sql`delete from sessions where token_hash = ${tokenHash}`.execute(handle.db);
  await app.close();
  mailer.close();
  await handle.close();
  await stopTracing();
}
