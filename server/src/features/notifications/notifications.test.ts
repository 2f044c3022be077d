import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { emitEvent, apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { newId } from '../../platform/ids.js';
import { createNotification } from './notifications.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });
const send = (method: 'PUT' | 'DELETE', url: string, cookie?: string) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

describe('GET /notifications', () => {
  it('lists mine newest first, with sender and related user, and never someone else’s', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const sender = await buildUser(t.db, { firstName: 'Lina', lastName: 'Haddad' });
    const stranger = await buildUser(t.db);
    const postId = newId();
    await createNotification(t.db, { userId: me.id, type: 'systemNotification', message: 'Welcome' });
    await new Promise((r) => setTimeout(r, 5));
    await createNotification(t.db, {
      userId: me.id,
      type: 'like',
      senderId: sender.id,
      relatedPostId: postId,
      message: 'liked your post',
    });
    await createNotification(t.db, {
      userId: stranger.id,
      type: 'like',
      senderId: sender.id,
      message: 'not yours',
    });

    const res = await get('/notifications', cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((n: { type: string }) => n.type)).toEqual(['like', 'systemNotification']);
    expect(list[0]).toMatchObject({
      read: false,
      sender: {
        _id: sender.id,
        firstName: 'Lina',
        lastName: 'Haddad',
        username: sender.username,
        profilePicture: '/avatar.png',
      },
      relatedPost: { _id: postId },
      relatedUser: null,
      chat: null,
    });
  });

  it('filters by type, and refuses an unknown type with 400', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const asker = await buildUser(t.db);
    await createNotification(t.db, {
      userId: me.id,
      type: 'connectionRequest',
      senderId: asker.id,
      relatedUserId: asker.id,
      message: 'wants to connect',
    });
    await createNotification(t.db, {
      userId: me.id,
      type: 'comment',
      senderId: asker.id,
      message: 'commented',
    });
    const res = await get('/notifications?type=connectionRequest', cookie);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        type: 'connectionRequest',
        relatedUser: { _id: asker.id, username: asker.username },
      }),
    ]);
    expect((await get('/notifications?type=bogus', cookie)).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await get('/notifications')).statusCode).toBe(401);
  });

  it('stores nothing from a sender blocked either way or muted by the recipient, and the rest as given', async () => {
    const [me, blocked, blocker, muted, other] = [
      await buildUser(t.db),
      await buildUser(t.db),
      await buildUser(t.db),
      await buildUser(t.db),
      await buildUser(t.db),
    ];
    await t.db
      .insertInto('blocks')
      .values([
        { blockerId: me.id, blockedId: blocked.id },
        { blockerId: blocker.id, blockedId: me.id },
      ])
      .execute();
    await t.db.insertInto('mutes').values({ muterId: me.id, mutedId: muted.id }).execute();
    for (const sender of [blocked, blocker, muted]) {
      expect(
        await createNotification(t.db, {
          userId: me.id,
          senderId: sender.id,
          type: 'like',
          message: 'liked your post',
        }),
      ).toBeUndefined();
    }
    // Muting is one way: the muted person still hears from me.
    const heard = await createNotification(t.db, {
      userId: muted.id,
      senderId: me.id,
      type: 'like',
      message: 'liked your post',
    });
    const told = await createNotification(t.db, {
      userId: me.id,
      senderId: other.id,
      relatedUserId: other.id,
      type: 'connectionRequest',
      message: 'wants to connect',
    });
    expect(told).toMatchObject({
      userId: me.id,
      senderId: other.id,
      relatedUserId: other.id,
      type: 'connectionRequest',
      message: 'wants to connect',
      readAt: null,
    });
    const stored = await t.db
      .selectFrom('notifications')
      .select(['id', 'senderId'])
      .where('userId', 'in', [me.id, muted.id])
      .execute();
    expect(stored.map((n) => n.id).sort()).toEqual([heard!.id, told!.id].sort());
  });

  it('never notifies people of their own actions', async () => {
    const me = await buildUser(t.db);
    expect(
      await createNotification(t.db, { userId: me.id, senderId: me.id, type: 'like', message: 'x' }),
    ).toBeUndefined();
  });
});

