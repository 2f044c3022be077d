import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { emitEvent, apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { MESSAGE_BUDGET } from '../../platform/limits.js';

let t: TestApp;
/** What the real hub delivered (issue 15), as the socket layer sees it. */
let live: ReturnType<typeof recordDeliveries>;
beforeAll(async () => {
  t = await buildTestApp();
  live = recordDeliveries(t);
});
beforeEach(() => live.clear());
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
const messageCount = async () => (await t.db.selectFrom('chatMessages').select('id').execute()).length;
const chatCount = async () => (await t.db.selectFrom('chats').select('id').execute()).length;

describe('direct messages', () => {
  it('opens one chat per pair on the first message; the recipient sees it unread until they read it', async () => {
    const ana = await signedInUser(t, { firstName: 'Ana' });
    const ben = await signedInUser(t, { firstName: 'Ben' });

    const sent = await api('POST', '/chats/send', ana.cookie, {
      recipientId: ben.user.id,
      message: '  Hi Ben, about your request…  ',
    });
    expect(sent.statusCode).toBe(200);
    const first = sent.json().data;
    expect(first).toMatchObject({
      message: 'Hi Ben, about your request…',
      sender: { _id: ana.user.id, firstName: 'Ana' },
    });
    const reply = (
      await api('POST', '/chats/send', ben.cookie, { recipientId: ana.user.id, message: 'Hello Ana!' })
    ).json().data;
    expect(reply.chatId).toBe(first.chatId);
    await api('POST', '/chats/send', ana.cookie, {
      recipientId: ben.user.id,
      message: 'Can you help on Saturday?',
    });

    const benChats = (await api('GET', '/chats', ben.cookie)).json().data;
    expect(benChats).toEqual([
      expect.objectContaining({
        _id: first.chatId,
        kind: 'direct',
        otherUser: expect.objectContaining({ _id: ana.user.id, firstName: 'Ana' }),
        lastMessage: expect.objectContaining({ message: 'Can you help on Saturday?', senderId: ana.user.id }),
        unreadCount: 1,
      }),
    ]);
    expect((await api('GET', '/chats', ana.cookie)).json().data[0].unreadCount).toBe(0);

    const convo = await api('GET', `/chats/${first.chatId}/messages`, ben.cookie);
    expect(convo.statusCode).toBe(200);
    expect(convo.json().data.messages.map((m: { message: string }) => m.message)).toEqual([
      'Can you help on Saturday?',
      'Hello Ana!',
      'Hi Ben, about your request…',
    ]);
    expect(convo.json().data.chat.unreadCount).toBe(1);
    const read = await api('PUT', `/chats/${first.chatId}/read`, ben.cookie);
    expect(read.statusCode).toBe(204);
    expect(read.body).toBe('');
    expect((await api('GET', '/chats', ben.cookie)).json().data[0].unreadCount).toBe(0);
  });

  it('pages a long conversation newest first', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    for (let i = 0; i < 5; i++)
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: `m${i}` });
    const chatId = (await api('GET', '/chats', a.cookie)).json().data[0]._id;
    const p1 = (await api('GET', `/chats/${chatId}/messages?limit=3`, b.cookie)).json();
    expect(p1.data.messages.map((m: { message: string }) => m.message)).toEqual(['m4', 'm3', 'm2']);
    const p2 = (
      await api('GET', `/chats/${chatId}/messages?limit=3&cursor=${p1.meta.nextCursor}`, b.cookie)
    ).json();
    expect(p2.data.messages.map((m: { message: string }) => m.message)).toEqual(['m1', 'm0']);
    expect(p2.meta.nextCursor).toBeNull();
  });

  it('keeps conversations private: a third person gets 404', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const c = await signedInUser(t);
    const chatId = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'private' })
    ).json().data.chatId;
    expect((await api('GET', `/chats/${chatId}/messages`, c.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/chats/${chatId}/messages`)).statusCode).toBe(401);
    expect((await api('GET', '/chats', c.cookie)).json().data).toEqual([]);
  });

  it('reads a conversation without changing it: only PUT …/read marks it read, and only for a member', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const c = await signedInUser(t);
    const chatId = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'one' })
    ).json().data.chatId;
    await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'two' });
    const unread = async () => (await api('GET', '/chats', b.cookie)).json().data[0].unreadCount;
    const marks = async () =>
      (
        await t.db
          .selectFrom('chatMembers')
          .select(['userId', 'lastReadAt'])
          .where('chatId', '=', chatId)
          .orderBy('userId')
          .execute()
      ).map((m) => `${m.userId}@${m.lastReadAt.toISOString()}`);

    const before = await marks();
    for (let i = 0; i < 3; i++)
      expect((await api('GET', `/chats/${chatId}/messages`, b.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/chats/${chatId}/messages?limit=1`, b.cookie)).statusCode).toBe(200);
    expect(await unread()).toBe(2);
    expect(await marks()).toEqual(before);

    // Someone else's conversation, no conversation, no session, no id: nothing moves.
    expect((await api('PUT', `/chats/${chatId}/read`, c.cookie)).statusCode).toBe(404);
    expect((await api('PUT', '/chats/01a20000-0000-7000-8000-000000000000/read', b.cookie)).statusCode).toBe(
      404,
    );
    expect((await api('PUT', `/chats/${chatId}/read`)).statusCode).toBe(401);
    expect((await api('PUT', '/chats/nope/read', b.cookie)).statusCode).toBe(400);
    expect(await marks()).toEqual(before);
    expect(await unread()).toBe(2);

    expect((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode).toBe(204);
    expect(await unread()).toBe(0);
    // Only the reader's own mark moved.
    const after = await marks();
    expect(after.filter((m) => m.startsWith(a.user.id))).toEqual(
      before.filter((m) => m.startsWith(a.user.id)),
    );
    // A message after the read is unread again.
    await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'three' });
    expect(await unread()).toBe(1);
  });

  it('limits marking read per account', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const chatId = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'hi' })
    ).json().data.chatId;
    const codes: number[] = [];
    for (let i = 0; i < 120; i++)
      codes.push((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode);
    expect(new Set(codes)).toEqual(new Set([204]));
    const limited = await api('PUT', `/chats/${chatId}/read`, b.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Someone else from the same address still has their own budget.
    expect((await api('PUT', `/chats/${chatId}/read`, a.cookie)).statusCode).toBe(204);
  });

  it('refuses blank messages, messages to oneself and to nobody, writing nothing', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const before = await messageCount();
    const blank = await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([{ path: 'message', message: 'Write a message' }]);
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: a.user.id, message: 'me' })).statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', '/chats/send', a.cookie, {
          recipientId: '01a20000-0000-7000-8000-000000000000',
          message: 'hi',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: 'nobody', message: 'hi' })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/chats/send', undefined, { recipientId: b.user.id, message: 'hi' })).statusCode,
    ).toBe(401);
    expect(await messageCount()).toBe(before);
  });

  it('stops blocked people messaging each other, both ways', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await t.db.insertInto('blocks').values({ blockerId: b.user.id, blockedId: a.user.id }).execute();
    const [messagesBefore, chatsBefore] = [await messageCount(), await chatCount()];
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'hi' })).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/chats/send', b.cookie, { recipientId: a.user.id, message: 'hi' })).statusCode,
    ).toBe(403);
    // Not even an empty chat is opened between them.
    expect([await messageCount(), await chatCount()]).toEqual([messagesBefore, chatsBefore]);
  });

  it('treats an id written in capitals as the same person and the same chat', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    const first = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'one' })
    ).json().data;
    const again = await api('POST', '/chats/send', a.cookie, {
      recipientId: b.user.id.toUpperCase(),
      message: 'two',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.chatId).toBe(first.chatId);
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: a.user.id.toUpperCase(), message: 'me' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('the per-account budget on direct messages (issue 11, 7e)', () => {
  const SCALE = 0.1;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(limited)(...args);

  it('answers 429 with Retry-After once an account has sent its budget, whoever it writes to', async () => {
    // An account past its first day: a new one's budget for strangers is tested in new-account.test.ts.
    const me = await signedInUser(limited, { createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const [ana, ben] = [await signedInUser(limited), await signedInUser(limited)];
    const max = Math.max(1, Math.round(MESSAGE_BUDGET.max * SCALE));
    for (let i = 0; i < max; i++) {
      const to = i % 2 ? ana : ben;
      expect(
        (await call('POST', '/chats/send', me.cookie, { recipientId: to.user.id, message: `m${i}` }))
          .statusCode,
      ).toBe(200);
    }
    const refused = await call('POST', '/chats/send', me.cookie, {
      recipientId: ana.user.id,
      message: 'one too many',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json().code).toBe('RATE_LIMITED');
    const sent = await limited.db
      .selectFrom('chatMessages')
      .select('id')
      .where('senderId', '=', me.user.id)
      .execute();
    expect(sent.length).toBe(max);
    // Ana's own budget is hers: she can still answer.
    expect(
      (await call('POST', '/chats/send', ana.cookie, { recipientId: me.user.id, message: 'slow down!' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('chat requests and mission join requests', () => {
  // Their session check and their shape (every test response is checked against its schema); what
  // they list is tested in chat-requests.test.ts and in the mission chats below.
  it.each(['/chats/requests', '/chats/join-requests'])(
    '%s needs a session and answers a list',
    async (url) => {
      const { cookie } = await signedInUser(t);
      const anonymous = await api('GET', url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      const res = await api('GET', url, cookie);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json().data)).toBe(true);
    },
  );
});

describe('mission chats (issue 12)', () => {
  type Person = Awaited<ReturnType<typeof signedInUser>>;
  /** A mission as the missions feature leaves it: its rows, then its event (the chat follows the event). */
  async function mission(owner: Person, title = 'Community garden') {
    const missionId = newId();
    await t.db
      .insertInto('missions')
      .values({ id: missionId, ownerId: owner.user.id, title, type: 'partnership' })
      .execute();
    await t.db
      .insertInto('missionMembers')
      .values({ missionId, userId: owner.user.id, role: 'owner' })
      .execute();
    await emitEvent(t, 'mission.created', { missionId, ownerId: owner.user.id, title });
    return missionId;
  }
  async function join(missionId: string, p: Person) {
    await t.db
      .insertInto('missionMembers')
      .values({ missionId, userId: p.user.id, role: 'collaborator' })
      .execute();
    await emitEvent(t, 'mission.member_joined', { missionId, userId: p.user.id });
  }
  async function leave(missionId: string, p: Person) {
    await t.db
      .deleteFrom('missionMembers')
      .where('missionId', '=', missionId)
      .where('userId', '=', p.user.id)
      .execute();
    await emitEvent(t, 'mission.member_left', { missionId, userId: p.user.id });
  }
  const missionChat = async (p: Person, missionId: string) =>
    (
      (await api('GET', '/chats', p.cookie)).json().data as {
        _id: string;
        mission?: { _id: string } | null;
      }[]
    ).find((c) => c.mission?._id === missionId);

  it('is made with the mission, the owner in it, and listed with the mission’s title and photo', async () => {
    const owner = await signedInUser(t);
    const missionId = await mission(owner);
    const chats = (await api('GET', '/chats', owner.cookie)).json().data;
    expect(chats).toEqual([
      expect.objectContaining({
        kind: 'mission',
        otherUser: null,
        mission: { _id: missionId, title: 'Community garden', photo: '/mission-default.svg' },
        lastMessage: null,
        unreadCount: 0,
      }),
    ]);
    const members = await t.db
      .selectFrom('chatMembers')
      .select('userId')
      .where('chatId', '=', chats[0]._id)
      .execute();
    expect(members.map((m) => m.userId)).toEqual([owner.user.id]);
    // The event again (a retry) makes no second chat.
    await emitEvent(t, 'mission.created', {
      missionId,
      ownerId: owner.user.id,
      title: 'Community garden',
    });
    expect(
      (await t.db.selectFrom('chats').select('id').where('missionId', '=', missionId).execute()).length,
    ).toBe(1);
  });

  it('lets members talk once they join, counts unread messages, and shuts out whoever leaves', async () => {
    const [owner, ana, ben] = [
      await signedInUser(t, { firstName: 'Owen' }),
      await signedInUser(t, { firstName: 'Ana' }),
      await signedInUser(t),
    ];
    const missionId = await mission(owner);
    const chatId = (await missionChat(owner, missionId))!._id;
    expect(await missionChat(ana, missionId)).toBeUndefined();
    expect((await api('GET', `/chats/${chatId}/messages`, ana.cookie)).statusCode).toBe(404);

    await join(missionId, ana);
    await join(missionId, ben);
    const hello = await api('POST', `/chats/${chatId}/messages`, owner.cookie, {
      message: '  Welcome, team!  ',
    });
    expect(hello.statusCode).toBe(200);
    expect(hello.json().data).toMatchObject({
      chatId,
      message: 'Welcome, team!',
      sender: { _id: owner.user.id, firstName: 'Owen' },
    });
    expect(
      (await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'Happy to help' })).statusCode,
    ).toBe(200);

    expect(await missionChat(ben, missionId)).toMatchObject({
      kind: 'mission',
      otherUser: null,
      unreadCount: 2,
      lastMessage: { message: 'Happy to help', senderId: ana.user.id },
    });
    expect(await missionChat(owner, missionId)).toMatchObject({ unreadCount: 1 });
    expect(await missionChat(ana, missionId)).toMatchObject({ unreadCount: 0 });
    const page = await api('GET', `/chats/${chatId}/messages`, ben.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.messages.map((m: { message: string }) => m.message)).toEqual([
      'Happy to help',
      'Welcome, team!',
    ]);
    expect((await api('PUT', `/chats/${chatId}/read`, ben.cookie)).statusCode).toBe(204);
    expect(await missionChat(ben, missionId)).toMatchObject({ unreadCount: 0 });

    await leave(missionId, ana);
    expect(await missionChat(ana, missionId)).toBeUndefined();
    expect((await api('GET', `/chats/${chatId}/messages`, ana.cookie)).statusCode).toBe(404);
    const late = await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'Still here?' });
    expect(late.statusCode).toBe(404);
    expect(
      await t.db
        .selectFrom('chatMessages')
        .select('body')
        .where('chatId', '=', chatId)
        .orderBy('createdAt')
        .execute(),
    ).toEqual([{ body: 'Welcome, team!' }, { body: 'Happy to help' }]);
    expect(await missionChat(owner, missionId)).toBeDefined();
  });

  it('leaves out the messages of a member blocked either way, and the chat of an owner who blocked me', async () => {
    const [owner, ana, ben] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const missionId = await mission(owner);
    await join(missionId, ana);
    await join(missionId, ben);
    const chatId = (await missionChat(owner, missionId))!._id;
    await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'From Ana' });
    await api('POST', `/chats/${chatId}/messages`, owner.cookie, { message: 'From the owner' });
    expect((await api('POST', `/users/${ana.user.id}/block`, ben.cookie)).statusCode).toBe(200);
    expect(await missionChat(ben, missionId)).toMatchObject({
      unreadCount: 1,
      lastMessage: { message: 'From the owner' },
    });
    expect(
      (await api('GET', `/chats/${chatId}/messages`, ben.cookie))
        .json()
        .data.messages.map((m: { message: string }) => m.message),
    ).toEqual(['From the owner']);
    expect((await api('POST', `/users/${ben.user.id}/block`, owner.cookie)).statusCode).toBe(200);
    expect(await missionChat(ben, missionId)).toBeUndefined();
    expect(
      (await api('POST', `/chats/${chatId}/messages`, ben.cookie, { message: 'Hello?' })).statusCode,
    ).toBe(404);
  });

  it('answers 401 signed out, 400 for a blank message and 404 to a stranger, writing nothing', async () => {
    const [owner, stranger] = [await signedInUser(t), await signedInUser(t)];
    const missionId = await mission(owner);
    const chatId = (
      await t.db.selectFrom('chats').select('id').where('missionId', '=', missionId).executeTakeFirstOrThrow()
    ).id;
    expect((await api('POST', `/chats/${chatId}/messages`, undefined, { message: 'Hi' })).statusCode).toBe(
      401,
    );
    for (const body of [
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      {},
      { message: 'Hi', recipientId: owner.user.id },
    ]) {
      expect(
        (await api('POST', `/chats/${chatId}/messages`, owner.cookie, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    expect(
      (await api('POST', `/chats/${chatId}/messages`, stranger.cookie, { message: 'Let me in' })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/chats/${newId()}/messages`, owner.cookie, { message: 'Anyone?' })).statusCode,
    ).toBe(404);
    expect(
      (await api('POST', '/chats/not-an-id/messages', owner.cookie, { message: 'Anyone?' })).statusCode,
    ).toBe(400);
    expect(await t.db.selectFrom('chatMessages').select('id').where('chatId', '=', chatId).execute()).toEqual(
      [],
    );
  });

  it('follows the missions routes: made with the mission, joined on approval, left on leaving, gone with the mission', async () => {
    const [owner, ana] = [await signedInUser(t), await signedInUser(t)];
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Street library', type: 'partnership' })
    ).json().data._id as string;
    const chatId = (await api('GET', `/missions/${missionId}`, owner.cookie)).json().data.chatId as string;
    expect(await missionChat(owner, missionId)).toMatchObject({
      _id: chatId,
      mission: { title: 'Street library' },
    });
    await api('POST', `/missions/${missionId}/join`, ana.cookie, { role: 'partner' });
    expect(await missionChat(ana, missionId)).toBeUndefined();
    const requestId = (await api('GET', '/chats/join-requests', owner.cookie)).json().data[0]._id;
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${requestId}/approve`, owner.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'Thanks for having me' }))
        .statusCode,
    ).toBe(200);
    expect(await missionChat(owner, missionId)).toMatchObject({ unreadCount: 1 });
    expect((await api('DELETE', `/missions/${missionId}/members/me`, ana.cookie)).statusCode).toBeLessThan(
      300,
    );
    expect((await api('GET', `/chats/${chatId}/messages`, ana.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/missions/${missionId}`, owner.cookie)).statusCode).toBeLessThan(300);
    expect(await missionChat(owner, missionId)).toBeUndefined();
    expect(await messagesIn(chatId)).toEqual([]);
  });

  it('sends into a direct chat by its id under the direct-message rules', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const chatId = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'Hi' })
    ).json().data.chatId;
    const reply = await api('POST', `/chats/${chatId}/messages`, b.cookie, { message: 'Hello back' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ chatId, message: 'Hello back', sender: { _id: b.user.id } });
    expect((await api('POST', `/users/${a.user.id}/block`, b.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/chats/${chatId}/messages`, a.cookie, { message: 'Why?' })).statusCode).toBe(
      404,
    );
    expect(await messagesIn(chatId)).toEqual(['Hi', 'Hello back']);
  });
});

const messagesIn = async (chatId: string) =>
  (
    await t.db
      .selectFrom('chatMessages')
      .select('body')
      .where('chatId', '=', chatId)
      .orderBy('createdAt')
      .execute()
  ).map((m) => m.body);

/* ── Issue 15: idempotent sends, exact read state, live events ─────────────────────────────── */

type Member = Awaited<ReturnType<typeof signedInUser>>;
const eventsOf = (p: Member) => live.of(p.user.id);
const rowsWith = async (clientMessageId: string) =>
  (
    await t.db
      .selectFrom('chatMessages')
      .select('id')
      .where('clientMessageId', '=', clientMessageId)
      .execute()
  ).map((r) => r.id);

/** A mission made and joined through the API (each member asks, the owner approves); answers its group chat's id. */
async function missionChatWith(owner: Member, ...members: Member[]) {
  const missionId = (
    await api('POST', '/missions', owner.cookie, { title: 'Sandbag line', type: 'partnership' })
  ).json().data._id as string;
  for (const m of members) {
    expect(
      (await api('POST', `/missions/${missionId}/join`, m.cookie, { role: 'collaborator' })).statusCode,
    ).toBe(200);
    const request = (await api('GET', '/chats/join-requests', owner.cookie))
      .json()
      .data.find((r: { user: { _id: string } }) => r.user._id === m.user.id);
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${request._id}/approve`, owner.cookie))
        .statusCode,
    ).toBe(200);
  }
  return (await api('GET', `/missions/${missionId}`, owner.cookie)).json().data.chatId as string;
}

describe('idempotent sends (issue 15)', () => {
  it('answers a second send with the same clientMessageId with the message already sent, on both routes, direct and mission', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const one = randomUUID();
    const first = await api('POST', '/chats/send', a.cookie, {
      recipientId: b.user.id,
      message: 'Vans at eight',
      clientMessageId: one,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ message: 'Vans at eight', clientMessageId: one });
    const again = await api('POST', '/chats/send', a.cookie, {
      recipientId: b.user.id,
      message: 'Vans at eight',
      clientMessageId: one,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rowsWith(one)).toEqual([first.json().data._id]);
    // The retry is told again, with the same message (the first telling may have died with the
    // process that stored it; decision 074): the tabs show it once, by its id.
    const told = eventsOf(b).filter((e) => e.type === 'message.created');
    expect(told).toHaveLength(2);
    expect(told[1]).toEqual(told[0]);

    const chatId = first.json().data.chatId;
    const two = randomUUID();
    const byId = await api('POST', `/chats/${chatId}/messages`, a.cookie, {
      message: 'And the urn',
      clientMessageId: two,
    });
    expect(
      (
        await api('POST', `/chats/${chatId}/messages`, a.cookie, {
          message: 'And the urn',
          clientMessageId: two,
        })
      ).json(),
    ).toEqual(byId.json());
    // The direct route and the chat's route are one conversation: a retry through either finds it.
    expect(
      (
        await api('POST', '/chats/send', a.cookie, {
          recipientId: b.user.id,
          message: 'And the urn',
          clientMessageId: two,
        })
      ).json().data._id,
    ).toBe(byId.json().data._id);

    const missionChat = await missionChatWith(a, c);
    const three = randomUUID();
    const inMission = await api('POST', `/chats/${missionChat}/messages`, c.cookie, {
      message: 'On my way',
      clientMessageId: three,
    });
    expect(inMission.statusCode).toBe(200);
    expect(
      (
        await api('POST', `/chats/${missionChat}/messages`, c.cookie, {
          message: 'On my way',
          clientMessageId: three,
        })
      ).json(),
    ).toEqual(inMission.json());
    expect(await rowsWith(three)).toHaveLength(1);
    expect(
      eventsOf(a).filter((e) => e.type === 'message.created' && e.data.message === 'On my way'),
    ).toHaveLength(2);

    // The same id for another conversation is a mistake, not a retry: 409, nothing written.
    const count = await messageCount();
    expect(
      (
        await api('POST', `/chats/${missionChat}/messages`, a.cookie, {
          message: 'Hi all',
          clientMessageId: one,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await api('POST', '/chats/send', a.cookie, {
          recipientId: c.user.id,
          message: 'Hi C',
          clientMessageId: one,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await api('POST', '/chats/send', c.cookie, {
          recipientId: a.user.id,
          message: 'Hi A',
          clientMessageId: three,
        })
      ).statusCode,
    ).toBe(409);
    expect(await messageCount()).toBe(count);
    // Ids are per sender: someone else's id is theirs to use.
    expect(
      (
        await api('POST', '/chats/send', b.cookie, {
          recipientId: a.user.id,
          message: 'Sure',
          clientMessageId: one,
        })
      ).statusCode,
    ).toBe(200);

    // The conversation shows each sender's id (null where none was given).
    const messages = (await api('GET', `/chats/${chatId}/messages`, b.cookie)).json().data.messages;
    expect(
      messages.map((m: { message: string; clientMessageId: string | null }) => [
        m.message,
        m.clientMessageId,
      ]),
    ).toEqual([
      ['Sure', one],
      ['And the urn', two],
      ['Vans at eight', one],
    ]);
    const plain = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'No id' })
    ).json().data;
    expect(plain.clientMessageId).toBeNull();
  });

  it('makes one message of concurrent sends with the same clientMessageId', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('POST', '/chats/send', a.cookie, {
          recipientId: b.user.id,
          message: 'Once',
          clientMessageId: id,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().data._id)).size).toBe(1);
    expect(await rowsWith(id)).toHaveLength(1);

    const missionChat = await missionChatWith(a, c);
    const other = randomUUID();
    const inMission = await Promise.all(
      Array.from({ length: 5 }, () =>
        api('POST', `/chats/${missionChat}/messages`, c.cookie, { message: 'Once', clientMessageId: other }),
      ),
    );
    expect(new Set(inMission.map((r) => `${r.statusCode} ${r.json().data._id}`)).size).toBe(1);
    expect(await rowsWith(other)).toHaveLength(1);
    // Retries are told again (decision 074), always as the one message each made.
    const told = live.all.flatMap(({ event }) => (event.type === 'message.created' ? [event.data._id] : []));
    expect(new Set(told)).toEqual(new Set([answers[0]!.json().data._id, inMission[0]!.json().data._id]));
  });
});

describe('read state (issue 15)', () => {
  const unread = async (p: Member) =>
    (await api('GET', '/chats', p.cookie)).json().data[0].unreadCount as number;
  const markOf = async (chatId: string, p: Member) =>
    (
      await t.db
        .selectFrom('chatMembers')
        .select('lastReadAt')
        .where('chatId', '=', chatId)
        .where('userId', '=', p.user.id)
        .executeTakeFirstOrThrow()
    ).lastReadAt;

  it('counts unread messages exactly across reads and sends; a read covers the newest message, not the clock', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const sent: { chatId: string; createdAt: string }[] = [];
    for (const m of ['one', 'two', 'three'])
      sent.push(
        (await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: m })).json().data,
      );
    const chatId = sent[0]!.chatId;
    // Sent in one breath, still strictly in order: each is stamped past the one before.
    const times = sent.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(new Set(times).size).toBe(3);
    expect(await unread(b)).toBe(3);

    expect((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode).toBe(204);
    expect(await unread(b)).toBe(0);
    expect((await markOf(chatId, b)).toISOString()).toBe(sent[2]!.createdAt);

    await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'four' });
    expect(await unread(b)).toBe(1);
    // Writing marks the chat read for the writer: they saw it.
    await api('POST', '/chats/send', b.cookie, { recipientId: a.user.id, message: 'reply' });
    expect(await unread(b)).toBe(0);
    expect(await unread(a)).toBe(1);
    await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'five' });
    await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'six' });
    expect(await unread(b)).toBe(2);
    await api('PUT', `/chats/${chatId}/read`, a.cookie);
    expect(await unread(a)).toBe(0);
    expect(await unread(b)).toBe(2);

    // A message stamped at or before the mark would be lost to the count; none can be: a message
    // written now is stamped past the chat's newest, even when the clock says otherwise.
    await t.db
      .updateTable('chats')
      .set({ lastMessageAt: new Date(Date.now() + 60_000) })
      .where('id', '=', chatId)
      .execute();
    await api('PUT', `/chats/${chatId}/read`, b.cookie);
    const late = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'seven' })
    ).json().data;
    expect(Date.parse(late.createdAt)).toBeGreaterThan((await markOf(chatId, b)).getTime());
    expect(await unread(b)).toBe(1);
  });

  it('shows when the other person read a direct chat, tells them live, and tells my other tabs the badge moved', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const message = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'Seen?' })
    ).json().data;
    const chatId = message.chatId;
    expect((await api('GET', '/chats', a.cookie)).json().data[0].otherLastReadAt).toBeNull();
    live.clear();

    expect((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode).toBe(204);
    expect((await api('GET', '/chats', a.cookie)).json().data[0].otherLastReadAt).toBe(message.createdAt);
    expect((await api('GET', `/chats/${chatId}/messages`, a.cookie)).json().data.chat.otherLastReadAt).toBe(
      message.createdAt,
    );
    // B's own mark is B's: their summary shows A's (A read up to their own message).
    expect((await api('GET', '/chats', b.cookie)).json().data[0].otherLastReadAt).toBe(message.createdAt);
    expect(eventsOf(a)).toEqual([
      { type: 'chat.read', data: { chatId, userId: b.user.id, readAt: message.createdAt } },
    ]);
    expect(eventsOf(b)).toEqual([{ type: 'counts.changed', data: { counts: ['chats'] } }]);
    expect(eventsOf(c)).toEqual([]);

    // Reading again with nothing new moves nothing and tells nobody.
    live.clear();
    expect((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode).toBe(204);
    expect(live.all).toEqual([]);

    // A mission chat has no "Seen": no mark of others, and a read tells only my own tabs.
    const missionChat = await missionChatWith(a, c);
    await api('POST', `/chats/${missionChat}/messages`, c.cookie, { message: 'Hello team' });
    const summary = (await api('GET', '/chats', a.cookie))
      .json()
      .data.find((ch: { _id: string }) => ch._id === missionChat);
    expect(summary).toMatchObject({ kind: 'mission', otherLastReadAt: null, unreadCount: 1 });
    live.clear();
    await api('PUT', `/chats/${missionChat}/read`, a.cookie);
    expect(live.all).toEqual([
      { to: [a.user.id], event: { type: 'counts.changed', data: { counts: ['chats'] } } },
    ]);
  });
});

describe('live messages (issue 15)', () => {
  it('sends a direct message to both people’s tabs, and tells only the recipient that their count moved', async () => {
    const [a, b, c] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const clientMessageId = randomUUID();
    const message = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'Hi B', clientMessageId })
    ).json().data;
    expect(message.clientMessageId).toBe(clientMessageId);
    expect(live.all).toEqual([
      { to: [a.user.id, b.user.id], event: { type: 'message.created', data: message } },
      { to: [b.user.id], event: { type: 'counts.changed', data: { counts: ['chats'] } } },
    ]);
    expect(eventsOf(c)).toEqual([]);
  });

  it('sends a mission chat’s message to every member who may see it, never to one blocked either way with the sender', async () => {
    const [owner, ana, ben, cy, stranger] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    const chatId = await missionChatWith(owner, ana, ben, cy);
    expect((await api('POST', `/users/${ana.user.id}/block`, ben.cookie)).statusCode).toBe(200);
    live.clear();

    const fromAna = (
      await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'From Ana' })
    ).json().data;
    const created = live.all.filter((d) => d.event.type === 'message.created');
    expect(created).toHaveLength(1);
    expect([...created[0]!.to].sort()).toEqual([owner.user.id, ana.user.id, cy.user.id].sort());
    expect(created[0]!.event).toEqual({ type: 'message.created', data: fromAna });
    const counted = live.all.filter((d) => d.event.type === 'counts.changed');
    expect([...counted[0]!.to].sort()).toEqual([owner.user.id, cy.user.id].sort());
    expect(eventsOf(ben)).toEqual([]);
    expect(eventsOf(stranger)).toEqual([]);

    // Ben hears the owner, not Ana; Ana does not hear Ben.
    live.clear();
    await api('POST', `/chats/${chatId}/messages`, ben.cookie, { message: 'From Ben' });
    expect(eventsOf(ana)).toEqual([]);
    expect(eventsOf(owner).map((e) => e.type)).toEqual(['message.created', 'counts.changed']);
  });

  it('tells a pair blocked either way nothing about each other: no message, no read, no request', async () => {
    const [a, b] = [await signedInUser(t), await signedInUser(t)];
    const chatId = (
      await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'Before' })
    ).json().data.chatId;
    expect((await api('POST', `/users/${a.user.id}/block`, b.cookie)).statusCode).toBe(200);
    live.clear();
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'After' })).statusCode,
    ).toBe(403);
    expect((await api('POST', `/chats/${chatId}/messages`, b.cookie, { message: 'After' })).statusCode).toBe(
      404,
    );
    // Reading the hidden chat moves only the reader's own mark and tells the other nothing.
    expect((await api('PUT', `/chats/${chatId}/read`, b.cookie)).statusCode).toBe(204);
    await t.db
      .updateTable('users')
      .set({ messagePolicy: 'connections' })
      .where('id', '=', b.user.id)
      .execute();
    expect(
      (await api('POST', '/chats/send', a.cookie, { recipientId: b.user.id, message: 'Please?' })).statusCode,
    ).toBe(403);
    expect(eventsOf(a)).toEqual([]);
    expect(live.all.filter((d) => d.to.includes(b.user.id) && d.event.type !== 'counts.changed')).toEqual([]);
  });

  it('tells both people of the chat an accepted offer opens', async () => {
    const [owner, helper] = [await signedInUser(t), await signedInUser(t, { firstName: 'Hana' })];
    const postId = (
      await api('POST', '/posts/create', owner.cookie, {
        kind: 'need',
        category: 'Tools',
        content: 'Need a ladder',
      })
    ).json().data._id;
    const offerId = (
      await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'I have a ladder' })
    ).json().data._id;
    live.clear();
    const chatId = (await api('PUT', `/offers/${offerId}/accept`, owner.cookie)).json().data.chatId;
    expect(eventsOf(owner)).toContainEqual({
      type: 'message.created',
      data: expect.objectContaining({
        _id: offerId,
        chatId,
        sender: expect.objectContaining({ firstName: 'Hana' }),
      }),
    });
    expect(eventsOf(helper)).toContainEqual({
      type: 'message.created',
      data: expect.objectContaining({ _id: offerId, chatId }),
    });
    // The owner accepted: the helper keeps writing even if the owner takes messages only from connections.
    await t.db
      .updateTable('users')
      .set({ messagePolicy: 'connections' })
      .where('id', '=', owner.user.id)
      .execute();
    expect(
      (
        await api('POST', '/chats/send', helper.cookie, {
          recipientId: owner.user.id,
          message: 'When suits you?',
        })
      ).statusCode,
    ).toBe(200);
  });
});
