import { Writable } from 'node:stream';
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { createJobQueue } from '../jobs.js';
import { inTransaction } from '../transaction.js';
import { logMixin } from './log-context.js';

/**
 * Every line logged while serving a request carries its reqId, whichever logger wrote it; a job's
 * lines carry the job's id (decision 075). Read from the log stream of the real app, as main.ts
 * makes it (pino with the mixin).
 */

type Line = Record<string, unknown> & { msg?: string };
const lines: Line[] = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(text);
      lines.push(JSON.parse(text) as Line);
    }
    done();
  },
});
const logger = pino({ level: 'debug', mixin: logMixin }, stream);

/** Polls until a line with this message is logged (or a minute passes). */
async function lineSaying(msg: string): Promise<Line | undefined> {
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    const line = lines.find((l) => l.msg === msg);
    if (line) return line;
  }
  return undefined;
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logger });
});
afterAll(() => t?.close());

describe('log lines', () => {
  it('carry the request id when a feature logs through the app’s logger, even after the answer', async () => {
    const { cookie } = await signedInUser(t);
    const res = await apiCaller(t)('POST', '/posts/create', cookie, {
      kind: 'need',
      category: 'Transport',
      title: 'A van',
      // A link to this machine is never fetched: the preview's refusal is logged by deps.log.
      content: 'Details at http://127.0.0.1/van please',
    });
    expect(res.statusCode).toBe(200);
    const incoming = lines.find(
      (l) =>
        l.msg === 'incoming request' &&
        (l.req as { url?: string } | undefined)?.url === '/api/v1/posts/create',
    );
    const reqId = incoming?.reqId;
    expect(reqId).toEqual(expect.any(String));
    const preview = await lineSaying('no preview for this link');
    expect(preview).toMatchObject({ reqId, url: 'http://127.0.0.1/van' });
    // Fastify's own lines (request.log) carry it once: the mixin leaves the request's logger alone.
    const fastifyLines = raw.filter((l) => l.includes(`"reqId":"${String(reqId)}"`));
    expect(fastifyLines.length).toBeGreaterThanOrEqual(3);
    for (const l of fastifyLines) expect(l.split('"reqId"').length).toBe(2);
  });

  it('are left alone outside any request or job', () => {
    t.app.log.info('outside');
    expect(lines.find((l) => l.msg === 'outside')).not.toHaveProperty('reqId');
  });

  it('carry the job id and queue in a job run', async () => {
    const jobs = createJobQueue({ backend: t.jobBackend, db: t.db, log: t.app.log, mode: 'inline' });
    jobs.define('log-probe', async (trx) => {
      await sql`select 1`.execute(trx);
      t.app.log.info('in the job');
    });
    await jobs.start();
    try {
      await inTransaction(t.db, (trx) => jobs.send(trx, 'log-probe', {}));
      await jobs.drain();
      const line = await lineSaying('in the job');
      expect(line).toMatchObject({ queue: 'log-probe', job: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(line).not.toHaveProperty('reqId');
    } finally {
      await jobs.stop();
    }
  });
});
