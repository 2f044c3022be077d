import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { CHAT_REQUEST_DECISION_BUDGET } from '../../platform/limits.js';

/**
 * Chat requests (issue 15): a stranger's first message to someone who takes messages only from
 * their connections waits for their yes or no. What reaches people live is observed on the real
 * hub (`onDeliver`), as the socket layer sees it.
 */
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
type Person = Awaited<ReturnType<typeof signedInUser>>;
/** Someone who takes messages only from their connections. */
const privatePerson = (firstName = 'Pat') => signedInUser(t, { firstName, messagePolicy: 'connections' });
/** Everything delivered to one person, in order. */
const eventsOf = (p: Person) => live.of(p.user.id);
const requestsOf = async (p: Person) =>
  (await api('GET', '/chats/requests', p.cookie)).json().data as Array<{
    _id: string;
    message: string;
    sender: { _id: string };
  }>;
const chatTables = async () => ({
  chats: (await t.db.selectFrom('chats').select('id').execute()).length,
  messages: (await t.db.selectFrom('chatMessages').select('id').execute()).length,
});
async function connect(a: Person, b: Person) {
  expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(200);
  expect((await api('POST', `/connections/${a.user.id}`, b.cookie)).statusCode).toBe(200);
}

describe('chat requests', () => {
  it('makes a stranger’s first message a request (202), listed for the recipient with the sender’s card, newest first', async () => {
    const pat = await privatePerson();
    const [ana, ben] = [
      await signedInUser(t, { firstName: 'Ana' }),
      await signedInUser(t, { firstName: 'Ben' }),
    ];
    const before = await chatTables();

    const sent = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: '  Hello Pat, I run the food bank in Pinetown.  ',
    });
    expect(sent.statusCode).toBe(202);
    const request = sent.json().data.request;
    expect(request).toEqual({
      _id: expect.any(String),
      recipientId: pat.user.id,
      status: 'pending',
      createdAt: expect.any(String),
    });
    expect(
      (
        await api('POST', '/chats/send', ben.cookie, {
          recipientId: pat.user.id,
          message: 'Hi, about the vans',
        })
      ).statusCode,
    ).toBe(202);
    // No chat and no message yet: the request waits on its own.
    expect(await chatTables()).toEqual(before);

    expect(await requestsOf(pat)).toEqual([
      {
        _id: expect.any(String),
        sender: expect.objectContaining({ _id: ben.user.id, firstName: 'Ben' }),
        message: 'Hi, about the vans',
        createdAt: expect.any(String),
      },
      {
        _id: request._id,
        sender: {
          _id: ana.user.id,
          username: ana.user.username,
          firstName: 'Ana',
          lastName: ana.user.lastName,
          headline: '',
          profilePicture: expect.any(String),
          verifiedOrg: null,
        },
        message: 'Hello Pat, I run the food bank in Pinetown.',
        createdAt: request.createdAt,
      },
    ]);
    // The senders' lists are theirs: a request I sent is not one waiting for me.
    expect(await requestsOf(ana)).toEqual([]);
    expect(await api('GET', '/chats', ana.cookie).then((r) => r.json().data)).toEqual([]);

    // Live: the recipient hears of each request and that the badge moved; nobody else hears anything.
    expect(eventsOf(pat)).toEqual([
      { type: 'chat.request', data: { requestId: request._id, status: 'pending', chatId: null } },
      { type: 'counts.changed', data: { counts: ['requests'] } },
      { type: 'chat.request', data: { requestId: expect.any(String), status: 'pending', chatId: null } },
      { type: 'counts.changed', data: { counts: ['requests'] } },
    ]);
    expect(live.all.every((d) => d.to.length === 1 && d.to[0] === pat.user.id)).toBe(true);
  });

  it('lets connections, and anyone when the policy is everyone, write directly', async () => {
    const [pat, con, stranger] = [await privatePerson(), await signedInUser(t), await signedInUser(t)];
    await connect(pat, con);
    expect(
      (await api('POST', '/chats/send', con.cookie, { recipientId: pat.user.id, message: 'Hi, it’s me' }))
        .statusCode,
    ).toBe(200);
    const open = await signedInUser(t);
    expect(
      (await api('POST', '/chats/send', stranger.cookie, { recipientId: open.user.id, message: 'Hello' }))
        .statusCode,
    ).toBe(200);
    expect(await requestsOf(pat)).toEqual([]);
    expect(await requestsOf(open)).toEqual([]);
  });

  it('answers a second message while one waits with 409, and a retry of the first (same clientMessageId) as the first time', async () => {
    const pat = await privatePerson();
    const ana = await signedInUser(t);
    const clientMessageId = randomUUID();
    const first = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Hello',
      clientMessageId,
    });
    expect(first.statusCode).toBe(202);
    live.clear();

    const retry = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Hello',
      clientMessageId,
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(first.json());
    const second = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Are you there?',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'You have already sent this person a message request. It waits for their answer.',
    });
    expect(
      (
        await api('POST', '/chats/send', ana.cookie, {
          recipientId: pat.user.id,
          message: 'Again',
          clientMessageId: randomUUID(),
        })
      ).statusCode,
    ).toBe(409);
    expect((await requestsOf(pat)).map((r) => r.message)).toEqual(['Hello']);
    // Nothing new for Pat: neither the retry nor the refused one told them anything.
    expect(live.all).toEqual([]);
  });

  it('accepting opens the chat with the message in it as the sender’s, once, and the two write to each other from then on', async () => {
    const pat = await privatePerson('Pat');
    const ana = await signedInUser(t, { firstName: 'Ana' });
    const clientMessageId = randomUUID();
    const requestId = (
      await api('POST', '/chats/send', ana.cookie, {
        recipientId: pat.user.id,
        message: 'Could we borrow your hall?',
        clientMessageId,
      })
    ).json().data.request._id;
    live.clear();

    const accepted = await api('PUT', `/chats/requests/${requestId}/accept`, pat.cookie);
    expect(accepted.statusCode).toBe(200);
    const { chatId } = accepted.json().data;
    expect(accepted.json()).toEqual({ data: { chatId: expect.any(String) } });
    expect(await requestsOf(pat)).toEqual([]);
    // Accepting again (another tab) finds nothing to accept, and the message is there once.
    expect((await api('PUT', `/chats/requests/${requestId}/accept`, pat.cookie)).statusCode).toBe(404);

    const convo = (await api('GET', `/chats/${chatId}/messages`, pat.cookie)).json().data;
    expect(convo.messages).toEqual([
      {
        _id: requestId,
        chatId,
        sender: expect.objectContaining({ _id: ana.user.id, firstName: 'Ana' }),
        message: 'Could we borrow your hall?',
        createdAt: expect.any(String),
        clientMessageId,
      },
    ]);
    // Pat read it to decide; both see the chat.
    expect(convo.chat).toMatchObject({ kind: 'direct', otherUser: { _id: ana.user.id }, unreadCount: 0 });
    expect((await api('GET', '/chats', ana.cookie)).json().data).toEqual([
      expect.objectContaining({
        _id: chatId,
        otherUser: expect.objectContaining({ _id: pat.user.id }),
        unreadCount: 0,
      }),
    ]);

    // Live: Ana hears her request was accepted (and where), both get the message, Pat's badges move.
    expect(eventsOf(ana)).toEqual([
      { type: 'message.created', data: expect.objectContaining({ _id: requestId, chatId, clientMessageId }) },
      { type: 'chat.request', data: { requestId, status: 'accepted', chatId } },
    ]);
    expect(eventsOf(pat)).toEqual([
      { type: 'message.created', data: expect.objectContaining({ _id: requestId, chatId }) },
      { type: 'counts.changed', data: { counts: ['chats'] } },
      { type: 'counts.changed', data: { counts: ['requests', 'chats'] } },
    ]);

    // Ana keeps writing though Pat takes messages only from connections (Pat said yes), and Pat answers.
    const more = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Saturday at eight?',
    });
    expect(more.statusCode).toBe(200);
    expect(more.json().data.chatId).toBe(chatId);
    expect(
      (await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'We bring the urn.' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api('POST', `/chats/${chatId}/messages`, pat.cookie, { message: 'Eight is fine.' })).statusCode,
    ).toBe(200);
    expect((await api('GET', '/chats', pat.cookie)).json().data[0]).toMatchObject({
      _id: chatId,
      unreadCount: 0,
      lastMessage: { message: 'Eight is fine.' },
    });
    // Ana's retry of her first message answers the message it became.
    const retry = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Could we borrow your hall?',
      clientMessageId,
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ _id: requestId, chatId });
    expect(
      (
        await t.db
          .selectFrom('chatMessages')
          .select('body')
          .where('chatId', '=', chatId)
          .orderBy('createdAt')
          .execute()
      ).map((m) => m.body),
    ).toEqual(['Could we borrow your hall?', 'Saturday at eight?', 'We bring the urn.', 'Eight is fine.']);
  });

  it('accepting puts the message into the chat the two already have', async () => {
    // Ana wrote when Pat took messages from everyone; Pat then closed them and never answered.
    const pat = await signedInUser(t);
    const ana = await signedInUser(t);
    const chatId = (
      await api('POST', '/chats/send', ana.cookie, { recipientId: pat.user.id, message: 'First' })
    ).json().data.chatId;
    await t.db
      .updateTable('users')
      .set({ messagePolicy: 'connections' })
      .where('id', '=', pat.user.id)
      .execute();
    // Writing in that chat by its id is a request too.
    const asked = await api('POST', `/chats/${chatId}/messages`, ana.cookie, { message: 'Second' });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().data.request).toMatchObject({ recipientId: pat.user.id, status: 'pending' });
    const accepted = await api('PUT', `/chats/requests/${asked.json().data.request._id}/accept`, pat.cookie);
    expect(accepted.json().data.chatId).toBe(chatId);
    expect(
      (await api('GET', `/chats/${chatId}/messages`, pat.cookie))
        .json()
        .data.messages.map((m: { message: string }) => m.message),
    ).toEqual(['Second', 'First']);
    expect(
      (await t.db.selectFrom('chats').select('id').where('directKey', 'like', `%${ana.user.id}%`).execute())
        .length,
    ).toBe(1);
  });

  it('declining removes it, and the sender learns only that it was not accepted', async () => {
    const pat = await privatePerson('Pat');
    const ana = await signedInUser(t, { firstName: 'Ana' });
    const before = await chatTables();
    const requestId = (
      await api('POST', '/chats/send', ana.cookie, { recipientId: pat.user.id, message: 'Hello Pat' })
    ).json().data.request._id;
    live.clear();

    const declined = await api('PUT', `/chats/requests/${requestId}/decline`, pat.cookie);
    expect(declined.statusCode).toBe(204);
    expect(declined.body).toBe('');
    expect(await requestsOf(pat)).toEqual([]);
    expect(await chatTables()).toEqual(before);
    expect((await api('PUT', `/chats/requests/${requestId}/decline`, pat.cookie)).statusCode).toBe(404);
    expect((await api('PUT', `/chats/requests/${requestId}/accept`, pat.cookie)).statusCode).toBe(404);

    const notices = (await api('GET', '/notifications', ana.cookie)).json().data;
    expect(notices).toEqual([
      expect.objectContaining({
        type: 'systemNotification',
        message: `Your message request to Pat ${pat.user.lastName} was not accepted`,
      }),
    ]);
    expect(JSON.stringify(notices)).not.toContain('Hello Pat');
    expect(eventsOf(ana)).toEqual([
      { type: 'chat.request', data: { requestId, status: 'declined', chatId: null } },
      { type: 'notification.created', data: { _id: notices[0]._id, type: 'systemNotification' } },
      { type: 'counts.changed', data: { counts: ['notifications'] } },
    ]);
    expect(eventsOf(pat)).toEqual([{ type: 'counts.changed', data: { counts: ['requests'] } }]);
    // The no is for this request: Ana may ask again another day.
    expect(
      (
        await api('POST', '/chats/send', ana.cookie, {
          recipientId: pat.user.id,
          message: 'Trying once more',
        })
      ).statusCode,
    ).toBe(202);
  });

  it('lets only the recipient answer: anyone else, a missing request and a malformed id are refused, nothing changes', async () => {
    const pat = await privatePerson();
    const [ana, eve] = [await signedInUser(t), await signedInUser(t)];
    const requestId = (
      await api('POST', '/chats/send', ana.cookie, { recipientId: pat.user.id, message: 'Hello' })
    ).json().data.request._id;
    for (const action of ['accept', 'decline']) {
      expect((await api('PUT', `/chats/requests/${requestId}/${action}`)).statusCode, action).toBe(401);
      expect(
        (await api('PUT', `/chats/requests/${requestId}/${action}`, eve.cookie)).statusCode,
        action,
      ).toBe(404);
      // Not even the sender answers their own request.
      expect(
        (await api('PUT', `/chats/requests/${requestId}/${action}`, ana.cookie)).statusCode,
        action,
      ).toBe(404);
      expect((await api('PUT', `/chats/requests/${newId()}/${action}`, pat.cookie)).statusCode, action).toBe(
        404,
      );
      const malformed = await api('PUT', `/chats/requests/not-an-id/${action}`, pat.cookie);
      expect(malformed.statusCode, action).toBe(400);
      expect(malformed.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'requestId', message: 'Not a request id' }],
      });
    }
    expect((await api('GET', '/chats/requests')).statusCode).toBe(401);
    expect((await requestsOf(pat)).map((r) => r._id)).toEqual([requestId]);
  });

  it('never makes a request between people blocked either way, ends waiting ones with a block, and tells neither of the other', async () => {
    const pat = await privatePerson();
    const [ana, ben] = [await signedInUser(t), await signedInUser(t)];
    // Pat blocked Ana: neither can write to the other, and nothing waits.
    expect((await api('POST', `/users/${ana.user.id}/block`, pat.cookie)).statusCode).toBe(200);
    live.clear();
    const refused = await api('POST', '/chats/send', ana.cookie, {
      recipientId: pat.user.id,
      message: 'Why?',
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await api('POST', '/chats/send', pat.cookie, { recipientId: ana.user.id, message: 'Stop' }))
        .statusCode,
    ).toBe(403);
    expect(await requestsOf(pat)).toEqual([]);
    expect(live.all).toEqual([]);

    // Ben's request waits; then Ben blocks Pat: it goes, and stays gone after an unblock.
    const requestId = (
      await api('POST', '/chats/send', ben.cookie, { recipientId: pat.user.id, message: 'Hello' })
    ).json().data.request._id;
    live.clear();
    expect((await api('POST', `/users/${pat.user.id}/block`, ben.cookie)).statusCode).toBe(200);
    expect(await requestsOf(pat)).toEqual([]);
    expect(eventsOf(pat)).toEqual([{ type: 'counts.changed', data: { counts: ['requests'] } }]);
    expect(eventsOf(ben)).toEqual([]);
    expect((await api('DELETE', `/users/${pat.user.id}/block`, ben.cookie)).statusCode).toBeLessThan(300);
    expect(await requestsOf(pat)).toEqual([]);
    expect((await api('PUT', `/chats/requests/${requestId}/accept`, pat.cookie)).statusCode).toBe(404);
  });

  it('hides a request from someone blocked either way even if it is still stored, and will not open it', async () => {
    const pat = await privatePerson();
    const ana = await signedInUser(t);
    const requestId = (
      await api('POST', '/chats/send', ana.cookie, { recipientId: pat.user.id, message: 'Hello' })
    ).json().data.request._id;
    // A block written without its event (as another process might leave it for a moment).
    await t.db.insertInto('blocks').values({ blockerId: ana.user.id, blockedId: pat.user.id }).execute();
    expect(await requestsOf(pat)).toEqual([]);
    expect((await api('PUT', `/chats/requests/${requestId}/accept`, pat.cookie)).statusCode).toBe(404);
    expect((await api('PUT', `/chats/requests/${requestId}/decline`, pat.cookie)).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('chatRequests').select('id').where('id', '=', requestId).execute(),
    ).toHaveLength(1);
  });

  it('refuses a request to oneself, to nobody and a blank one', async () => {
    const pat = await privatePerson();
    expect(
      (await api('POST', '/chats/send', pat.cookie, { recipientId: pat.user.id, message: 'Me' })).statusCode,
    ).toBe(400);
    const ana = await signedInUser(t);
    expect(
      (await api('POST', '/chats/send', ana.cookie, { recipientId: pat.user.id, message: '  ' })).statusCode,
    ).toBe(400);
    expect(
      (
        await api('POST', '/chats/send', ana.cookie, {
          recipientId: pat.user.id,
          message: 'Hi',
          clientMessageId: 'not-a-uuid',
        })
      ).statusCode,
    ).toBe(400);
    expect(await requestsOf(pat)).toEqual([]);
  });
});

describe('the per-account budget on answering chat requests', () => {
  const SCALE = 0.01;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(limited)(...args);

  it('answers 429 with Retry-After once an account has answered its budget of requests', async () => {
    const pat = await signedInUser(limited, { messagePolicy: 'connections' });
    const max = Math.max(1, Math.round(CHAT_REQUEST_DECISION_BUDGET.max * SCALE));
    const ids: string[] = [];
    for (let i = 0; i <= max; i++) {
      const sender = await signedInUser(limited);
      ids.push(
        (
          await call('POST', '/chats/send', sender.cookie, {
            recipientId: pat.user.id,
            message: `Hello ${i}`,
          })
        ).json().data.request._id,
      );
    }
    for (const id of ids.slice(0, max))
      expect((await call('PUT', `/chats/requests/${id}/decline`, pat.cookie)).statusCode).toBe(204);
    const refused = await call('PUT', `/chats/requests/${ids[max]}/accept`, pat.cookie);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // The last request still waits.
    expect(
      (await call('GET', '/chats/requests', pat.cookie)).json().data.map((r: { _id: string }) => r._id),
    ).toEqual([ids[max]]);
  });
});
