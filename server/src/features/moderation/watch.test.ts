import { MONEY_REVIEW_REASON } from '@muster/contract/moderation-watch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { MONEY_FLAG_NOTE } from './watch.service.js';

/**
 * Watched words and link domains, and young accounts' requests for money (issue 35 item 5,
 * decision 072), through the real routes: a match files a case for review and the post is
 * published all the same; money from a young account is published hidden, with a case.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('moderationCases').execute();
  await t.db.deleteFrom('moderationWatched').execute();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const ok = async (res: Awaited<ReturnType<typeof api>>) => {
  if (res.statusCode >= 300) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return res.json();
};
const DAY = 86_400_000;
/** Accounts are new for a day: most people in these tests are older, so only what is tested is new. */
const member = (ageDays = 2) => signedInUser(t, { createdAt: new Date(Date.now() - ageDays * DAY) });
const admin = () => signedInUser(t, { role: 'admin' });
const watch = async (who: Person, kind: 'word' | 'domain', value: string) =>
  (await ok(await api('POST', '/admin/watched', who.cookie, { kind, value }))).data;
const post = async (who: Person, content: string, title = '') =>
  (await ok(await api('POST', '/posts/create', who.cookie, { content, title }))).data._id as string;
const casesAbout = (targetId: string) =>
  t.db.selectFrom('moderationCases').selectAll().where('targetId', '=', targetId).execute();
const flagsOf = (caseId: string) =>
  t.db.selectFrom('moderationCaseFlags').select(['note', 'reason']).where('caseId', '=', caseId).execute();
const hiddenReason = async (postId: string) =>
  (await t.db.selectFrom('posts').select('hiddenReason').where('id', '=', postId).executeTakeFirstOrThrow())
    .hiddenReason;

describe('the watched list (admins only)', () => {
  it('lists, adds (normalised) and removes entries, each change in the audit log', async () => {
    const boss = await admin();
    expect((await ok(await api('GET', '/admin/watched', boss.cookie))).data).toEqual([]);
    const word = await watch(boss, 'word', '  Looting ');
    expect(word).toMatchObject({
      kind: 'word',
      value: 'looting',
      addedBy: expect.stringContaining(boss.user.username),
    });
    const domain = await watch(boss, 'domain', 'https://www.Scam.Example/donate?now=1');
    expect(domain).toMatchObject({ kind: 'domain', value: 'scam.example' });
    const listed = (await ok(await api('GET', '/admin/watched', boss.cookie))).data;
    expect(listed.map((e: { value: string }) => e.value)).toEqual(['looting', 'scam.example']);

    const again = await api('POST', '/admin/watched', boss.cookie, { kind: 'word', value: 'LOOTING' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('“looting” is watched already.');

    expect((await api('DELETE', `/admin/watched/${word._id}`, boss.cookie)).json()).toEqual({
      data: { ok: true },
    });
    expect((await api('DELETE', `/admin/watched/${word._id}`, boss.cookie)).statusCode).toBe(404);

    const log = (await ok(await api('GET', `/admin/audit?actor=${boss.user.username}`, boss.cookie))).data;
    expect(log.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['watched.remove', 'Word: looting'],
      ['watched.add', 'Domain: scam.example'],
      ['watched.add', 'Word: looting'],
    ]);
    expect(log[0]).toMatchObject({
      targetType: 'watched',
      targetId: word._id,
      details: { kind: 'word', value: 'looting' },
    });
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const boss = await admin();
    for (const body of [
      { kind: 'domain', value: 'not a domain' },
      { kind: 'domain', value: 'localhost' },
      { kind: 'word', value: '!!!' },
      { kind: 'word', value: 'x'.repeat(61) },
      { kind: 'word', value: '   ' },
      { kind: 'phrase', value: 'fire' },
      { kind: 'word', value: 'fire', extra: true },
    ]) {
      const res = await api('POST', '/admin/watched', boss.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
    expect(await t.db.selectFrom('moderationWatched').selectAll().execute()).toEqual([]);
    expect((await api('DELETE', '/admin/watched/not-an-id', boss.cookie)).statusCode).toBe(400);
  });

  it('is for admins alone: members and moderators get 403, nobody signed in 401', async () => {
    const [someone, mod, boss] = await Promise.all([
      member(),
      signedInUser(t, { role: 'moderator' }),
      admin(),
    ]);
    const entry = await watch(boss, 'word', 'fire');
    for (const who of [someone, mod]) {
      expect((await api('GET', '/admin/watched', who.cookie)).statusCode).toBe(403);
      expect(
        (await api('POST', '/admin/watched', who.cookie, { kind: 'word', value: 'flood' })).statusCode,
      ).toBe(403);
      expect((await api('DELETE', `/admin/watched/${entry._id}`, who.cookie)).statusCode).toBe(403);
    }
    expect((await api('GET', '/admin/watched')).statusCode).toBe(401);
    expect(
      (await api('POST', '/admin/watched', undefined, { kind: 'word', value: 'flood' })).statusCode,
    ).toBe(401);
    expect(
      (await t.db.selectFrom('moderationWatched').select('value').execute()).map((e) => e.value),
    ).toEqual(['fire']);
  });

  it('rate-limits an admin’s changes', async () => {
    const strict = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: '0.02' } });
    try {
      const boss = await signedInUser(strict, { role: 'admin' });
      const call = apiCaller(strict);
      // 120 an hour × 0.02: two.
      expect(
        (await call('POST', '/admin/watched', boss.cookie, { kind: 'word', value: 'one' })).statusCode,
      ).toBe(200);
      expect(
        (await call('POST', '/admin/watched', boss.cookie, { kind: 'word', value: 'two' })).statusCode,
      ).toBe(200);
      const refused = await call('POST', '/admin/watched', boss.cookie, { kind: 'word', value: 'three' });
      expect(refused.statusCode).toBe(429);
      expect(await strict.db.selectFrom('moderationWatched').select('value').execute()).toHaveLength(2);
    } finally {
      await strict.close();
    }
  });
});

