import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import {
  apiCaller,
  buildTestApp,
  createTestDatabase,
  silentLogger,
  type TestApp,
} from '../../test/helpers.js';
import type { Db } from '../db/database.js';
import { createJobQueue, JOB_SCHEMA } from './jobs.js';
import { inTransaction, underSavepoint } from './transaction.js';

/**
 * The durable job queue under real workers (decision 059), on whichever database the suite runs.
 * Faults are injected in the database, not in our code: a trigger that fails the notice's insert
 * on its first attempt only (a sequence counts attempts, and a sequence is not rolled back).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** Polls `read` until `done` holds or a minute passes; the last value either way. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (const until = Date.now() + 60_000; !done(value) && Date.now() < until; value = await read())
    await new Promise((r) => setTimeout(r, 200));
  return value;
}

/** The queue's rows for one event, as pg-boss keeps them. */
async function jobsOf(db: Db, event: string) {
  const { rows } = await sql<{ state: string; retryCount: number }>`
    select state, retry_count from ${sql.table(`${JOB_SCHEMA}.job`)}
    where data->>'event' = ${event} order by created_on`.execute(db);
  return rows;
}

/** Fails every insert of a notification whose text is `marker`, `times` times, then lets them be. */
async function failNotices(db: Db, marker: string, times: number) {
  await sql`create sequence if not exists notice_attempts`.execute(db);
  await sql
    .raw(
      `create or replace function fail_notices() returns trigger language plpgsql as $$
       begin
         if new.comment_content = '${marker}' and nextval('notice_attempts') <= ${times} then
           raise exception 'injected fault';
         end if;
         return new;
       end $$`,
    )
    .execute(db);
  await sql`drop trigger if exists fail_notices on notifications`.execute(db);
  await sql`create trigger fail_notices before insert on notifications for each row execute function fail_notices()`.execute(
    db,
  );
  await sql`select setval('notice_attempts', 1, false)`.execute(db);
}

async function commentNotices(api: ReturnType<typeof apiCaller>, author: Person, content: string) {
  const res = await api('GET', '/notifications', author.cookie);
  return (res.json().data as Array<{ type: string; commentContent?: string }>).filter(
    (n) => n.type === 'comment' && n.commentContent === content,
  );
}

async function commentOn(
  api: ReturnType<typeof apiCaller>,
  author: Person,
  commenter: Person,
  content: string,
) {
  const post = await api('POST', '/posts/create', author.cookie, { content: 'Who has a spare tarp?' });
  expect(post.statusCode, post.body).toBe(200);
  const res = await api('POST', `/posts/${post.json().data._id}/comments`, commenter.cookie, { content });
  expect(res.statusCode, res.body).toBe(200);
}

describe('jobs under real workers', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    t = await buildTestApp({ jobMode: 'workers', jobRetry: { delaySeconds: 1, limit: 2 } });
    api = apiCaller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('retries a handler that throws once, and its effect happens exactly once', async () => {
    const [author, commenter] = [await signedInUser(t), await signedInUser(t)];
    await failNotices(t.db, 'I can bring two tarps', 1);
    await commentOn(api, author, commenter, 'I can bring two tarps');
    const jobs = await eventually(
      () => jobsOf(t.db, 'comment.created'),
      (rows) => rows.length === 1 && rows[0]!.state === 'completed',
    );
    // One job, completed on its second attempt; the first attempt's notice was rolled back with it.
    expect(jobs).toEqual([{ state: 'completed', retryCount: 1 }]);
    expect(await commentNotices(api, author, 'I can bring two tarps')).toHaveLength(1);
    const { rows } = await sql<{ lastValue: number }>`select last_value from notice_attempts`.execute(t.db);
    expect(Number(rows[0]!.lastValue)).toBe(2);
  });

  it('keeps a job whose retries are spent as dead, listed with its error, and its effect never half done', async () => {
    const [author, commenter] = [await signedInUser(t), await signedInUser(t)];
    await failNotices(t.db, 'Tarps are on the way', 100);
    await commentOn(api, author, commenter, 'Tarps are on the way');
    const dead = await eventually(
      () => t.app.deps.jobs.dead(),
      (rows) => rows.some((j) => (j.data as { event: string }).event === 'comment.created'),
    );
    const job = dead.find((j) => (j.data as { event: string }).event === 'comment.created')!;
    expect(job).toMatchObject({
      queue: 'notifications',
      retryCount: 2,
      output: { message: expect.stringContaining('injected fault') },
    });
    expect(await commentNotices(api, author, 'Tarps are on the way')).toEqual([]);
  });
});