describe('mark all read and delete', () => {
  it('marks all of mine read and leaves others alone', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const other = await buildUser(t.db);
    await createNotification(t.db, { userId: me.id, type: 'comment', message: 'a' });
    const theirs = await createNotification(t.db, { userId: other.id, type: 'comment', message: 'b' });
    expect((await send('PUT', '/notifications/mark-all-read')).statusCode).toBe(401);
    expect((await send('PUT', '/notifications/mark-all-read', cookie)).statusCode).toBe(200);
    expect((await get('/notifications', cookie)).json().data.every((n: { read: boolean }) => n.read)).toBe(
      true,
    );
    const row = await t.db
      .selectFrom('notifications')
      .select('readAt')
      .where('id', '=', theirs!.id)
      .executeTakeFirstOrThrow();
    expect(row.readAt).toBeNull();
  });

  it('deletes my own; another user’s answers 404 and stays', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const other = await buildUser(t.db);
    const mine = await createNotification(t.db, { userId: me.id, type: 'comment', message: 'a' });
    const theirs = await createNotification(t.db, { userId: other.id, type: 'comment', message: 'b' });
    expect((await send('DELETE', `/notifications/${theirs!.id}`, cookie)).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('notifications').select('id').where('id', '=', theirs!.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await send('DELETE', `/notifications/${mine!.id}`)).statusCode).toBe(401);
    expect((await send('DELETE', '/notifications/not-a-uuid', cookie)).statusCode).toBe(400);
    expect((await send('DELETE', `/notifications/${mine!.id}`, cookie)).statusCode).toBe(200);
    expect((await send('DELETE', `/notifications/${mine!.id}`, cookie)).statusCode).toBe(404);
  });
});

describe('offer and task counts', () => {
  it('counts unread offers on posts and on missions, and marks them read', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const helper = await buildUser(t.db);
    await createNotification(t.db, {
      userId: me.id,
      type: 'newOffer',
      senderId: helper.id,
      relatedPostId: newId(),
      message: 'offers help',
    });
    await createNotification(t.db, {
      userId: me.id,
      type: 'newOffer',
      senderId: helper.id,
      relatedPostId: newId(),
      message: 'offers help',
    });
    // An offer of help to a mission of mine is a missionHelp notification (issue 12).
    await createNotification(t.db, {
      userId: me.id,
      type: 'missionHelp',
      senderId: helper.id,
      relatedMissionId: newId(),
      message: 'offered to help with your mission',
    });
    expect((await get('/notifications/offer-counts')).statusCode).toBe(401);
    expect((await get('/notifications/offer-counts', cookie)).json()).toEqual({
      data: { new: 2, mission: 1 },
    });
    expect((await get('/notifications/unread-offers', cookie)).json()).toEqual({ data: { count: 3 } });
    expect((await send('PUT', '/notifications/mark-offers-read', cookie)).statusCode).toBe(200);
    expect((await get('/notifications/unread-offers', cookie)).json()).toEqual({ data: { count: 0 } });
  });

  it('lists unread task notifications', async () => {
    const { user: me, cookie } = await signedInUser(t);
    const chat = newId();
    await createNotification(t.db, {
      userId: me.id,
      type: 'task',
      typeTask: 'task_created',
      chatId: chat,
      message: 'New task: load the truck',
    });
    await createNotification(t.db, { userId: me.id, type: 'comment', message: 'not a task' });
    expect((await get('/tasks/notifications')).statusCode).toBe(401);
    expect((await get('/tasks/notifications', cookie)).json().data).toEqual([
      expect.objectContaining({ message: 'New task: load the truck', typeTask: 'task_created', chat }),
    ]);
  });
});

// The shell's other badge sources are tested by their own features: /connections/requests with
// real requests (network.test.ts), /chats/requests and /chats/join-requests in chats.test.ts.

