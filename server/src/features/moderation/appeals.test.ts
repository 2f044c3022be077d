import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser, TEST_PASSWORD } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import type { DomainEvents } from '../../platform/events.js';

/**
 * Strikes and appeals (issue 35 item 3, decision 070): the author's list and their one appeal,
 * signed in or (suspended) by the link's token; the appeals in the queue; the decision by a
 * moderator other than the one who acted; what lifting undoes, and what each decision records and tells.
 */
let t: TestApp;
const restored: Array<DomainEvents['moderation.content_restored']> = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.app.deps.events.within('moderation.content_restored', async (_trx, payload) => {
    restored.push(payload);
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  restored.length = 0;
  // Each test reads the appeals queue from the top.
  await t.db.deleteFrom('moderationStrikes').execute();
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
const login = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { emailOrUsername: name, password: TEST_PASSWORD },
  });

/** A post by `author`, reported and acted on by `mod`: the strike's id. */
async function strikeAgainst(author: Person, mod: Person, action: Record<string, unknown>) {
  const reporter = await member();
  const post = await ok(
    await api('POST', '/posts/create', author.cookie, {
      content: 'Wire money to help',
      kind: 'need',
      category: 'Transport',
    }),
  );
  await ok(
    await api('POST', '/reports', reporter.cookie, {
      targetType: 'post',
      targetId: post.data._id,
      reason: 'spam',
      note: '',
    }),
  );
  const c = await t.db
    .selectFrom('moderationCases')
    .select('id')
    .where('targetId', '=', post.data._id)
    .executeTakeFirstOrThrow();
  await ok(
    await api('POST', `/moderation/cases/${c.id}/action`, mod.cookie, {
      rule: 'scam',
      reason: 'Fake appeal for money',
      ...action,
    }),
  );
  const strike = await t.db
    .selectFrom('moderationStrikes')
    .select('id')
    .where('caseId', '=', c.id)
    .executeTakeFirstOrThrow();
  return { strikeId: strike.id, postId: post.data._id as string };
}
const appeal = (who: Person, strikeId: string, text: string | undefined) =>
  api('POST', `/users/me/strikes/${strikeId}/appeal`, who.cookie, text === undefined ? {} : { text });
const decide = (mod: Person, strikeId: string, decision: string, reason = 'Looked again') =>
  api('POST', `/moderation/appeals/${strikeId}/decide`, mod.cookie, { decision, reason });
const queue = async (mod: Person, query = '') =>
  await ok(await api('GET', `/moderation/appeals${query}`, mod.cookie));
const auditFor = (strikeId: string) =>
  sql<{ action: string; actorId: string; subjectId: string; reason: string }>`
    select action, actor_id as "actorId", subject_id as "subjectId", reason from moderation_audit
    where details->>'strikeId' = ${strikeId} order by created_at`
    .execute(t.db)
    .then((r) => r.rows);
const suspendedUntil = async (userId: string) =>
  (
    await sql<{ until: Date | null; limited: Date | null }>`select suspended_until as until,
      limited_until as limited from users where id = ${userId}`.execute(t.db)
  ).rows[0]!;

