import { NEED_OPEN_DAYS_DEFAULT } from '@muster/contract/posts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { createScheduler } from '../../platform/scheduler.js';
import { needLifecycleJob, runNeedLifecycle } from './lifecycle.service.js';

/** Needs that close (issue 16): expiry chosen when posting, the "Still needed?" nudge, expiry, Keep open. */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName = 'Test') => signedInUser(t, { firstName });
/** The clock the job is run at: `days` from the real now. */
const inDays = (days: number) => new Date(Date.now() + days * DAY);
/** A turn of the lifecycle, then the notices it enqueued (as a worker would run them a moment later). */
const run = async (days: number) => {
  const done = await runNeedLifecycle(t.app.deps, inDays(days));
  await t.app.deps.jobs.drain();
  return done;
};

async function post(author: Person, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Tools',
    title: 'A ladder for the roof',
    content: 'Our roof leaks and we need a long ladder.',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string | null; expiresAt: string | null };
}

async function read(p: Person, id: string) {
  const res = await api('GET', `/posts/${id}`, p.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string | null; expiresAt: string | null };
}

async function stillNeeded(p: Person) {
  const res = await api('GET', '/notifications', p.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().data as Array<{
      type: string;
      message: string;
      relatedPost: { _id: string } | null;
      sender: unknown;
    }>
  ).filter((n) => n.type === 'stillNeeded');
}

/** Milliseconds between an ISO time and the real now plus `days`. */
const offBy = (iso: string | null, days: number) => Math.abs(Date.parse(iso!) - (Date.now() + days * DAY));

describe('the expiry a need is posted with', () => {
  it('is 30 days by default, or the period its author picked; other kinds have none', async () => {
    const me = await person();
    const plain = await post(me);
    expect(plain.status).toBe('open');
    expect(offBy(plain.expiresAt, NEED_OPEN_DAYS_DEFAULT)).toBeLessThan(60_000);
    const week = await post(me, { kind: 'want', openForDays: 7 });
    expect(offBy(week.expiresAt, 7)).toBeLessThan(60_000);
    // As stored, so every list shows the same (the rendered JSON).
    expect(offBy((await read(me, week._id)).expiresAt, 7)).toBeLessThan(60_000);
    const offer = await post(me, { kind: 'provision' });
    expect(offer.expiresAt).toBeNull();
  });

  it('refuses a period not offered, or one on a kind that does not close (400, nothing written)', async () => {
    const me = await person();
    for (const body of [
      { openForDays: 5 },
      { openForDays: '30' },
      { kind: 'provision', openForDays: 30 },
      { kind: 'general', openForDays: 7 },
    ]) {
      const res = await api('POST', '/posts/create', me.cookie, {
        kind: 'need',
        category: 'Tools',
        content: 'A ladder',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'openForDays' })]),
      );
    }
    expect(await t.db.selectFrom('posts').select('id').where('authorId', '=', me.user.id).execute()).toEqual(
      [],
    );
  });

  it('is filled in for a need written without one (a seed, any other write path)', async () => {
    const me = await person();
    const id = newId();
    await t.db
      .insertInto('posts')
      .values({
        id,
        authorId: me.user.id,
        kind: 'need',
        content: 'Written straight to the table',
        status: 'open',
      })
      .execute();
    expect(offBy((await read(me, id)).expiresAt, 30)).toBeLessThan(60_000);
  });
});

