import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { inTransaction } from '../platform/transaction.js';
import { forgetCachedSessions } from '../platform/auth/session.js';
import { apiCaller, buildTestApp, emitEvent, type TestApp } from '../../test/helpers.js';
import { openSocket, type Opened } from '../../test/ws-client.js';

/**
 * What moderation hides, in every read (issue 35 item 3, decision 071). The moderation feature
 * (built apart) decides; here its decisions are made as it makes them: the content events emitted
 * in a transaction, and the users' suspension and limit columns written directly. Each read is
 * then asked through the API, as the people involved, and shown to hide what it must — and to
 * bring it back when the decision is lifted.
 */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
let ws: string;
const ORIGIN = 'http://localhost:3000'; // testConfig's PUBLIC_URL

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  ws = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/v1/ws`;
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Target = 'post' | 'comment' | 'collaboration' | 'message';

const data = async (res: Awaited<ReturnType<typeof api>>, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const get = (url: string, who: Person) => api('GET', url, who.cookie);
const ids = (items: Array<{ _id: string }>) => items.map((i) => i._id);

async function connect(a: Person, b: Person) {
  await t.db
    .insertInto('connections')
    .values([
      { userId: a.user.id, otherId: b.user.id },
      { userId: b.user.id, otherId: a.user.id },
    ])
    .execute();
}
const hide = (targetType: Target, targetId: string, reason = 'Scam: asks for money up front') =>
  emitEvent(t, 'moderation.content_hidden', { targetType, targetId, reason });
const restore = (targetType: Target, targetId: string) =>
  emitEvent(t, 'moderation.content_restored', { targetType, targetId });
const remove = (targetType: Target, targetId: string) =>
  emitEvent(t, 'moderation.content_deleted', { targetType, targetId });
const days = (n: number) => new Date(Date.now() + n * 86_400_000);
/** As the moderation feature suspends (or lifts): the column, and `user.suspended` in that transaction. */
const suspend = (who: Person, until: Date | 'infinity' | null = days(7)) =>
  inTransaction(t.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ suspendedUntil: until === 'infinity' ? sql<Date>`'infinity'::timestamptz` : until })
      .where('id', '=', who.user.id)
      .execute();
    await t.app.deps.events.emit(trx, 'user.suspended', { userId: who.user.id });
  });
/**
 * As the moderation feature limits (or lifts): the column, then the person's cached sessions
 * forgotten in every process, which also drops what search and the map keep of whom each viewer
 * may see (decisions 077, 081).
 */
const limit = async (who: Person, until: Date | null = days(3)) => {
  await t.db.updateTable('users').set({ limitedUntil: until }).where('id', '=', who.user.id).execute();
  forgetCachedSessions(t.app.deps, who.user.id);
};

let tagN = 0;
/** A need in a tag of its own, so a hashtag list or search finds this test's posts alone. */
async function needBy(who: Person) {
  const tag = `sandbags${++tagN}x${Date.now().toString(36)}`;
  const post = await data(
    await api('POST', '/posts/create', who.cookie, {
      kind: 'need',
      category: 'Supplies',
      title: `Sandbags for Riverside ${tag}`,
      content: `We need sandbags before the river rises #${tag}`,
    }),
  );
  return { post, tag };
}

/** Every list and page a post is read in, for one reader: which hold it. */
async function wherePostIs(reader: Person, author: Person, postId: string, tag: string) {
  const page = await get(`/posts/${postId}`, reader);
  const search = await data(await get(`/users/advanced-search?query=${tag}`, reader));
  const needs = (search.needsMatches as Array<{ postIds: string[] }>).flatMap((g) => g.postIds);
  // A profile not found (a suspended author's) holds no posts either.
  const profile = await get(`/posts/user/${author.user.username}`, reader);
  return {
    page: page.statusCode,
    profile: profile.statusCode === 200 && ids(profile.json().data).includes(postId),
    hashtag: ids(await data(await get(`/posts/hashtag/${tag}`, reader))).includes(postId),
    home: ids(await data(await get('/posts/feed?limit=50', reader))).includes(postId),
    search: needs.includes(postId),
  };
}
const everywhere = { page: 200, profile: true, hashtag: true, home: true, search: true };
const nowhere = { page: 404, profile: false, hashtag: false, home: false, search: false };

