import { REPORT_ACTIONED_MESSAGE } from '@muster/contract/moderation-queue';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, signIn, TEST_PASSWORD } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { startSmtpCapture } from '../../../test/smtp-capture.js';
import type { DomainEvents } from '../../platform/events.js';

/**
 * Moderation actions (issue 35 item 3, decision 070), through the real routes: a case closed with
 * a decision and a strike, the suspension that ends sessions and refuses sign-in until it is over,
 * the limit, the refusals (roles, closed cases, bad input), and what each records and tells. What
 * the content's owners do with hidden or deleted content is theirs (and their tests'): here only
 * that the events went, in the moderator's transaction.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** The content events as the owners receive them, inside the moderator's transaction. */
const contentEvents: Array<{ name: string; payload: unknown }> = [];
/** Every process's "end these sessions" (the hub): sockets close and caches drop on it. */
const endedSessions: unknown[] = [];

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  for (const name of [
    'moderation.content_hidden',
    'moderation.content_deleted',
    'moderation.content_restored',
  ] as const)
    t.app.deps.events.within(name, async (_trx, payload: DomainEvents[typeof name]) => {
      contentEvents.push({ name, payload });
    });
  t.app.deps.realtime.onEndSessions((target) => endedSessions.push(target));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(() => {
  contentEvents.length = 0;
  endedSessions.length = 0;
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Res = Awaited<ReturnType<ReturnType<typeof apiCaller>>>;
const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const ok = async (res: Res) => {
  if (res.statusCode >= 300) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return res.json();
};
const member = () => signedInUser(t);
const moderator = () => signedInUser(t, { role: 'moderator' });
const admin = () => signedInUser(t, { role: 'admin' });
const postOf = async (who: Person, content = 'Send money for the shelter to this account'): Promise<string> =>
  (
    await ok(
      await api('POST', '/posts/create', who.cookie, {
        content,
        title: 'Shelter drive',
        kind: 'need',
        category: 'Transport',
      }),
    )
  ).data._id;
/** Reports the thing and answers its open case's id. */
async function caseAbout(reporter: Person, targetType: string, targetId: string): Promise<string> {
  await ok(
    await api('POST', '/reports', reporter.cookie, { targetType, targetId, reason: 'spam', note: '' }),
  );
  const row = await t.db
    .selectFrom('moderationCases')
    .select('id')
    .where('targetId', '=', targetId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return row.id;
}
const act = (mod: Person, caseId: string, body: Record<string, unknown>) =>
  api('POST', `/moderation/cases/${caseId}/action`, mod.cookie, body);
const login = (login: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { emailOrUsername: login, password } });
const strikesOf = (userId: string) =>
  t.db.selectFrom('moderationStrikes').selectAll().where('userId', '=', userId).execute();
const standingOf = async (userId: string) => {
  const { rows } = await sql<{
    suspended: boolean;
    forGood: boolean;
    suspendedUntil: Date | null;
    reason: string | null;
    rule: string | null;
    limitedUntil: Date | null;
    limitedForGood: boolean;
  }>`select coalesce(suspended_until > now(), false) as suspended, suspended_until = 'infinity' is true as "forGood",
      case when suspended_until = 'infinity' then null else suspended_until end as "suspendedUntil",
      suspension_reason as reason, suspension_rule as rule,
      case when limited_until = 'infinity' then null else limited_until end as "limitedUntil",
      limited_until = 'infinity' is true as "limitedForGood"
    from users where id = ${userId}`.execute(t.db);
  return rows[0]!;
};
const auditOf = (caseOrStrike: string, action: string) =>
  sql<{ actorId: string; subjectId: string; reason: string; details: Record<string, unknown> }>`
    select actor_id as "actorId", subject_id as "subjectId", reason, details from moderation_audit
    where action = ${action} and (details->>'caseId' = ${caseOrStrike} or details->>'strikeId' = ${caseOrStrike})`
    .execute(t.db)
    .then((r) => r.rows);
const noticesOf = (userId: string) =>
  t.db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
const longDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

describe('acting on a case', () => {
  it('hides and suspends for 7 days: strike, standing, sessions ended, sign-in refused, audit, notices', async () => {
    const [author, reporter, mod] = await Promise.all([member(), member(), moderator()]);
    const postId = await postOf(author);
    const caseId = await caseAbout(reporter, 'post', postId);
    // The author's session is in the cache of this process, as it is after any page they read.
    expect((await api('GET', '/auth/me', author.cookie)).statusCode).toBe(200);

    const res = await act(mod, caseId, {
      content: 'hide',
      account: 'suspend',
      days: 7,
      rule: 'scam',
      reason: 'This donation drive is fake',
    });
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({
      id: caseId,
      status: 'closed',
      resolution: 'actioned',
      resolutionReason: 'This donation drive is fake',
      closedBy: { id: mod.user.id },
      // The case shows what was done: its strike.
      strike: { rule: 'scam', content: 'hide', account: 'suspend', reason: 'This donation drive is fake' },
    });

    const [strike] = await strikesOf(author.user.id);
    expect(strike).toMatchObject({
      caseId,
      actorId: mod.user.id,
      rule: 'scam',
      reason: 'This donation drive is fake',
      contentAction: 'hide',
      accountAction: 'suspend',
    });
    const days = (strike!.endsAt!.getTime() - strike!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 5);
    const standing = await standingOf(author.user.id);
    expect(standing).toMatchObject({ suspended: true, reason: 'This donation drive is fake', rule: 'scam' });
    expect(standing.suspendedUntil!.getTime()).toBe(strike!.endsAt!.getTime());

    // The owner was asked to hide the post, in the same transaction.
    expect(contentEvents).toEqual([
      {
        name: 'moderation.content_hidden',
        payload: { targetType: 'post', targetId: postId, reason: 'This donation drive is fake' },
      },
    ]);

    // Sessions end at once: the rows, the cached copy (the same cookie is a 401 now), the sockets.
    expect(
      await t.db.selectFrom('sessions').select('id').where('userId', '=', author.user.id).execute(),
    ).toEqual([]);
    expect((await api('GET', '/auth/me', author.cookie)).statusCode).toBe(401);
    expect((await api('GET', '/users/me/strikes', author.cookie)).statusCode).toBe(401);
    expect(endedSessions).toContainEqual({ userId: author.user.id });

    // Sign-in is refused, with the reason, the end date and a way to appeal.
    const refused = await login(author.user.username);
    expect(refused.statusCode).toBe(403);
    expect(refused.cookies.find((c) => c.name === 'muster_session')).toBeUndefined();
    expect(refused.json()).toMatchObject({
      code: 'SUSPENDED',
      message: `Your account is suspended until ${longDate(strike!.endsAt!)}: This donation drive is fake`,
      suspension: {
        reason: 'This donation drive is fake',
        rule: 'scam',
        until: strike!.endsAt!.toISOString(),
        appealToken: expect.stringMatching(/^v1\./),
      },
    });

    expect(await auditOf(caseId, 'case.action')).toEqual([
      {
        actorId: mod.user.id,
        subjectId: author.user.id,
        reason: 'This donation drive is fake',
        details: expect.objectContaining({ content: 'hide', account: 'suspend', days: 7, rule: 'scam' }),
      },
    ]);

    // The reporter is told it was acted on, by nobody, naming nobody.
    const told = (await ok(await api('GET', '/notifications', reporter.cookie))).data;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ message: REPORT_ACTIONED_MESSAGE, sender: null });
    expect(JSON.stringify(told)).not.toContain(author.user.id);
    expect(JSON.stringify(told)).not.toContain(mod.user.id);

    // The author's notice (they cannot read the app now) and its mail, which goes although their
    // sessions are gone, with the link that appeals without signing in.
    const [notice] = await noticesOf(author.user.id);
    expect(notice).toMatchObject({
      kind: 'safety',
      subType: 'suspension',
      senderId: null,
      commentContent: 'This donation drive is fake',
      message: `Your post was hidden and your account is suspended until ${longDate(strike!.endsAt!)} because it broke the rule “No scams or fake appeals for money”.`,
    });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(author.user.email));
    expect(mail.subject).toContain('Your post was hidden and your account is suspended until');
    expect(mail.text).toContain('This donation drive is fake');
    expect(mail.text).toMatch(/#\/appeal\?token=v1\./);
    expect(mail.text).not.toContain(mod.user.username);
  });

  it('suspends for good, and lets sign-in work again once a suspension is over', async () => {
    const [author, mod] = await Promise.all([member(), moderator()]);
    const caseId = await caseAbout(await member(), 'user', author.user.id);
    expect(
      (await act(mod, caseId, { account: 'suspend', days: null, rule: 'hate', reason: 'Slurs in the bio' }))
        .statusCode,
    ).toBe(200);
    expect(await standingOf(author.user.id)).toMatchObject({ suspended: true, forGood: true });
    const refused = await login(author.user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Your account is suspended for good: Slurs in the bio',
      suspension: { until: null, rule: 'hate' },
    });
    const [notice] = await noticesOf(author.user.id);
    expect(notice!.message).toBe('Your account is suspended for good because you broke the rule “No hate”.');

    // The end passes (a suspension of days, its time moved back): no job runs, sign-in just works.
    const other = await member();
    const second = await caseAbout(await member(), 'user', other.user.id);
    await ok(await act(mod, second, { account: 'suspend', days: 1, rule: 'spam', reason: 'Flooding' }));
    expect((await login(other.user.username)).statusCode).toBe(403);
    await sql`update moderation_strikes set ends_at = now() - interval '1 minute' where user_id = ${other.user.id}`.execute(
      t.db,
    );
    await sql`update users set suspended_until = now() - interval '1 minute' where id = ${other.user.id}`.execute(
      t.db,
    );
    const back = await login(other.user.username);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.username).toBe(other.user.username);
  });

  it('a password reset does not get around a suspension, nor does a sign-in link', async () => {
    const [author, mod] = await Promise.all([member(), moderator()]);
    const caseId = await caseAbout(await member(), 'user', author.user.id);
    await ok(await act(mod, caseId, { account: 'suspend', days: 30, rule: 'spam', reason: 'Spam' }));
    await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: author.user.email },
      }),
    );
    const mail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(author.user.email) && m.subject === 'Reset your Muster password',
    );
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const refused = await login(author.user.username, 'a brand new passphrase');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('SUSPENDED');

    await ok(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in-link',
        payload: { emailOrUsername: author.user.username },
      }),
    );
    const linkMail = await smtp.waitFor(
      (m) => m.envelopeTo.includes(author.user.email) && /sign-in-link\?token=/.test(m.text ?? ''),
    );
    const linkToken = /sign-in-link\?token=([\w-]+)/.exec(linkMail.text ?? '')![1]!;
    const viaLink = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in-with-link',
      payload: { token: linkToken },
    });
    expect(viaLink.statusCode).toBe(403);
    expect(viaLink.json().code).toBe('SUSPENDED');
  });

  it('a session that a sign-in racing the suspension made is not live', async () => {
    const [author, mod] = await Promise.all([member(), moderator()]);
    const caseId = await caseAbout(await member(), 'user', author.user.id);
    await ok(await act(mod, caseId, { account: 'suspend', days: 3, rule: 'spam', reason: 'Spam' }));
    // As if a sign-in had checked the account just before the suspension and written its session after.
    await sql`update users set suspended_until = null where id = ${author.user.id}`.execute(t.db);
    const cookie = await signIn(t, author.user.username);
    await sql`update users set suspended_until = now() + interval '3 days' where id = ${author.user.id}`.execute(
      t.db,
    );
    expect((await api('GET', '/auth/me', cookie)).statusCode).toBe(401);
  });

  it('warns, limits and deletes: each recorded, the limit on the account, nothing ends its sessions', async () => {
    const [author, reporter, mod] = await Promise.all([member(), member(), moderator()]);
    const first = await caseAbout(reporter, 'post', await postOf(author, 'first'));
    await ok(await act(mod, first, { account: 'warn', rule: 'spam', reason: 'Same post five times' }));
    const secondPost = await postOf(author, 'second');
    const second = await caseAbout(reporter, 'post', secondPost);
    await ok(
      await act(mod, second, {
        content: 'delete',
        account: 'limit',
        days: 3,
        rule: 'misinformation',
        reason: 'The shelter is not closed',
      }),
    );
    expect(contentEvents).toEqual([
      { name: 'moderation.content_deleted', payload: { targetType: 'post', targetId: secondPost } },
    ]);
    const standing = await standingOf(author.user.id);
    expect(standing.suspended).toBe(false);
    expect(standing.limitedUntil!.getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    expect((await api('GET', '/auth/me', author.cookie)).statusCode).toBe(200);
    expect(endedSessions).toEqual([]);

    const mine = (await ok(await api('GET', '/users/me/strikes', author.cookie))).data;
    expect(mine).toMatchObject([
      {
        caseId: second,
        rule: 'misinformation',
        ruleLabel: 'No false information that could cause harm',
        content: 'delete',
        account: 'limit',
        endsAt: expect.any(String),
        appeal: { state: 'none', text: null },
        lifted: false,
      },
      { caseId: first, account: 'warn', content: 'none', endsAt: null, ruleLabel: 'No spam' },
    ]);
    const messages = (await noticesOf(author.user.id)).map((n) => [n.kind, n.subType, n.message]);
    expect(messages).toContainEqual([
      'safety',
      'strike',
      'You were warned because you broke the rule “No spam”.',
    ]);
    expect(messages).toContainEqual([
      'safety',
      'strike',
      `Your post was removed and your account is limited until ${longDate(standing.limitedUntil!)} because it broke the rule “No false information that could cause harm”.`,
    ]);

    // The author's record on a new case counts the two strikes.
    const third = await caseAbout(reporter, 'post', await postOf(author, 'third'));
    const detail = (await ok(await api('GET', `/moderation/cases/${third}`, mod.cookie))).data;
    expect(detail.authorHistory).toMatchObject({ actionedCount: 2, dismissedCount: 0 });
  });
});