describe('invariants in the writer’s transaction', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    t = await buildTestApp();
    api = apiCaller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('rolls back an accepted offer whose chat cannot be opened, with its notice, and answers an error', async () => {
    const [owner, helper] = [await signedInUser(t), await signedInUser(t)];
    const need = await api('POST', '/posts/create', owner.cookie, {
      kind: 'need',
      category: 'Shelter',
      title: 'Tarps for a roof',
      content: 'Our roof lost its sheets in the storm.',
    });
    const offer = await api('POST', `/posts/${need.json().data._id}/offers`, helper.cookie, {
      message: 'I have tarps in my truck',
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const offerId = offer.json().data._id as string;
    // The chats feature's insert fails: the acceptance must not stand without its chat.
    await sql
      .raw(
        `create function no_chats() returns trigger language plpgsql as $$
         begin raise exception 'injected fault'; end $$`,
      )
      .execute(t.db);
    await sql`create trigger no_chats before insert on chats for each row execute function no_chats()`.execute(
      t.db,
    );
    const accepted = await api('PUT', `/offers/${offerId}/accept`, owner.cookie);
    await sql`drop trigger no_chats on chats`.execute(t.db);

    expect(accepted.statusCode).toBe(500);
    expect(accepted.json().message).not.toContain('injected fault');
    const after = await api('GET', '/offers?box=received', owner.cookie);
    expect(after.json().data.find((o: { _id: string }) => o._id === offerId).status).toBe('pending');
    expect(await jobsOf(t.db, 'offer.accepted')).toEqual([]);
    // Asked again, it goes through: the chat, the offer as its first message, and the notice.
    const again = await api('PUT', `/offers/${offerId}/accept`, owner.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(await jobsOf(t.db, 'offer.accepted')).toEqual([{ state: 'completed', retryCount: 0 }]);
  });

  it('refuses an event emitted outside a transaction, so none can skip the outbox', async () => {
    await expect(
      t.app.deps.events.emit(t.db, 'user.privacy_changed', {
        userId: '00000000-0000-0000-0000-000000000000',
      }),
    ).rejects.toThrow('outside the writer');
  });

  it('inserts a transaction’s jobs together at its commit: a key twice is one job, a savepoint rolled back takes its own', async () => {
    const queued = async (key: string, db: Db = t.db) => {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(`${JOB_SCHEMA}.job`)} where data->>'key' = ${key}`.execute(db);
      return Number(rows[0]!.n);
    };
    const { jobs } = t.app.deps;
    await inTransaction(t.db, async (trx) => {
      // The notifications queue's handler finds no subscription for this event and does nothing.
      await jobs.send(trx, 'notifications', { event: 'test.gathered', key: 'gathered-kept' }, { key: 'k' });
      await jobs.send(trx, 'notifications', { event: 'test.gathered', key: 'gathered-kept' }, { key: 'k' });
      // Not yet in the table: gathered until the commit.
      expect(await queued('gathered-kept', trx)).toBe(0);
      const err = await underSavepoint(trx, async () => {
        await jobs.send(trx, 'notifications', { event: 'test.gathered', key: 'gathered-undone' });
        throw new Error('undone');
      });
      expect(err).toBeInstanceOf(Error);
    });
    expect(await queued('gathered-kept')).toBe(1);
    expect(await queued('gathered-undone')).toBe(0);
  });
});

describe('a paced queue (the digest’s, decision 065)', () => {
  it('rests between batches so that its work is the given share of the worker’s time', async () => {
    const database = await createTestDatabase();
    const jobs = createJobQueue({
      backend: database.jobBackend,
      db: database.db,
      log: silentLogger,
      mode: 'workers',
    });
    const WORK_MS = 300;
    const runs: Array<{ start: number; end: number }> = [];
    jobs.define(
      'paced',
      async () => {
        const start = performance.now();
        await new Promise((r) => setTimeout(r, WORK_MS));
        runs.push({ start, end: performance.now() });
      },
      { batchSize: 1, pace: 0.1 },
    );
    try {
      await jobs.start();
      await inTransaction(database.db, async (trx) => {
        await jobs.send(trx, 'paced', { n: 1 });
        await jobs.send(trx, 'paced', { n: 2 });
      });
      await eventually(
        async () => runs.length,
        (n) => n === 2,
      );
      expect(runs).toHaveLength(2);
      // A tenth of the time working: after a batch of ≥ 300 ms, a rest of nine times as long.
      const [first, second] = runs as [{ start: number; end: number }, { start: number; end: number }];
      expect(second.start - first.end).toBeGreaterThanOrEqual((first.end - first.start) * 9 * 0.95);
    } finally {
      await jobs.stop();
      await database.close();
    }
  });
});

describe('stopping the workers (decision 074)', () => {
  it('fails a job still running at the end of the grace back to its queue, instead of leaving it active', async () => {
    const database = await createTestDatabase();
    const jobs = createJobQueue({
      backend: database.jobBackend,
      db: database.db,
      log: silentLogger,
      mode: 'workers',
    });
    let entered = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let returned = false;
    // Outside a transaction, so the held handler holds no connection (PGlite has only one).
    jobs.define(
      'held',
      async () => {
        entered = true;
        await held;
        returned = true;
      },
      { transactional: false, batchSize: 1 },
    );
    try {
      await jobs.start();
      await inTransaction(database.db, (trx) => jobs.send(trx, 'held', { event: 'held-at-stop' }));
      await eventually(
        async () => entered,
        (yes) => yes,
      );
      expect(await jobsOf(database.db, 'held-at-stop')).toEqual([{ state: 'active', retryCount: 0 }]);

      await jobs.stop({ graceMs: 1_000 });

      // Back in the queue, to be run again by whichever worker fetches it after the retry delay.
      expect(await jobsOf(database.db, 'held-at-stop')).toEqual([
        { state: 'retry', retryCount: expect.any(Number) },
      ]);
    } finally {
      release();
      await eventually(
        async () => returned,
        (yes) => yes,
      );
      await database.close();
    }
  });
});