describe('the author appeals', () => {
  it('once, their own only, with text; the strike shows it pending', async () => {
    const [author, mod, stranger] = await Promise.all([member(), moderator(), member()]);
    const { strikeId } = await strikeAgainst(author, mod, { content: 'hide' });
    expect((await appeal(author, strikeId, '   ')).statusCode).toBe(400);
    expect((await appeal(author, strikeId, undefined)).statusCode).toBe(400);
    expect((await appeal(author, 'not-a-uuid', 'x')).statusCode).toBe(400);
    expect(
      (await api('POST', `/users/me/strikes/${strikeId}/appeal`, undefined, { text: 'x' })).statusCode,
    ).toBe(401);
    // Someone else's strike is answered like a missing one, and is not appealed by the try.
    expect((await appeal(stranger, strikeId, 'Not mine')).statusCode).toBe(404);
    expect((await appeal(author, '0190a000-0000-7000-8000-000000000000', 'x')).statusCode).toBe(404);

    const first = await appeal(author, strikeId, 'It was a real drive for the shelter');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      id: strikeId,
      appeal: { state: 'pending', text: 'It was a real drive for the shelter', decidedAt: null },
    });
    const second = await appeal(author, strikeId, 'Again');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You have already appealed this decision. A moderator will answer it.',
    );
    const [listed] = (await ok(await api('GET', '/users/me/strikes', author.cookie))).data;
    expect(listed.appeal.text).toBe('It was a real drive for the shelter');
  });

  it('suspended, by the token the refused sign-in (or the mail) carries, without signing in', async () => {
    const [author, mod] = await Promise.all([member(), moderator()]);
    const { strikeId } = await strikeAgainst(author, mod, { account: 'suspend', days: 7 });
    const refused = await login(author.user.username);
    const token = refused.json().suspension.appealToken as string;

    const shown = await api('GET', `/appeals/by-link?token=${encodeURIComponent(token)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ id: strikeId, account: 'suspend', appeal: { state: 'none' } });

    // A token altered anywhere is refused, and appeals nothing.
    const [v, id, mac] = token.split('.');
    const other = '0190a000-0000-7000-8000-000000000000';
    for (const forged of [
      `${v}.${other}.${mac}`,
      `${v}.${id}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
      `${v}.${id}`,
      'x',
    ])
      expect(
        (await api('POST', '/appeals/by-link', undefined, { token: forged, text: 'Hi' })).statusCode,
      ).toBe(400);

    const appealed = await api('POST', '/appeals/by-link', undefined, { token, text: 'I was hacked' });
    expect(appealed.statusCode).toBe(200);
    expect(appealed.json().data.appeal).toMatchObject({ state: 'pending', text: 'I was hacked' });
    expect((await api('POST', '/appeals/by-link', undefined, { token, text: 'Again' })).statusCode).toBe(409);
    // Appealed: the refused sign-in offers no second appeal.
    expect((await login(author.user.username)).json().suspension.appealToken).toBeNull();
    // The token is the whole authority: one token is tried at most ten times in ten minutes (it
    // was used three times above), whatever the answers.
    const tries: number[] = [];
    for (let i = 0; i < 8; i++) tries.push((await api('GET', `/appeals/by-link?token=${token}`)).statusCode);
    expect(tries).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('appeals in the queue', () => {
  it('lists pending appeals oldest first with who acted, pages them, and refuses members', async () => {
    const [a, b, mod, someone] = await Promise.all([member(), member(), moderator(), member()]);
    const first = await strikeAgainst(a, mod, { account: 'warn' });
    const second = await strikeAgainst(b, mod, { content: 'hide' });
    await strikeAgainst(b, mod, { account: 'warn' }); // never appealed: not in the queue
    await ok(await appeal(a, first.strikeId, 'First'));
    await ok(await appeal(b, second.strikeId, 'Second'));

    const page1 = await queue(mod, '?limit=1');
    expect(page1.data).toHaveLength(1);
    expect(page1.data[0]).toMatchObject({
      strike: { id: first.strikeId, appeal: { state: 'pending', text: 'First' } },
      author: { id: a.user.id, username: a.user.username },
      actedBy: { id: mod.user.id, username: mod.user.username },
    });
    const page2 = await queue(mod, `?limit=1&cursor=${page1.meta.nextCursor}`);
    expect(page2.data.map((x: { strike: { id: string } }) => x.strike.id)).toEqual([second.strikeId]);
    expect(page2.meta.nextCursor).toBeNull();
    expect((await api('GET', '/moderation/appeals?cursor=forged', mod.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/moderation/appeals?state=nope', mod.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/moderation/appeals', someone.cookie)).statusCode).toBe(403);
    expect((await api('GET', '/moderation/appeals')).statusCode).toBe(401);
  });

  it('the moderator who acted may not decide; another lifts: suspension ended, content restored, audited, told', async () => {
    const [author, actor, second] = await Promise.all([member(), moderator(), moderator()]);
    const { strikeId, postId } = await strikeAgainst(author, actor, {
      content: 'hide',
      account: 'suspend',
      days: 7,
    });
    const token = (await login(author.user.username)).json().suspension.appealToken;
    await ok(await api('POST', '/appeals/by-link', undefined, { token, text: 'It was real' }));

    const own = await decide(actor, strikeId, 'lift');
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(
      'You made this decision, so another moderator must decide its appeal. Leave it for a colleague.',
    );
    expect((await decide(second, strikeId, 'maybe')).statusCode).toBe(400);
    expect((await decide(second, strikeId, 'lift', '')).statusCode).toBe(400);
    expect((await suspendedUntil(author.user.id)).until).not.toBeNull();

    const lifted = await decide(second, strikeId, 'lift', 'The drive is registered with the council');
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data).toMatchObject({
      lifted: true,
      appeal: { state: 'lifted', decisionReason: 'The drive is registered with the council' },
    });
    expect(await suspendedUntil(author.user.id)).toEqual({ until: null, limited: null });
    expect(restored).toEqual([{ targetType: 'post', targetId: postId }]);
    expect((await login(author.user.username)).statusCode).toBe(200);
    expect(await auditFor(strikeId)).toEqual([
      expect.objectContaining({ action: 'case.action', actorId: actor.user.id }),
      {
        action: 'appeal.lift',
        actorId: second.user.id,
        subjectId: author.user.id,
        reason: 'The drive is registered with the council',
      },
    ]);
    const told = await t.db
      .selectFrom('notifications')
      .select(['kind', 'subType', 'message', 'commentContent', 'senderId'])
      .where('userId', '=', author.user.id)
      .where('subType', '=', 'appealDecided')
      .execute();
    expect(told).toEqual([
      {
        kind: 'safety',
        subType: 'appealDecided',
        senderId: null,
        commentContent: 'The drive is registered with the council',
        message:
          'Your appeal was accepted: the decision about the rule “No scams or fake appeals for money” is lifted and no longer counts against you.',
      },
    ]);

    // Decided: once; it leaves the pending queue for the decided one.
    expect((await decide(second, strikeId, 'uphold')).statusCode).toBe(409);
    expect((await queue(second)).data).toEqual([]);
    expect((await queue(second, '?state=decided')).data[0].strike.id).toBe(strikeId);
  });

  it('uphold keeps what the strike did; a lifted limit ends while another strike’s stays', async () => {
    const [author, actor, second] = await Promise.all([member(), moderator(), moderator()]);
    const suspension = await strikeAgainst(author, actor, { account: 'suspend', days: 3 });
    const token = (await login(author.user.username)).json().suspension.appealToken;
    await ok(await api('POST', '/appeals/by-link', undefined, { token, text: 'Please' }));
    const upheld = await decide(second, suspension.strikeId, 'uphold', 'The account sells fake tickets');
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json().data).toMatchObject({ lifted: false, appeal: { state: 'upheld' } });
    expect((await suspendedUntil(author.user.id)).until).not.toBeNull();
    expect((await login(author.user.username)).statusCode).toBe(403);
    expect((await auditFor(suspension.strikeId)).map((e) => e.action)).toEqual([
      'case.action',
      'appeal.uphold',
    ]);

    // Two limits: lifting the longer leaves the shorter in force.
    const other = await member();
    const short = await strikeAgainst(other, actor, { account: 'limit', days: 1 });
    const long = await strikeAgainst(other, actor, { account: 'limit', days: 30 });
    const { limited: before } = await suspendedUntil(other.user.id);
    expect(before!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    await ok(await appeal(other, long.strikeId, 'Too long'));
    await ok(await decide(second, long.strikeId, 'lift'));
    const { limited: after } = await suspendedUntil(other.user.id);
    expect(after!.getTime()).toBeLessThan(Date.now() + 1.01 * 86_400_000);
    const shortRow = await t.db
      .selectFrom('moderationStrikes')
      .select('endsAt')
      .where('id', '=', short.strikeId)
      .executeTakeFirstOrThrow();
    expect(after!.getTime()).toBe(shortRow.endsAt!.getTime());
  });

  it('members cannot decide, and a moderator cannot decide an admin’s appeal', async () => {
    const [boss, actor, mod, someone] = await Promise.all([
      signedInUser(t, { role: 'admin' }),
      signedInUser(t, { role: 'admin' }),
      moderator(),
      member(),
    ]);
    const { strikeId } = await strikeAgainst(boss, actor, { account: 'warn' });
    await ok(await appeal(boss, strikeId, 'Wrong'));
    expect((await decide(someone, strikeId, 'lift')).statusCode).toBe(403);
    expect((await decide(mod, strikeId, 'lift')).statusCode).toBe(403);
    expect((await decide(mod, '0190a000-0000-7000-8000-000000000000', 'lift')).statusCode).toBe(404);
    expect(
      (
        await api('POST', `/moderation/appeals/${strikeId}/decide`, undefined, {
          decision: 'lift',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(401);
  });
});