describe('a watched word or domain sends a post to the queue, never stops it', () => {
  it('files a case with the match as its note; the post is published and others read it', async () => {
    const [boss, author, reader, mod] = await Promise.all([
      admin(),
      member(),
      member(),
      signedInUser(t, { role: 'moderator' }),
    ]);
    await watch(boss, 'word', 'fire');
    const postId = await post(author, 'FIRE on Main St, everyone out!', 'Help');
    const seen = await api('GET', `/posts/${postId}`, reader.cookie);
    expect(seen.statusCode).toBe(200);
    expect(await hiddenReason(postId)).toBeNull();

    const [filed] = await casesAbout(postId);
    expect(filed).toMatchObject({
      status: 'open',
      reporterCount: 0,
      authorId: author.user.id,
      danger: false,
    });
    expect(await flagsOf(filed!.id)).toEqual([{ note: 'Watched word: fire', reason: 'other' }]);
    // The moderator sees it in the queue like a report: reason "other", the note, the snapshot.
    const [listed] = (await ok(await api('GET', '/moderation/cases', mod.cookie))).data;
    expect(listed).toMatchObject({
      id: filed!.id,
      reporterCount: 0,
      reasons: [{ reason: 'other', count: 1 }],
      snapshot: { type: 'post', content: 'FIRE on Main St, everyone out!', title: 'Help' },
    });
    const detail = (await ok(await api('GET', `/moderation/cases/${filed!.id}`, mod.cookie))).data;
    expect(detail.reports).toEqual([
      expect.objectContaining({
        reason: 'other',
        note: 'Watched word: fire',
        snapshot: expect.objectContaining({ content: 'FIRE on Main St, everyone out!' }),
      }),
    ]);
    expect((await ok(await api('GET', '/moderation/cases?reason=other', mod.cookie))).data).toHaveLength(1);

    // A person's report lands in the same open case and counts as the first reporter.
    await ok(
      await api('POST', '/reports', reader.cookie, { targetType: 'post', targetId: postId, reason: 'spam' }),
    );
    const after = (await ok(await api('GET', `/moderation/cases/${filed!.id}`, mod.cookie))).data;
    expect(after.reporterCount).toBe(1);
    expect(after.reports).toHaveLength(2);
    // Dismissing tells the reporter; the flag had nobody to tell.
    expect(
      (await api('POST', `/moderation/cases/${filed!.id}/dismiss`, mod.cookie, { reason: 'A real fire' }))
        .statusCode,
    ).toBe(200);
  });

  it('matches whole words only, in any case', async () => {
    const [boss, author] = await Promise.all([admin(), member()]);
    await watch(boss, 'word', 'fire');
    await watch(boss, 'word', 'bank account');
    const plain = await post(author, 'Dry firewood for the shelter, and a campfire tonight');
    expect(await casesAbout(plain)).toEqual([]);
    const phrase = await post(author, 'Tell me your BANK   ACCOUNT, please');
    expect(await casesAbout(phrase)).toHaveLength(1);
    const word = await post(author, 'Fire.');
    expect(await casesAbout(word)).toHaveLength(1);
  });

  it('matches a watched domain and its subdomains, not a look-alike', async () => {
    const [boss, author] = await Promise.all([admin(), member()]);
    await watch(boss, 'domain', 'scam.example');
    const exact = await post(author, 'Relief here: https://scam.example/relief');
    const sub = await post(author, 'Or here: http://www.give.SCAM.example/x');
    const bare = await post(author, 'Or type scam.example/relief in your browser');
    const other = await post(author, 'Safe: https://notscam.example/ and https://scam.example.org/');
    for (const id of [exact, sub, bare]) {
      const [filed] = await casesAbout(id);
      expect(await flagsOf(filed!.id)).toEqual([{ note: 'Watched domain: scam.example', reason: 'other' }]);
    }
    expect(await casesAbout(other)).toEqual([]);
  });

  it('reviews an edit that brings a watched word in, and a comment that names one', async () => {
    const [boss, author, commenter] = await Promise.all([admin(), member(), member()]);
    await watch(boss, 'word', 'shooting');
    const postId = await post(author, 'Quiet night');
    expect(await casesAbout(postId)).toEqual([]);
    await ok(await api('PATCH', `/posts/${postId}`, author.cookie, { content: 'Shooting near the bridge' }));
    expect(await casesAbout(postId)).toHaveLength(1);
    const comment = (
      await ok(
        await api('POST', `/posts/${postId}/comments`, commenter.cookie, { content: 'I heard shooting too' }),
      )
    ).data;
    const [filed] = await casesAbout(comment._id);
    expect(filed).toMatchObject({ targetType: 'comment', authorId: commenter.user.id });
  });

  it('sees a change to the list at once in this process', async () => {
    const [boss, author] = await Promise.all([admin(), member()]);
    expect(await casesAbout(await post(author, 'Flooding on Elm'))).toEqual([]);
    const entry = await watch(boss, 'word', 'flooding');
    expect(await casesAbout(await post(author, 'Flooding on Oak'))).toHaveLength(1);
    await ok(await api('DELETE', `/admin/watched/${entry._id}`, boss.cookie));
    expect(await casesAbout(await post(author, 'Flooding on Ash'))).toEqual([]);
  });
});

