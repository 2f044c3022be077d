import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { createJobQueue } from '../../platform/jobs.js';
import { databaseKvStore, FEDERATION_QUEUE, jobMessageQueue } from './federation.store.js';

const { Temporal } = globalThis as unknown as {
  Temporal: { Duration: { from(d: { seconds?: number; milliseconds?: number }): never } };
};

describe("federation's KvStore on our database (0041 federation_kv)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('gets, sets, deletes; keys keep their elements apart whatever they hold', async () => {
    const kv = databaseKvStore(t.db);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
    await kv.set(['a', 'b'], { n: 1, s: 'x' });
    await kv.set(['a,b'], 'other');
    await kv.set(['a', 'https://x.example/a,"b"'], [1, 2]);
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, s: 'x' });
    expect(await kv.get(['a,b'])).toBe('other');
    expect(await kv.get(['a', 'https://x.example/a,"b"'])).toEqual([1, 2]);
    await kv.set(['a', 'b'], 'replaced');
    expect(await kv.get(['a', 'b'])).toBe('replaced');
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('an entry past its ttl is absent', async () => {
    const kv = databaseKvStore(t.db);
    await kv.set(['ttl', 'long'], 1, { ttl: Temporal.Duration.from({ seconds: 3600 }) });
    await kv.set(['ttl', 'gone'], 2, { ttl: Temporal.Duration.from({ seconds: 3600 }) });
    // Its time passed (moved back rather than waited for).
    await sql`update federation_kv set expires_at = now() - interval '1 second' where key = ${JSON.stringify(['ttl', 'gone'])}`.execute(
      t.db,
    );
    expect(await kv.get(['ttl', 'long'])).toBe(1);
    expect(await kv.get(['ttl', 'gone'])).toBeUndefined();
    const listed = [];
    for await (const entry of kv.list(['ttl'])) listed.push(entry);
    expect(listed).toEqual([{ key: ['ttl', 'long'], value: 1 }]);
  });

  it('compare-and-swap swaps only from the expected value (absent included)', async () => {
    const kv = databaseKvStore(t.db);
    expect(await kv.cas!(['cas'], undefined, 'first')).toBe(true);
    expect(await kv.cas!(['cas'], undefined, 'second')).toBe(false);
    expect(await kv.cas!(['cas'], 'wrong', 'second')).toBe(false);
    expect(await kv.get(['cas'])).toBe('first');
    expect(await kv.cas!(['cas'], 'first', { v: 2 })).toBe(true);
    expect(await kv.cas!(['cas'], { v: 2 }, { v: 3 })).toBe(true);
    expect(await kv.get(['cas'])).toEqual({ v: 3 });
  });

  it('lists a prefix: the prefix itself and the keys under it, not a key that only starts alike', async () => {
    const kv = databaseKvStore(t.db);
    await kv.set(['p'], 0);
    await kv.set(['p', '1'], 1);
    await kv.set(['p', '2', 'x'], 2);
    await kv.set(['pq'], 'no');
    const listed = [];
    for await (const entry of kv.list(['p'])) listed.push(entry);
    expect(listed).toHaveLength(3);
    expect(listed).toEqual(
      expect.arrayContaining([
        { key: ['p'], value: 0 },
        { key: ['p', '1'], value: 1 },
        { key: ['p', '2', 'x'], value: 2 },
      ]),
    );
  });
});

describe("federation's MessageQueue on our job queue", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a message is a durable job run by the handler; a delayed one waits for its time', async () => {
    // A queue of its own on the test's database, as the app makes one (the app's is already started).
    const jobs = createJobQueue({ backend: t.jobBackend, db: t.db, log: silentLogger, mode: 'inline' });
    const queue = jobMessageQueue(t.db, jobs);
    const ran: unknown[] = [];
    queue.handle(async (message) => {
      ran.push(message);
    });
    await jobs.start();
    try {
      await queue.enqueue({ type: 'outbox', id: 'now' });
      await queue.enqueue(
        { type: 'outbox', id: 'later' },
        { delay: Temporal.Duration.from({ seconds: 600 }) },
      );
      await jobs.drain();
      expect(ran).toEqual([{ type: 'outbox', id: 'now' }]);
      const { rows } = await sql<{ data: { message: { id: string } }; later: boolean }>`
        select data, start_after > now() + interval '500 seconds' as later
        from pgboss.job where name = ${FEDERATION_QUEUE} and state = 'created'`.execute(t.db);
      expect(rows).toEqual([{ data: { message: { type: 'outbox', id: 'later' } }, later: true }]);
    } finally {
      await jobs.stop({ graceMs: 1_000 });
    }
  });
});
