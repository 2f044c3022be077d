import { randomUUID } from 'node:crypto';
import { REPORT_REVIEWED_MESSAGE } from '@muster/contract/moderation-queue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * The moderation queue (issue 35 item 2, decision 068), through the real routes: reports filed
 * into cases with their snapshots, the queue's order and filters, assignment, notes, dismissal.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test reads the queue from the top: cases from earlier tests would sort among its own.
beforeEach(async () => {
  await t.db.deleteFrom('moderationCases').execute();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const ok = async (res: Awaited<ReturnType<typeof api>>) => {
  if (res.statusCode >= 300) throw new Error(`setup: ${res.statusCode} ${res.body}`);
  return res.json();
};
const member = () => signedInUser(t);
const moderator = () => signedInUser(t, { role: 'moderator' });
const postOf = async (who: Person, content: string, title = ''): Promise<string> =>
  (
    await ok(
      await api('POST', '/posts/create', who.cookie, { content, title, kind: 'need', category: 'Transport' }),
    )
  ).data._id;
const report = (who: Person, targetType: string, targetId: string, reason = 'spam', note = '') =>
  api('POST', '/reports', who.cookie, { targetType, targetId, reason, note });
const queue = async (mod: Person, query = '') =>
  await ok(await api('GET', `/moderation/cases${query}`, mod.cookie));
const caseOf = async (mod: Person, id: string) =>
  (await ok(await api('GET', `/moderation/cases/${id}`, mod.cookie))).data;
const notices = async (who: Person) =>
  (await ok(await api('GET', '/notifications', who.cookie))).data as { message: string; sender: unknown }[];

describe('reports become cases', () => {
  it('keeps the post as it was when reported, through an edit and a deletion', async () => {
    // The author is past their first day: a new account's request for money is held and filed by
    // the server itself (decision 072, watch.test.ts), which this test of reports is not about.
    const [author, reporter, mod] = await Promise.all([
      signedInUser(t, { createdAt: new Date(Date.now() - 2 * 86_400_000) }),
      member(),
      moderator(),
    ]);
    const postId = await postOf(author, 'Send money for the shelter to this account', 'Shelter drive');
    expect((await report(reporter, 'post', postId, 'spam', 'Fake drive')).statusCode).toBe(200);
    await ok(await api('PATCH', `/posts/${postId}`, author.cookie, { content: 'Nothing to see here' }));
    const [listed] = (await queue(mod)).data;
    expect(listed).toMatchObject({
      targetType: 'post',
      targetId: postId,
      reporterCount: 1,
      reasons: [{ reason: 'spam', count: 1 }],
      snapshot: {
        type: 'post',
        kind: 'need',
        title: 'Shelter drive',
        content: 'Send money for the shelter to this account',
        author: { id: author.user.id, username: author.user.username },
      },
      author: { id: author.user.id },
    });
    await ok(await api('DELETE', `/posts/${postId}`, author.cookie));
    const detail = await caseOf(mod, listed.id);
    expect(detail.reports).toHaveLength(1);
    expect(detail.reports[0]).toMatchObject({ reason: 'spam', note: 'Fake drive' });
    expect(detail.reports[0].snapshot.content).toBe('Send money for the shelter to this account');
    // Reporters are never named to the moderator either: no id of theirs anywhere in the case.
    expect(JSON.stringify(detail)).not.toContain(reporter.user.id);
  });

  it('snapshots a comment, a person, a collaboration request, a message and a chat request', async () => {
    const [author, reporter, mod] = await Promise.all([member(), member(), moderator()]);
    const postId = await postOf(author, 'A post with a comment');
    const comment = await ok(
      await api('POST', `/posts/${postId}/comments`, author.cookie, { content: 'A rude comment' }),
    );
    const collab = await ok(
      await api('POST', '/collaboration', author.cookie, { title: 'Fake fund', description: 'Pay first' }),
    );
    await ok(
      await api('POST', '/chats/send', author.cookie, {
        recipientId: reporter.user.id,
        message: 'Hi, pay me',
      }),
    );
    const message = await t.db
      .selectFrom('chatMessages')
      .select('id')
      .where('senderId', '=', author.user.id)
      .executeTakeFirstOrThrow();
    // A stranger who takes messages from connections only gets a chat request instead.
    const careful = await signedInUser(t, { messagePolicy: 'connections' });
    await ok(
      await api('POST', '/chats/send', author.cookie, { recipientId: careful.user.id, message: 'Wire me' }),
    );
    const request = await t.db
      .selectFrom('chatRequests')
      .select('id')
      .where('senderId', '=', author.user.id)
      .executeTakeFirstOrThrow();

    for (const [type, id] of [
      ['comment', comment.data._id],
      ['user', author.user.id],
      ['collaboration', collab.data._id],
      ['message', message.id],
    ] as const)
      expect((await report(reporter, type, id)).statusCode).toBe(200);
    expect((await report(careful, 'message', request.id)).statusCode).toBe(200);

    const snaps = Object.fromEntries(
      ((await queue(mod)).data as { targetId: string; snapshot: Record<string, unknown> }[]).map((c) => [
        c.targetId,
        c.snapshot,
      ]),
    );
    expect(snaps[comment.data._id]).toMatchObject({ type: 'comment', content: 'A rude comment', postId });
    expect(snaps[author.user.id]).toMatchObject({
      type: 'user',
      person: { id: author.user.id, firstName: author.user.firstName },
      headline: author.user.headline,
    });
    expect(snaps[collab.data._id]).toMatchObject({
      type: 'collaboration',
      title: 'Fake fund',
      description: 'Pay first',
    });
    expect(snaps[message.id]).toMatchObject({ type: 'message', body: 'Hi, pay me', chatRequest: false });
    expect(snaps[request.id]).toMatchObject({ type: 'message', body: 'Wire me', chatRequest: true });
  });

  it('groups reports of one thing into one case and counts its reporters, blockers included', async () => {
    const [author, r1, r2, r3, mod] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      moderator(),
    ]);
    const postId = await postOf(author, 'Price gouging: water at 50 a bottle');
    // Block, then report: the usual way, and the report still counts.
    await ok(await api('POST', `/users/${author.user.id}/block`, r3.cookie));
    for (const [who, reason] of [
      [r1, 'spam'],
      [r2, 'spam'],
      [r3, 'misinformation'],
    ] as const)
      expect((await report(who, 'post', postId, reason)).statusCode).toBe(200);
    const { data } = await queue(mod);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      reporterCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'misinformation', count: 1 },
      ],
    });
    // A report failing (a second one by the same person) files nothing.
    expect((await report(r1, 'post', postId)).statusCode).toBe(409);
    expect((await queue(mod)).data[0].reporterCount).toBe(3);
  });

  it('puts danger first, then more reporters, then the oldest; pages in that order', async () => {
    const [author, mod, ...reporters] = await Promise.all([
      member(),
      moderator(),
      member(),
      member(),
      member(),
    ]);
    const [oldOne, busy, newer, dangerous] = [
      await postOf(author, 'Old, one report'),
      await postOf(author, 'Three reports'),
      await postOf(author, 'Newer, one report'),
      await postOf(author, 'Dangerous, one report'),
    ];
    await report(reporters[0]!, 'post', oldOne);
    for (const r of reporters) await report(r, 'post', busy);
    await report(reporters[0]!, 'post', newer);
    await report(reporters[1]!, 'post', dangerous, 'danger');
    const order = [dangerous, busy, oldOne, newer];
    expect((await queue(mod)).data.map((c: { targetId: string }) => c.targetId)).toEqual(order);
    expect((await queue(mod)).data[0].danger).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { targetId: string }[]; meta: { nextCursor: string | null } } = await queue(
        mod,
        `?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.data.map((c) => c.targetId));
      cursor = page.meta.nextCursor;
    } while (cursor && seen.length < 10);
    expect(seen).toEqual(order);

    expect((await queue(mod, '?reason=danger')).data.map((c: { targetId: string }) => c.targetId)).toEqual([
      dangerous,
    ]);
    expect((await queue(mod, '?targetType=user')).data).toEqual([]);
  });
});

describe('working a case', () => {
  it('assigns to oneself, to another moderator, back to nobody; never to a member', async () => {
    const [author, reporter, mod, other] = await Promise.all([member(), member(), moderator(), moderator()]);
    await report(reporter, 'post', await postOf(author, 'Assign me'));
    const [c] = (await queue(mod)).data;
    const mine = await ok(
      await api('PUT', `/moderation/cases/${c.id}/assignee`, mod.cookie, { assigneeId: mod.user.id }),
    );
    expect(mine.data.assignee).toMatchObject({ id: mod.user.id, username: mod.user.username });
    expect((await queue(mod, '?assigned=me')).data).toHaveLength(1);
    expect((await queue(mod, '?assigned=unassigned')).data).toHaveLength(0);
    const theirs = await ok(
      await api('PUT', `/moderation/cases/${c.id}/assignee`, mod.cookie, { assigneeId: other.user.id }),
    );
    expect(theirs.data.assignee.id).toBe(other.user.id);
    expect((await queue(mod, '?assigned=me')).data).toHaveLength(0);
    const refused = await api('PUT', `/moderation/cases/${c.id}/assignee`, mod.cookie, {
      assigneeId: reporter.user.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('assigneeId');
    const nobody = await ok(
      await api('PUT', `/moderation/cases/${c.id}/assignee`, mod.cookie, { assigneeId: null }),
    );
    expect(nobody.data.assignee).toBeNull();
    const audit = await t.db
      .selectFrom('moderationAudit')
      .selectAll()
      .where('action', '=', 'case.assign')
      .execute();
    expect(audit.filter((a) => (a.details as { caseId?: string }).caseId === c.id)).toHaveLength(3);
  });

  it('keeps notes for staff: nobody else reads the case', async () => {
    const [author, reporter, mod] = await Promise.all([member(), member(), moderator()]);
    await report(reporter, 'post', await postOf(author, 'Note me'));
    const [c] = (await queue(mod)).data;
    const added = await ok(
      await api('POST', `/moderation/cases/${c.id}/notes`, mod.cookie, { body: 'Same pattern as last week' }),
    );
    expect(added.data).toMatchObject({ body: 'Same pattern as last week', author: { id: mod.user.id } });
    expect((await caseOf(mod, c.id)).notes.map((n: { body: string }) => n.body)).toEqual([
      'Same pattern as last week',
    ]);
    for (const who of [author, reporter]) {
      expect((await api('GET', `/moderation/cases/${c.id}`, who.cookie)).statusCode).toBe(403);
      expect((await api('GET', '/moderation/cases', who.cookie)).statusCode).toBe(403);
      expect(JSON.stringify(await notices(who))).not.toContain('Same pattern');
    }
    const empty = await api('POST', `/moderation/cases/${c.id}/notes`, mod.cookie, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('body');
  });

  it('dismisses: closes, audits, tells each reporter once without naming anyone', async () => {
    const [author, r1, r2, mod] = await Promise.all([member(), member(), member(), moderator()]);
    const postId = await postOf(author, 'Disputed but fine');
    await report(r1, 'post', postId, 'misinformation');
    await report(r2, 'post', postId, 'spam');
    const [c] = (await queue(mod)).data;
    const noReason = await api('POST', `/moderation/cases/${c.id}/dismiss`, mod.cookie, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const done = await ok(
      await api('POST', `/moderation/cases/${c.id}/dismiss`, mod.cookie, { reason: 'Accurate local news' }),
    );
    expect(done.data).toMatchObject({
      status: 'closed',
      resolution: 'dismissed',
      resolutionReason: 'Accurate local news',
      closedBy: { id: mod.user.id },
    });
    expect((await queue(mod)).data).toHaveLength(0);
    expect((await queue(mod, '?status=closed')).data.map((x: { id: string }) => x.id)).toEqual([c.id]);
    // Twice is refused, and tells nobody again.
    expect(
      (await api('POST', `/moderation/cases/${c.id}/dismiss`, mod.cookie, { reason: 'Again' })).statusCode,
    ).toBe(409);

    const audit = await t.db
      .selectFrom('moderationAudit')
      .selectAll()
      .where('action', '=', 'case.dismiss')
      .where('targetId', '=', postId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: mod.user.id,
      subjectId: author.user.id,
      reason: 'Accurate local news',
    });

    for (const r of [r1, r2]) {
      const told = (await notices(r)).filter((n) => n.message === REPORT_REVIEWED_MESSAGE);
      expect(told).toHaveLength(1);
      expect(told[0]!.sender).toBeNull();
      const said = JSON.stringify(told);
      for (const name of [author.user.username, author.user.firstName, mod.user.username, mod.user.firstName])
        expect(said).not.toContain(name);
    }
    expect((await notices(author)).some((n) => n.message === REPORT_REVIEWED_MESSAGE)).toBe(false);

    // The author's record on a new case counts the dismissed one.
    await report(r1, 'user', author.user.id);
    const [next] = (await queue(mod)).data;
    const history = (await caseOf(mod, next.id)).authorHistory;
    expect(history).toMatchObject({ dismissedCount: 1, actionedCount: 0, earlierCases: [{ id: c.id }] });
    expect(new Date(history.joinedAt).getTime()).toBe(author.user.createdAt.getTime());
  });

  it('a report after dismissal opens a new case', async () => {
    const [author, r1, r2, mod] = await Promise.all([member(), member(), member(), moderator()]);
    const postId = await postOf(author, 'Reported again later');
    await report(r1, 'post', postId);
    const [first] = (await queue(mod)).data;
    await ok(await api('POST', `/moderation/cases/${first.id}/dismiss`, mod.cookie, { reason: 'Fine' }));
    await report(r2, 'post', postId, 'danger');
    const [second] = (await queue(mod)).data;
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ reporterCount: 1, danger: true });
  });
});

describe('who may', () => {
  it('answers 401 signed out, 403 to members, 404 for no case, 400 for bad input', async () => {
    const [someone, mod] = await Promise.all([member(), moderator()]);
    const id = randomUUID();
    for (const [method, path, body] of [
      ['GET', '/moderation/cases', undefined],
      ['GET', `/moderation/cases/${id}`, undefined],
      ['PUT', `/moderation/cases/${id}/assignee`, { assigneeId: null }],
      ['POST', `/moderation/cases/${id}/notes`, { body: 'x' }],
      ['POST', `/moderation/cases/${id}/dismiss`, { reason: 'x' }],
    ] as const) {
      expect((await api(method, path, undefined, body)).statusCode).toBe(401);
      expect((await api(method, path, someone.cookie, body)).statusCode).toBe(403);
      if (method !== 'GET' || path !== '/moderation/cases')
        expect((await api(method, path, mod.cookie, body)).statusCode).toBe(404);
    }
    for (const query of [
      '?status=maybe',
      '?reason=rude',
      '?targetType=mission',
      '?assigned=them',
      '?cursor=nope',
    ])
      expect((await api('GET', `/moderation/cases${query}`, mod.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/moderation/cases/not-a-uuid', mod.cookie)).statusCode).toBe(400);
    expect(
      (await api('POST', `/moderation/cases/${id}/dismiss`, mod.cookie, { reason: 'x', extra: 1 }))
        .statusCode,
    ).toBe(400);
    // Nothing was written by any refusal.
    expect(await t.db.selectFrom('moderationCaseNotes').selectAll().execute()).toEqual([]);
  });

  it('lets an admin work the queue too', async () => {
    const admin = await signedInUser(t, { role: 'admin' });
    expect((await api('GET', '/moderation/cases', admin.cookie)).statusCode).toBe(200);
  });
});