describe('the lifecycle job, with a moved clock', () => {
  it('asks the author "Still needed?" once, within three days of the expiry, then closes the need when it expires', async () => {
    const author = await person('Amara');
    const other = await person();
    const need = await post(author, { title: 'Insulin in Tacloban', openForDays: 7 });

    await run(3.5); // four days left: too early
    expect(await stillNeeded(author)).toEqual([]);

    await run(4.5); // two and a half days left
    const notices = await stillNeeded(author);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      relatedPost: { _id: need._id },
      sender: null,
      message: 'Still needed? Expires in 3 days: “Insulin in Tacloban”',
    });
    expect(await stillNeeded(other)).toEqual([]);
    expect((await read(author, need._id)).status).toBe('open');

    await run(5);
    await run(6.9);
    expect(await stillNeeded(author)).toHaveLength(1);

    await run(7.01);
    const closed = await read(other, need._id);
    expect(closed.status).toBe('expired');
    expect(closed.expiresAt).toBe(need.expiresAt);
    expect(await stillNeeded(author)).toHaveLength(1);
  });

  it('leaves fulfilled needs and provisions alone', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 7 });
    expect(
      (await api('PATCH', `/posts/${need._id}`, author.cookie, { status: 'fulfilled' })).statusCode,
    ).toBe(200);
    const offer = await post(author, { kind: 'provision' });
    await run(8);
    expect((await read(author, need._id)).status).toBe('fulfilled');
    expect((await read(author, offer._id)).status).toBeNull();
    expect(await stillNeeded(author)).toEqual([]);
  });

  it('takes no more offers on an expired need (409)', async () => {
    const author = await person();
    const helper = await person();
    const need = await post(author, { openForDays: 7 });
    await run(7.5);
    const res = await api('POST', `/posts/${need._id}/offers`, helper.cookie, { message: 'I have a ladder' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This need has expired');
  });

  it('ranks an expired need below open ones in search', async () => {
    const author = await person();
    const reader = await person();
    const open = await post(author, {
      category: 'Kayaks',
      title: 'Kayak paddles',
      content: 'Two kayak paddles',
      openForDays: 30,
    });
    const closed = await post(author, {
      category: 'Kayaks',
      title: 'A kayak',
      content: 'A sea kayak for the rescue drill',
      openForDays: 7,
    });
    await run(7.5);
    expect((await read(author, closed._id)).status).toBe('expired');
    const res = await api('GET', '/users/advanced-search?query=kayak', reader.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const group = (res.json().data.needsMatches as Array<{ category: string; postIds: string[] }>).find(
      (g) => g.category === 'Kayaks',
    )!;
    // The expired one is the newer, yet comes after the open one.
    expect(group.postIds).toEqual([open._id, closed._id]);
  });

  it('never tells anyone twice, however many runs go at once', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 14 });
    const now = inDays(12);
    const results = await Promise.all([
      runNeedLifecycle(t.app.deps, now),
      runNeedLifecycle(t.app.deps, now),
      runNeedLifecycle(t.app.deps, now),
    ]);
    expect(results.reduce((sum, r) => sum + r.nudged, 0)).toBeGreaterThanOrEqual(1);
    await t.app.deps.jobs.drain();
    expect((await stillNeeded(author)).map((n) => n.relatedPost?._id)).toEqual([need._id]);
  });

  // Matching stores a new need's pairs just after its answer (a job, platform/jobs.ts); the pairs'
  // foreign key holds a key-share lock on the need till that transaction ends. Only PostgreSQL
  // has a second connection to hold it from.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'asks and closes a need that another transaction refers to at that moment',
    async () => {
      const author = await person();
      const need = await post(author, { openForDays: 7 });
      await t.db.transaction().execute(async (trx) => {
        await sql`select id from posts where id = ${need._id} for key share`.execute(trx);
        await run(5);
        expect((await stillNeeded(author)).map((n) => n.relatedPost?._id)).toEqual([need._id]);
        await run(7.5);
        expect((await read(author, need._id)).status).toBe('expired');
      });
    },
  );
});