describe('content a moderator hid', () => {
  it('a post: gone from every list, search and its page for everyone but its author, who reads why; restored, back; deleted, gone', async () => {
    const author = await signedInUser(t);
    const friend = await signedInUser(t);
    const stranger = await signedInUser(t);
    await connect(author, friend);
    const { post, tag } = await needBy(author);
    expect(await wherePostIs(friend, author, post._id, tag)).toEqual(everywhere);
    expect(await wherePostIs(stranger, author, post._id, tag)).toMatchObject({ page: 200, profile: true });

    await hide('post', post._id, 'Asks for money up front');
    for (const reader of [friend, stranger])
      expect(await wherePostIs(reader, author, post._id, tag)).toEqual(nowhere);
    // Comments on it are not theirs to read either.
    expect((await get(`/posts/${post._id}/comments`, friend)).statusCode).toBe(404);
    // Its author still reads it, on its page and in their profile, with the reason.
    const own = await data(await get(`/posts/${post._id}`, author));
    expect(own.hiddenReason).toBe('Asks for money up front');
    const mine = (await data(await get(`/posts/user/${author.user.username}`, author))) as Array<{
      _id: string;
      hiddenReason: string | null;
    }>;
    expect(mine.find((p) => p._id === post._id)?.hiddenReason).toBe('Asks for money up front');

    await restore('post', post._id);
    expect(await wherePostIs(friend, author, post._id, tag)).toEqual(everywhere);
    expect((await data(await get(`/posts/${post._id}`, friend))).hiddenReason).toBeNull();
    expect((await data(await get(`/posts/${post._id}`, author))).hiddenReason).toBeNull();

    await remove('post', post._id);
    expect((await get(`/posts/${post._id}`, author)).statusCode).toBe(404);
    expect(await wherePostIs(friend, author, post._id, tag)).toEqual(nowhere);
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', post._id).execute()).toEqual([]);
  });

  it('a post deleted by a moderator goes as its author’s delete does: its picture too', async () => {
    const author = await signedInUser(t);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa3300' } })
      .png()
      .toBuffer();
    const post = await data(
      await api('POST', '/posts/create', author.cookie, {
        content: 'Generators half price, pay by gift card',
        image: `data:image/png;base64,${png.toString('base64')}`,
      }),
    );
    const picture = () => t.app.inject({ method: 'GET', url: post.image as string });
    expect((await picture()).statusCode).toBe(200);
    await remove('post', post._id);
    expect((await get(`/posts/${post._id}`, author)).statusCode).toBe(404);
    // The file goes once the decision has committed.
    await expect.poll(async () => (await picture()).statusCode).toBe(404);
  });

  it('a post: the notices about it go from everyone’s list but its author’s', async () => {
    const author = await signedInUser(t);
    const named = await signedInUser(t);
    const liker = await signedInUser(t);
    const post = await data(
      await api('POST', '/posts/create', author.cookie, {
        content: `Thanks @${named.user.username} for the boat`,
      }),
    );
    await data(await api('POST', `/posts/${post._id}/like`, liker.cookie));
    await t.app.deps.jobs.drain();
    const about = async (who: Person) =>
      ((await data(await get('/notifications', who))) as Array<{ relatedPost: { _id: string } | null }>)
        .map((n) => n.relatedPost?._id)
        .filter((id) => id === post._id).length;
    expect(await about(named)).toBe(1);
    expect(await about(author)).toBe(1);

    await hide('post', post._id);
    expect(await about(named)).toBe(0);
    // Its author is told of likes on what they wrote: theirs to read, hidden or not.
    expect(await about(author)).toBe(1);
    await restore('post', post._id);
    expect(await about(named)).toBe(1);
  });

  it('a post: out of matching, as a candidate and in the lists of matches; restored, back', async () => {
    const cebu = {
      address: 'Cebu City, Central Visayas, Philippines',
      name: 'Cebu City',
      coordinates: [123.8854, 10.3157],
    };
    const [needy, lender, later] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const need = await data(
      await api('POST', '/posts/create', needy.cookie, {
        kind: 'need',
        category: 'Energy',
        title: 'Need a generator in Cebu',
        content: 'Power is out in our barangay; we need a generator to run the water pump.',
        mapLocation: cebu,
      }),
    );
    const provision = {
      kind: 'provision',
      category: 'Energy',
      title: 'Generator available, Cebu',
      content: 'Portable 5 kVA generator available to lend, with fuel for two days.',
      mapLocation: cebu,
    };
    await data(await api('POST', '/posts/create', lender.cookie, provision));
    const matched = async (who: Person) =>
      ((await data(await get('/matches', who))) as Array<{ matches: Array<{ post: { _id: string } }> }>)
        .flatMap((m) => m.matches)
        .some((m) => m.post._id === need._id);
    expect(await matched(lender)).toBe(true);

    await hide('post', need._id);
    expect(await matched(lender)).toBe(false);
    // A provision written while it is hidden is not matched with it.
    await data(await api('POST', '/posts/create', later.cookie, provision));
    expect(await matched(later)).toBe(false);

    await restore('post', need._id);
    expect(await matched(lender)).toBe(true);
  });

  it('a comment: gone for all but its author (replies under it too), who reads why; restored, back; deleted, gone and uncounted', async () => {
    const author = await signedInUser(t);
    const commenter = await signedInUser(t);
    const other = await signedInUser(t);
    const post = await data(
      await api('POST', '/posts/create', author.cookie, { content: 'Road closed at the bridge' }),
    );
    const comment = await data(
      await api('POST', `/posts/${post._id}/comments`, commenter.cookie, {
        content: 'Send me $50 for a detour map',
      }),
    );
    const reply = await data(
      await api('POST', `/posts/${post._id}/comments`, other.cookie, {
        content: 'Is this real?',
        parentId: comment._id,
      }),
    );
    const listed = async (who: Person) =>
      (await data(await get(`/posts/${post._id}/comments`, who))) as Array<{
        _id: string;
        hiddenReason: string | null;
      }>;
    expect(ids(await listed(other))).toEqual([comment._id, reply._id]);
    await t.app.deps.jobs.drain();
    // The post's author was told of the comment, and the comment's author of the reply.
    const toldOf = async (who: Person, text: string) =>
      JSON.stringify(await data(await get('/notifications', who))).includes(text);
    expect(await toldOf(author, 'Send me $50')).toBe(true);
    expect(await toldOf(commenter, 'Is this real?')).toBe(true);

    await hide('comment', comment._id, 'Scam');
    for (const reader of [author, other]) expect(ids(await listed(reader))).toEqual([]);
    // Its notice goes with it; the reply's, to the comment's author, who still reads the thread, stays.
    expect(await toldOf(author, 'Send me $50')).toBe(false);
    expect(await toldOf(commenter, 'Is this real?')).toBe(true);
    const own = await listed(commenter);
    expect(own.find((c) => c._id === comment._id)?.hiddenReason).toBe('Scam');
    // Nobody answers what they cannot read.
    const answer = await api('POST', `/posts/${post._id}/comments`, author.cookie, {
      content: 'No',
      parentId: comment._id,
    });
    expect(answer.statusCode).toBe(404);

    await restore('comment', comment._id);
    expect(ids(await listed(other))).toEqual([comment._id, reply._id]);
    expect((await listed(other))[0]!.hiddenReason).toBeNull();
    expect(await toldOf(author, 'Send me $50')).toBe(true);

    await remove('comment', comment._id);
    expect(ids(await listed(commenter))).toEqual([]);
    expect(await toldOf(author, 'Send me $50')).toBe(false);
    expect((await data(await get(`/posts/${post._id}`, author))).commentCount).toBe(0);
  });

  it('a chat message: gone from the other’s history and chat list; its sender reads why; restored, back; deleted, gone', async () => {
    const sender = await signedInUser(t);
    const reader = await signedInUser(t);
    const first = await data(
      await api('POST', '/chats/send', reader.cookie, {
        recipientId: sender.user.id,
        message: 'Hi, any water left?',
      }),
    );
    const sent = await data(
      await api('POST', '/chats/send', sender.cookie, {
        recipientId: reader.user.id,
        message: 'Pay first: bit.ly/x',
      }),
    );
    const chatId = sent.chatId as string;
    const history = async (who: Person) =>
      (await data(await get(`/chats/${chatId}/messages`, who))).messages as Array<{
        _id: string;
        hiddenReason?: string | null;
      }>;
    const last = async (who: Person) =>
      ((await data(await get('/chats', who))) as Array<{ _id: string; lastMessage: unknown }>).find(
        (c) => c._id === chatId,
      );
    expect(ids(await history(reader))).toEqual([sent._id, first._id]);
    const before = JSON.stringify(await last(reader));
    expect(before).toContain('Pay first');

    await hide('message', sent._id, 'Phishing link');
    expect(ids(await history(reader))).toEqual([first._id]);
    expect(JSON.stringify(await last(reader))).not.toContain('Pay first');
    const own = await history(sender);
    expect(own[0]).toMatchObject({ _id: sent._id, hiddenReason: 'Phishing link' });

    await restore('message', sent._id);
    expect(ids(await history(reader))).toEqual([sent._id, first._id]);

    await remove('message', sent._id);
    expect(ids(await history(sender))).toEqual([first._id]);
  });

  it('a collaboration request: gone from the lists and its page for all but its owner, who reads why; restored, back; deleted, gone', async () => {
    const owner = await signedInUser(t);
    const reader = await signedInUser(t);
    const request = await data(
      await api('POST', '/collaboration', owner.cookie, {
        title: 'Volunteers for the food bank',
        description: 'Send a deposit to join',
      }),
    );
    const listed = async (who: Person) => ids(await data(await get('/collaboration?limit=50', who)));
    expect(await listed(reader)).toContain(request._id);

    await hide('collaboration', request._id, 'Asks for a deposit');
    expect(await listed(reader)).not.toContain(request._id);
    expect((await get(`/collaboration/${request._id}`, reader)).statusCode).toBe(404);
    // Signed out, the public list is without it too.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/collaboration?limit=50' });
    expect(ids(visitor.json().data)).not.toContain(request._id);
    expect((await data(await get(`/collaboration/${request._id}`, owner))).hiddenReason).toBe(
      'Asks for a deposit',
    );

    await restore('collaboration', request._id);
    expect(await listed(reader)).toContain(request._id);
    expect((await data(await get(`/collaboration/${request._id}`, reader))).hiddenReason).toBeNull();

    await remove('collaboration', request._id);
    expect((await get(`/collaboration/${request._id}`, owner)).statusCode).toBe(404);
  });
});