describe('what acting refuses', () => {
  it('a moderator never acts on an admin (403, nothing written); an admin may', async () => {
    const [boss, mod, chief] = await Promise.all([admin(), moderator(), admin()]);
    const caseId = await caseAbout(await member(), 'post', await postOf(boss));
    const refused = await act(mod, caseId, { account: 'warn', rule: 'spam', reason: 'Spam' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Moderators cannot act on an admin. Ask an admin to take this case.');
    expect(await strikesOf(boss.user.id)).toEqual([]);
    expect(
      (await t.db.selectFrom('moderationCases').select('status').where('id', '=', caseId).executeTakeFirst())!
        .status,
    ).toBe('open');
    expect(contentEvents).toEqual([]);
    expect((await act(chief, caseId, { account: 'warn', rule: 'spam', reason: 'Spam' })).statusCode).toBe(
      200,
    );
  });

  it('409 on a closed case, 404 on none, 401 signed out, 403 for members', async () => {
    const [author, mod, someone] = await Promise.all([member(), moderator(), member()]);
    const caseId = await caseAbout(someone, 'post', await postOf(author));
    const body = { content: 'hide', rule: 'spam', reason: 'Spam' };
    expect((await act(someone, caseId, body)).statusCode).toBe(403);
    expect((await api('POST', `/moderation/cases/${caseId}/action`, undefined, body)).statusCode).toBe(401);
    expect((await act(mod, '0190a000-0000-7000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await act(mod, caseId, body)).statusCode).toBe(200);
    const again = await act(mod, caseId, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This case is already closed');
    expect(await strikesOf(author.user.id)).toHaveLength(1);
    // Dismissed first: acting after is a 409 too.
    const other = await caseAbout(someone, 'post', await postOf(author, 'again'));
    await ok(await api('POST', `/moderation/cases/${other}/dismiss`, mod.cookie, { reason: 'Fine' }));
    expect((await act(mod, other, body)).statusCode).toBe(409);
  });

  it('400 for bad input, with nothing written', async () => {
    const [author, mod, someone] = await Promise.all([member(), moderator(), member()]);
    const personCase = await caseAbout(someone, 'user', author.user.id);
    const postCase = await caseAbout(someone, 'post', await postOf(author));
    const bad: Array<[string, Record<string, unknown>, string]> = [
      [personCase, { content: 'hide', account: 'warn', rule: 'spam', reason: 'x' }, 'content'],
      [postCase, { rule: 'spam', reason: 'x' }, 'account'],
      [postCase, { account: 'warn', days: 3, rule: 'spam', reason: 'x' }, 'days'],
      [postCase, { account: 'suspend', rule: 'spam', reason: 'x' }, 'days'],
      [postCase, { account: 'suspend', days: 0, rule: 'spam', reason: 'x' }, 'days'],
      [postCase, { account: 'warn', rule: 'nope', reason: 'x' }, 'rule'],
      [postCase, { account: 'warn', rule: 'spam', reason: '  ' }, 'reason'],
      [postCase, { account: 'warn', rule: 'spam', reason: 'x', extra: 1 }, ''],
    ];
    for (const [caseId, body, field] of bad) {
      const res = await act(mod, caseId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
    }
    expect(await strikesOf(author.user.id)).toEqual([]);
    expect(await standingOf(author.user.id)).toMatchObject({ suspended: false, limitedUntil: null });
    const open = await t.db
      .selectFrom('moderationCases')
      .select('id')
      .where('id', 'in', [personCase, postCase])
      .where('status', '=', 'open')
      .execute();
    expect(open).toHaveLength(2);
  });
});