describe('the scheduler (several API processes)', () => {
  it('gives each turn of a job to one process: two claiming at once do the work once', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 60 });
    // Two processes' schedulers over the same database, each with the job.
    const [one, two] = [
      createScheduler({ db: t.db, log: silentLogger }),
      createScheduler({ db: t.db, log: silentLogger }),
    ];
    let runs = 0;
    for (const s of [one, two])
      s.add({
        ...needLifecycleJob(t.app.deps),
        run: async (now) => {
          runs += 1;
          return runNeedLifecycle(t.app.deps, now);
        },
      });
    const now = inDays(58);
    const [a, b] = await Promise.all([one.runDue(now), two.runDue(now)]);
    expect([...a, ...b]).toEqual(['needs-lifecycle']);
    expect(runs).toBe(1);
    await t.app.deps.jobs.drain();
    expect((await stillNeeded(author)).map((n) => n.relatedPost?._id)).toEqual([need._id]);
    // The next turn comes a minute later, whichever process takes it.
    expect(await one.runDue(new Date(now.getTime() + 30_000))).toEqual([]);
    expect(await two.runDue(new Date(now.getTime() + 61_000))).toEqual(['needs-lifecycle']);
    expect(runs).toBe(2);
  });

  it('logs a failing job and carries on', async () => {
    const scheduler = createScheduler({ db: t.db, log: silentLogger });
    const done: string[] = [];
    scheduler.add({
      name: 'failing-test-job',
      everyMs: 60_000,
      run: async () => {
        throw new Error('boom');
      },
    });
    scheduler.add({ name: 'second-test-job', everyMs: 60_000, run: async () => void done.push('second') });
    expect(await scheduler.runDue(inDays(1))).toEqual(['failing-test-job', 'second-test-job']);
    expect(done).toEqual(['second']);
  });
});

describe('Keep open', () => {
  it('extends an open need by the period chosen, from now, and asks again before the new expiry', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 7 });
    await run(5); // nudged
    expect(await stillNeeded(author)).toHaveLength(1);
    const res = await api('POST', `/posts/${need._id}/keep-open`, author.cookie, { openForDays: 14 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('open');
    expect(offBy(res.json().data.expiresAt, 14)).toBeLessThan(60_000);
    await run(12);
    expect(await stillNeeded(author)).toHaveLength(2);
  });

  it('opens an expired need again, for 30 days by default', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 7 });
    await run(7.5);
    expect((await read(author, need._id)).status).toBe('expired');
    const res = await api('POST', `/posts/${need._id}/keep-open`, author.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('open');
    expect(offBy(res.json().data.expiresAt, 30)).toBeLessThan(60_000);
  });

  it('reopening an expired need by editing its status gives it a new expiry too', async () => {
    const author = await person();
    const need = await post(author, { openForDays: 7 });
    await run(7.5);
    const res = await api('PATCH', `/posts/${need._id}`, author.cookie, { status: 'open' });
    expect(res.statusCode, res.body).toBe(200);
    expect(offBy(res.json().data.expiresAt, 30)).toBeLessThan(60_000);
  });

  it('is the author’s alone (404 for anyone else, as for a missing post), needs a session, and checks its input', async () => {
    const author = await person();
    const stranger = await person();
    const need = await post(author, { openForDays: 7 });
    const url = `/posts/${need._id}/keep-open`;
    expect((await api('POST', url, stranger.cookie, {})).statusCode).toBe(404);
    expect((await api('POST', `/posts/${newId()}/keep-open`, author.cookie, {})).statusCode).toBe(404);
    expect((await api('POST', url, undefined, {})).statusCode).toBe(401);
    for (const body of [{ openForDays: 5 }, { openForDays: 'soon' }, { openForDays: 30, status: 'open' }]) {
      const res = await api('POST', url, author.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('POST', url, author.cookie, { openForDays: 5 })).json().details).toEqual([
      expect.objectContaining({ path: 'openForDays' }),
    ]);
    expect((await api('POST', '/posts/not-a-post/keep-open', author.cookie, {})).statusCode).toBe(400);
    // Nothing moved.
    expect((await read(author, need._id)).expiresAt).toBe(need.expiresAt);
  });

  it('applies to needs and wants that are not fulfilled', async () => {
    const author = await person();
    const offer = await post(author, { kind: 'provision' });
    expect((await api('POST', `/posts/${offer._id}/keep-open`, author.cookie, {})).statusCode).toBe(400);
    const need = await post(author);
    expect(
      (await api('PATCH', `/posts/${need._id}`, author.cookie, { status: 'fulfilled' })).statusCode,
    ).toBe(200);
    const res = await api('POST', `/posts/${need._id}/keep-open`, author.cookie, {});
    expect(res.statusCode).toBe(409);
    expect((await read(author, need._id)).status).toBe('fulfilled');
  });
});