describe('live notifications (issue 15)', () => {
  let live: ReturnType<typeof recordDeliveries>;
  beforeAll(() => {
    live = recordDeliveries(t);
  });
  const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

  it('tells the recipient of each notice made through an event, with the badges it moves, and nobody else', async () => {
    const [me, liker, helper] = [await signedInUser(t), await buildUser(t.db), await buildUser(t.db)];
    // A like notice is about a post of theirs that exists (issue 34: its likers are kept per post).
    const postId = (await api('POST', '/posts/create', me.cookie, { content: 'Liked' })).json().data._id;
    live.clear();
    await emitEvent(t, 'post.liked', {
      postId,
      authorId: me.user.id,
      likerId: liker.id,
    });
    await emitEvent(t, 'offer.made', {
      offerId: newId(),
      ownerId: me.user.id,
      helperId: helper.id,
      postId: newId(),
      missionId: null,
      title: 'Ladder',
      postKind: 'need',
      message: 'I have one',
      remoteHelper: null,
    });
    await emitEvent(t, 'task.created', {
      taskId: newId(),
      missionId: newId(),
      chatId: null,
      ownerId: me.user.id,
      assigneeId: null,
      actorId: helper.id,
      title: 'Load the truck',
    });
    const ids = (await get('/notifications', me.cookie))
      .json()
      .data.map((n: { _id: string; type: string }) => [n.type, n._id]);
    const idOf = (type: string) => ids.find(([t]: string[]) => t === type)[1];
    expect(live.all.every((d) => d.to.length === 1 && d.to[0] === me.user.id)).toBe(true);
    expect(live.of(me.user.id)).toEqual([
      { type: 'notification.created', data: { _id: idOf('like'), type: 'like' } },
      { type: 'counts.changed', data: { counts: ['notifications'] } },
      { type: 'notification.created', data: { _id: idOf('newOffer'), type: 'newOffer' } },
      { type: 'counts.changed', data: { counts: ['notifications', 'offers'] } },
      { type: 'notification.created', data: { _id: idOf('task'), type: 'task' } },
      { type: 'counts.changed', data: { counts: ['notifications', 'tasks'] } },
    ]);
  });

  it('tells nothing of a notice that is dropped (muted or blocked sender, one’s own action)', async () => {
    const [me, muted] = [await signedInUser(t), await signedInUser(t)];
    expect((await api('POST', `/users/${muted.user.id}/mute`, me.cookie)).statusCode).toBe(200);
    live.clear();
    await emitEvent(t, 'post.liked', {
      postId: newId(),
      authorId: me.user.id,
      likerId: muted.user.id,
    });
    await emitEvent(t, 'post.liked', {
      postId: newId(),
      authorId: me.user.id,
      likerId: me.user.id,
    });
    expect(live.all).toEqual([]);
  });

  it('tells each member of a mission of an update, each with their own notice', async () => {
    const [owner, member] = [await signedInUser(t), await signedInUser(t)];
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Dune fence', type: 'partnership' })
    ).json().data._id;
    await api('POST', `/missions/${missionId}/join`, member.cookie, { role: 'collaborator' });
    const requestId = (await api('GET', '/chats/join-requests', owner.cookie)).json().data[0]._id;
    await api('PUT', `/missions/${missionId}/join-requests/${requestId}/approve`, owner.cookie);
    live.clear();
    await api('POST', '/posts/create', owner.cookie, {
      content: 'Posts are in',
      mission: { missionId, title: 'Dune fence', updateCount: 1 },
    });
    const notice = (await get('/notifications?type=missionUpdate', member.cookie)).json().data[0];
    expect(live.of(member.user.id)).toEqual([
      { type: 'notification.created', data: { _id: notice._id, type: 'missionUpdate' } },
      { type: 'counts.changed', data: { counts: ['notifications'] } },
    ]);
    expect(live.of(owner.user.id).filter((e) => e.type === 'notification.created')).toEqual([]);
  });

  it('tells my other tabs when I mark notifications or offers read', async () => {
    const me = await signedInUser(t);
    live.clear();
    await send('PUT', '/notifications/mark-all-read', me.cookie);
    await send('PUT', '/notifications/mark-offers-read', me.cookie);
    expect(live.all).toEqual([
      { to: [me.user.id], event: { type: 'counts.changed', data: { counts: ['notifications', 'tasks'] } } },
      { to: [me.user.id], event: { type: 'counts.changed', data: { counts: ['offers'] } } },
    ]);
  });
});