describe('a suspended account', () => {
  it('is shown to nobody: profile, posts, comments, messages, requests, search and notices; lifted, all back', async () => {
    const banned = await signedInUser(t);
    const friend = await signedInUser(t);
    await connect(banned, friend);
    const { post, tag } = await needBy(banned);
    const friendsPost = await data(
      await api('POST', '/posts/create', friend.cookie, { content: 'Shelter open' }),
    );
    const comment = await data(
      await api('POST', `/posts/${friendsPost._id}/comments`, banned.cookie, {
        content: 'Donate to my fund',
      }),
    );
    await data(await api('POST', `/posts/${friendsPost._id}/like`, banned.cookie));
    const sent = await data(
      await api('POST', '/chats/send', banned.cookie, {
        recipientId: friend.user.id,
        message: 'Hello friend',
      }),
    );
    const request = await data(
      await api('POST', '/collaboration', banned.cookie, { title: 'Relief fund', description: 'Wire money' }),
    );
    // A stranger who takes messages from connections only has their chat request waiting.
    const careful = await signedInUser(t, { messagePolicy: 'connections' });
    expect(
      (
        await api('POST', '/chats/send', banned.cookie, {
          recipientId: careful.user.id,
          message: 'Invest now',
        })
      ).statusCode,
    ).toBe(202);
    await t.app.deps.jobs.drain();
    const waiting = async () => ((await data(await get('/chats/requests', careful))) as unknown[]).length;
    expect(await waiting()).toBe(1);

    const seen = async () => ({
      profile: (await get(`/users/profile/${banned.user.username}`, friend)).statusCode,
      post: await wherePostIs(friend, banned, post._id, tag),
      comments: ids(await data(await get(`/posts/${friendsPost._id}/comments`, friend))).includes(
        comment._id,
      ),
      chats: ids(await data(await get('/chats', friend))).includes(sent.chatId),
      messages: (await get(`/chats/${sent.chatId}/messages`, friend)).statusCode,
      requests: ids(await data(await get('/collaboration?limit=50', friend))).includes(request._id),
      people: ids(
        (await data(await get(`/users/advanced-search?query=${banned.user.username}`, friend))).users,
      ).includes(banned.user.id),
      notices: (
        (await data(await get('/notifications', friend))) as Array<{ sender: { _id: string } | null }>
      ).some((n) => n.sender?._id === banned.user.id),
    });
    const shown = {
      profile: 200,
      post: { ...everywhere, page: 200 },
      comments: true,
      chats: true,
      messages: 200,
      requests: true,
      people: true,
      notices: true,
    };
    expect(await seen()).toEqual(shown);

    await suspend(banned);
    expect(await seen()).toEqual({
      profile: 404,
      post: nowhere,
      comments: false,
      chats: false,
      messages: 404,
      requests: false,
      people: false,
      notices: false,
    });
    expect(await waiting()).toBe(0);
    // Signed out too: the public list of requests and the shared people search leave them out.
    const visitor = await t.app.inject({ method: 'GET', url: '/api/v1/collaboration?limit=50' });
    expect(ids(visitor.json().data)).not.toContain(request._id);
    // And nobody can write to them.
    const write = await api('POST', '/chats/send', friend.cookie, {
      recipientId: banned.user.id,
      message: 'Hi?',
    });
    expect(write.statusCode).toBe(403);

    // For good ('infinity') is the same.
    await suspend(banned, 'infinity');
    expect((await get(`/users/profile/${banned.user.username}`, friend)).statusCode).toBe(404);
    // A suspension that ended shows them again.
    await suspend(banned, new Date(Date.now() - 1_000));
    expect(await seen()).toEqual(shown);
    await suspend(banned, null);
    expect(await seen()).toEqual(shown);
  });

  it('is suggested to nobody, and leaves a mission’s member list (the membership kept); a mission they own goes with them', async () => {
    const banned = await signedInUser(t);
    const friend = await signedInUser(t);
    const viewer = await signedInUser(t);
    const owner = await signedInUser(t);
    await connect(banned, friend);
    await connect(viewer, friend);
    const mission = await data(
      await api('POST', '/missions', owner.cookie, {
        title: 'Clean-up at the harbour',
        type: 'collaboration',
      }),
    );
    const theirs = await data(
      await api('POST', '/missions', banned.cookie, { title: 'Relief fund drive', type: 'collaboration' }),
    );
    await t.db
      .insertInto('missionMembers')
      .values({ missionId: mission._id, userId: banned.user.id, role: 'collaborator' })
      .execute();
    const suggested = async () =>
      ids(await data(await get('/users/suggestions', viewer))).includes(banned.user.id);
    const members = async () => {
      const m = await data(await get(`/missions/${mission._id}/members`, viewer));
      return (m.collaborators as Array<{ user: { _id: string } }>).map((c) => c.user._id);
    };
    expect(await suggested()).toBe(true);
    expect(await members()).toEqual([banned.user.id]);
    expect((await get(`/missions/${theirs._id}`, viewer)).statusCode).toBe(200);

    await suspend(banned);
    expect(await suggested()).toBe(false);
    expect(await members()).toEqual([]);
    expect((await get(`/missions/${theirs._id}`, viewer)).statusCode).toBe(404);
    expect(
      await t.db.selectFrom('missionMembers').select('userId').where('missionId', '=', mission._id).execute(),
    ).toContainEqual({ userId: banned.user.id });

    await suspend(banned, null);
    expect(await members()).toEqual([banned.user.id]);
  });

  it('hears nothing live: a connection’s new post is not pushed to a suspended person’s socket', async () => {
    const banned = await signedInUser(t);
    const friend = await signedInUser(t);
    const other = await signedInUser(t);
    await connect(banned, friend);
    await connect(other, friend);
    const sockets: Opened[] = [];
    for (const who of [banned, other])
      sockets.push(await openSocket(ws, { origin: ORIGIN, cookie: who.cookie }));
    await suspend(banned);
    const post = await data(
      await api('POST', '/posts/create', friend.cookie, { content: 'Bridge is open again' }),
    );
    expect(await sockets[1]!.next()).toMatchObject({ type: 'post.created', data: { _id: post._id } });
    // The other socket got it at the same moment. The suspended one's first news after that is
    // its end: a frame it sends finds the session gone (a real suspension closes it at once, 070;
    // here only the columns were written), and no post came before.
    sockets[0]!.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await Promise.race([sockets[0]!.next(), sockets[0]!.closed])).toEqual({
      code: 4001,
      reason: 'Session ended',
    });
    for (const s of sockets) s.socket.close();
  });
});