describe("a young account's post that asks for money is held for review", () => {
  it('is published hidden with the reason, and a case is filed', async () => {
    const young = await member(0);
    const postId = await post(young, 'Please send money by GCash to 0917 123 4567', 'Relief drive');
    expect(await hiddenReason(postId)).toBe(MONEY_REVIEW_REASON);
    const [filed] = await casesAbout(postId);
    expect(filed).toMatchObject({ status: 'open', reporterCount: 0, authorId: young.user.id });
    expect(await flagsOf(filed!.id)).toEqual([{ note: MONEY_FLAG_NOTE, reason: 'other' }]);
  });

  it('is published when a moderator dismisses its case; a post a strike hid is not', async () => {
    const [young, moderator] = await Promise.all([member(0), signedInUser(t, { role: 'moderator' })]);
    const held = await post(young, 'Please send money by GCash to 0917 123 4567', 'Relief drive');
    const [filed] = await casesAbout(held);
    await ok(
      await api('POST', `/moderation/cases/${filed!.id}/dismiss`, moderator.cookie, {
        reason: 'A real drive',
      }),
    );
    expect(await hiddenReason(held)).toBeNull();

    // Hidden by a strike, then flagged again on an edit and dismissed: it stays hidden.
    const author = await member();
    const other = await post(author, 'Tarps at the chapel');
    await t.db.updateTable('posts').set({ hiddenReason: 'Broke a rule' }).where('id', '=', other).execute();
    await watch(await admin(), 'word', 'chapelwatch');
    await ok(await api('PATCH', `/posts/${other}`, author.cookie, { content: 'Tarps chapelwatch' }));
    const [again] = await casesAbout(other);
    await ok(
      await api('POST', `/moderation/cases/${again!.id}/dismiss`, moderator.cookie, { reason: 'Fine' }),
    );
    expect(await hiddenReason(other)).toBe('Broke a rule');
  });

  it('holds a link to a payment site, and a hunt', async () => {
    const young = await member(0);
    expect(await hiddenReason(await post(young, 'Help us: https://www.gofundme.com/f/flood-relief'))).toBe(
      MONEY_REVIEW_REASON,
    );
    expect(await hiddenReason(await post(young, 'Tip me at ko-fi.com/someone'))).toBe(MONEY_REVIEW_REASON);
    const hunt = (
      await ok(
        await api('POST', '/posts/create-hunt', young.cookie, {
          huntType: 'service',
          title: 'Generator repair',
          description: 'Paid by PayPal',
        }),
      )
    ).data._id;
    expect(await hiddenReason(hunt)).toBe(MONEY_REVIEW_REASON);
  });

  it('holds an edit that turns a young account’s post into a request for money', async () => {
    const young = await member(0);
    const postId = await post(young, 'Water needed on Elm');
    expect(await hiddenReason(postId)).toBeNull();
    await ok(await api('PATCH', `/posts/${postId}`, young.cookie, { content: 'Venmo me for water' }));
    expect(await hiddenReason(postId)).toBe(MONEY_REVIEW_REASON);
    expect(await casesAbout(postId)).toHaveLength(1);
  });

  it('leaves giving things, an older account and a connected one alone', async () => {
    const [young, old, connected, friend] = await Promise.all([member(0), member(2), member(0), member(5)]);
    const things = await post(young, 'Tents and blankets to donate, pick up at the church');
    expect(await hiddenReason(things)).toBeNull();
    expect(await casesAbout(things)).toEqual([]);

    const fromOld = await post(old, 'Send money by GCash to the parish relief fund');
    expect(await hiddenReason(fromOld)).toBeNull();
    expect(await casesAbout(fromOld)).toEqual([]);

    // Someone accepted a connection with them: no longer new, however young.
    await ok(await api('POST', `/connections/${friend.user.id}`, connected.cookie));
    await ok(await api('POST', `/connections/${connected.user.id}`, friend.cookie));
    const fromConnected = await post(connected, 'Send money by GCash to the parish relief fund');
    expect(await hiddenReason(fromConnected)).toBeNull();
  });

  it('a watched match and money together are one case with one flag saying both', async () => {
    const [boss, young] = await Promise.all([admin(), member(0)]);
    await watch(boss, 'word', 'urgent');
    const postId = await post(young, 'URGENT: bank transfer needed for the shelter');
    const [filed] = await casesAbout(postId);
    expect(await flagsOf(filed!.id)).toEqual([
      { note: `${MONEY_FLAG_NOTE}. Watched word: urgent`, reason: 'other' },
    ]);
  });
});