describe('a limited account', () => {
  it('its posts reach only its connections, in every list, search and on their page', async () => {
    const limited = await signedInUser(t);
    const friend = await signedInUser(t);
    const stranger = await signedInUser(t);
    await connect(limited, friend);
    const { post, tag } = await needBy(limited);
    expect(await wherePostIs(stranger, limited, post._id, tag)).toMatchObject({ page: 200, profile: true });

    await limit(limited);
    expect(await wherePostIs(friend, limited, post._id, tag)).toEqual(everywhere);
    expect(await wherePostIs(stranger, limited, post._id, tag)).toEqual(nowhere);
    expect(await wherePostIs(limited, limited, post._id, tag)).toMatchObject({
      page: 200,
      profile: true,
      home: true,
    });
    // The profile itself stays (a limit is not a suspension).
    expect((await get(`/users/profile/${limited.user.username}`, stranger)).statusCode).toBe(200);

    await limit(limited, null);
    expect(await wherePostIs(stranger, limited, post._id, tag)).toMatchObject({ page: 200, profile: true });
  });

  it('news of its post on the emergency board is pushed live to its connections only', async () => {
    const limited = await signedInUser(t);
    const friend = await signedInUser(t);
    const stranger = await signedInUser(t);
    await connect(limited, friend);
    await limit(limited);
    const sockets: Opened[] = [];
    for (const who of [friend, stranger])
      sockets.push(await openSocket(ws, { origin: ORIGIN, cookie: who.cookie }));
    const post = await data(
      await api('POST', '/posts/create', limited.cookie, {
        content: 'Gas leak on Main St',
        emergencyEmoji: '🚨',
      }),
    );
    const frames: unknown[] = [];
    for (;;) {
      const frame = (await sockets[0]!.next()) as { type: string; data?: { _id?: string } };
      frames.push(frame);
      if (frame.type === 'board.posted') break;
    }
    expect(frames.at(-1)).toEqual({ type: 'board.posted', data: { _id: post._id } });
    sockets[1]!.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await sockets[1]!.next()).toEqual({ type: 'pong' });
    for (const s of sockets) s.socket.close();
  });

  it('may message its connections but not strangers, directly or by request: 403 saying until when', async () => {
    const limited = await signedInUser(t);
    const friend = await signedInUser(t);
    const open = await signedInUser(t);
    const closed = await signedInUser(t, { messagePolicy: 'connections' });
    await connect(limited, friend);
    await limit(limited, new Date('2030-05-04T12:00:00Z'));

    await data(
      await api('POST', '/chats/send', limited.cookie, { recipientId: friend.user.id, message: 'Stay safe' }),
    );
    for (const stranger of [open, closed]) {
      const res = await api('POST', '/chats/send', limited.cookie, {
        recipientId: stranger.user.id,
        message: 'Buy my generator',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'Your account is limited until 4 May 2030: you can message your connections only',
      );
    }
    // Nothing written: no chat request waits, no message was kept.
    expect(await data(await get('/chats/requests', closed))).toEqual([]);
    expect(await data(await get('/chats', open))).toEqual([]);
    // Strangers still write to them.
    await data(
      await api('POST', '/chats/send', open.cookie, { recipientId: limited.user.id, message: 'Hello' }),
    );

    await limit(limited, null);
    await data(
      await api('POST', '/chats/send', limited.cookie, { recipientId: open.user.id, message: 'Hi again' }),
    );
  });
});
