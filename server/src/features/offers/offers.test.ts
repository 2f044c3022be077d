import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MISSION_PHOTO } from '@muster/contract/missions';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import { OFFER_BUDGET } from '../../platform/limits.js';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName = 'Test') => signedInUser(t, { firstName });

const card = (p: Person) => ({
  _id: p.user.id,
  username: p.user.username,
  firstName: p.user.firstName,
  lastName: p.user.lastName,
  headline: p.user.headline,
  profilePicture: p.user.profilePicture ?? DEFAULT_AVATAR,
  verifiedOrg: p.user.verifiedOrg,
});

async function post(author: Person, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/posts/create', author.cookie, {
    kind: 'need',
    category: 'Tools',
    title: 'A ladder for the roof',
    content: 'Our roof leaks after the storm and we need a long ladder for Saturday.',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function mission(owner: Person, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'River clean-up',
    type: 'collaboration',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function offer(
  helper: Person,
  postId: string,
  body: Record<string, unknown> = { message: 'I have a 6 m ladder and a free Saturday.' },
) {
  const res = await api('POST', `/posts/${postId}/offers`, helper.cookie, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; status: string } & Record<string, unknown>;
}

async function block(blocker: Person, blocked: Person) {
  expect((await api('POST', `/users/${blocked.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
}

const offerRows = (where: { postId?: string; missionId?: string }) => {
  let q = t.db
    .selectFrom('offers')
    .select(['id', 'helperId', 'ownerId', 'message', 'give', 'available', 'status']);
  if (where.postId) q = q.where('postId', '=', where.postId);
  if (where.missionId) q = q.where('missionId', '=', where.missionId);
  return q.execute();
};
const offerCountOf = async (postId: string) =>
  (await t.db.selectFrom('posts').select('offerCount').where('id', '=', postId).executeTakeFirstOrThrow())
    .offerCount;
const notificationsOf = async (p: Person) =>
  (await api('GET', '/notifications', p.cookie)).json().data as Array<Record<string, unknown>>;
const box = async (p: Person, query = '') =>
  (await api('GET', `/offers${query}`, p.cookie)).json() as {
    data: Array<Record<string, unknown> & { _id: string }>;
    meta: { nextCursor: string | null };
  };

describe('offering help on a need or want', () => {
  it('stores the offer for the author, counts it on the post, tells the author, and answers the offer', async () => {
    const [author, helper] = [await person('Ama'), await person('Hana')];
    const postId = await post(author);
    const made = await offer(helper, postId, {
      message: '  I have a 6 m ladder.  ',
      give: 'A ladder and a hand',
      when: 'Saturday morning',
    });
    expect(made).toMatchObject({
      status: 'pending',
      message: 'I have a 6 m ladder.',
      give: 'A ladder and a hand',
      when: 'Saturday morning',
      box: 'made',
      person: card(author),
      post: { _id: postId, kind: 'need', title: 'A ladder for the roof', category: 'Tools', status: 'open' },
      mission: null,
      decidedAt: null,
    });
    expect((made.post as { excerpt: string }).excerpt).toMatch(/^Our roof leaks/);
    expect(await offerRows({ postId })).toEqual([
      {
        id: made._id,
        helperId: helper.user.id,
        ownerId: author.user.id,
        message: 'I have a 6 m ladder.',
        give: 'A ladder and a hand',
        available: 'Saturday morning',
        status: 'pending',
      },
    ]);
    expect(await offerCountOf(postId)).toBe(1);
    expect(await notificationsOf(author)).toContainEqual(
      expect.objectContaining({
        type: 'newOffer',
        relatedPost: expect.objectContaining({ _id: postId }),
        relatedUser: expect.objectContaining({ _id: helper.user.id }),
        commentContent: 'I have a 6 m ladder.',
        message: 'offered to help with your need',
      }),
    );
  });

  it('a want says so', async () => {
    const [author, helper] = [await person(), await person()];
    const postId = await post(author, { kind: 'want', title: 'Voice notes in isiZulu' });
    await offer(helper, postId);
    expect(await notificationsOf(author)).toContainEqual(
      expect.objectContaining({ type: 'newOffer', message: 'offered to help with your want' }),
    );
  });

  it('refuses a bad body or id (400), no session (401), my own need (403), a general post (400), a fulfilled or expired need (409)', async () => {
    const [author, helper] = [await person(), await person()];
    const postId = await post(author);
    expect((await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: ' ' })).statusCode).toBe(
      400,
    );
    expect(
      (await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'hi', extra: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'x'.repeat(1001) })).statusCode,
    ).toBe(400);
    expect((await api('POST', '/posts/not-a-post/offers', helper.cookie, { message: 'hi' })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `/posts/${postId}/offers`, undefined, { message: 'hi' })).statusCode).toBe(401);
    expect((await api('POST', `/posts/${postId}/offers`, author.cookie, { message: 'Me' })).statusCode).toBe(
      403,
    );
    expect(
      (
        await api('POST', '/posts/00000000-0000-4000-8000-000000000000/offers', helper.cookie, {
          message: 'hi',
        })
      ).statusCode,
    ).toBe(404);
    const general = await post(author, { kind: 'general', category: undefined });
    expect((await api('POST', `/posts/${general}/offers`, helper.cookie, { message: 'hi' })).statusCode).toBe(
      400,
    );
    const fulfilled = await post(author);
    await t.db.updateTable('posts').set({ status: 'fulfilled' }).where('id', '=', fulfilled).execute();
    const refused = await api('POST', `/posts/${fulfilled}/offers`, helper.cookie, { message: 'hi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/fulfilled/);
    await t.db.updateTable('posts').set({ status: 'expired' }).where('id', '=', fulfilled).execute();
    expect(
      (await api('POST', `/posts/${fulfilled}/offers`, helper.cookie, { message: 'hi' })).statusCode,
    ).toBe(409);
    for (const id of [postId, general, fulfilled]) expect(await offerRows({ postId: id })).toEqual([]);
  });

  it('blocked either way with the author: 404, nothing written', async () => {
    const [author, blockedByAuthor, blocker] = [await person(), await person(), await person()];
    const postId = await post(author);
    await block(author, blockedByAuthor);
    await block(blocker, author);
    for (const who of [blockedByAuthor, blocker]) {
      const res = await api('POST', `/posts/${postId}/offers`, who.cookie, { message: 'hi' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This post no longer exists');
    }
    expect(await offerRows({ postId })).toEqual([]);
  });

  it('one live offer per person: a second is 409 with nothing written; after withdrawing, a new one is allowed', async () => {
    const [author, helper] = [await person(), await person()];
    const postId = await post(author);
    const first = await offer(helper, postId);
    const again = await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'Me again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already offered help here');
    expect((await offerRows({ postId })).map((o) => o.id)).toEqual([first._id]);
    expect(await offerCountOf(postId)).toBe(1);
    // Withdrawing drops the count, and frees the place for a new offer.
    const withdrawn = await api('DELETE', `/offers/${first._id}`, helper.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({
      _id: first._id,
      status: 'withdrawn',
      decidedAt: expect.any(String),
    });
    expect(await offerCountOf(postId)).toBe(0);
    await offer(helper, postId, { message: 'Free again after all' });
    expect(await offerCountOf(postId)).toBe(1);
    expect((await offerRows({ postId })).map((o) => o.status).sort()).toEqual(['pending', 'withdrawn']);
  });
});

describe('offering help to a mission', () => {
  it('the owner gets a missionHelp notification, counted in offer-counts.mission; the owner cannot offer; empty is 400; a second is 409', async () => {
    const [owner, helper] = [await person(), await person('Hana')];
    const missionId = await mission(owner);
    expect(
      (await api('POST', `/missions/${missionId}/offers`, helper.cookie, { message: ' ' })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', `/missions/${missionId}/offers`, owner.cookie, { message: 'Me' })).statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/missions/${missionId}/offers`, undefined, { message: 'Me' })).statusCode,
    ).toBe(401);
    expect(await offerRows({ missionId })).toEqual([]);
    const res = await api('POST', `/missions/${missionId}/offers`, helper.cookie, {
      message: 'I can drive',
      when: 'Weekends',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      box: 'made',
      post: null,
      mission: { _id: missionId, title: 'River clean-up', photo: DEFAULT_MISSION_PHOTO },
      person: card(owner),
      when: 'Weekends',
    });
    expect(await offerRows({ missionId })).toEqual([
      expect.objectContaining({
        helperId: helper.user.id,
        ownerId: owner.user.id,
        message: 'I can drive',
        available: 'Weekends',
        status: 'pending',
      }),
    ]);
    expect(
      (await api('POST', `/missions/${missionId}/offers`, helper.cookie, { message: 'Again' })).statusCode,
    ).toBe(409);
    expect(await offerRows({ missionId })).toHaveLength(1);
    expect(await notificationsOf(owner)).toContainEqual(
      expect.objectContaining({
        type: 'missionHelp',
        relatedMission: missionId,
        commentContent: 'I can drive',
        message: 'offered to help with River clean-up',
        sender: expect.objectContaining({ _id: helper.user.id }),
      }),
    );
    expect((await api('GET', '/notifications/offer-counts', owner.cookie)).json().data).toMatchObject({
      mission: 1,
    });
    await api('PUT', '/notifications/mark-offers-read', owner.cookie);
    expect((await api('GET', '/notifications/offer-counts', owner.cookie)).json().data).toMatchObject({
      mission: 0,
    });
  });

  it('a members-only mission of strangers, or one blocked either way, is 404', async () => {
    const [owner, stranger, blocked] = [await person(), await person(), await person()];
    const hidden = await mission(owner, { visibility: 'members' });
    expect(
      (await api('POST', `/missions/${hidden}/offers`, stranger.cookie, { message: 'hi' })).statusCode,
    ).toBe(404);
    const open = await mission(owner);
    await block(owner, blocked);
    expect(
      (await api('POST', `/missions/${open}/offers`, blocked.cookie, { message: 'hi' })).statusCode,
    ).toBe(404);
    expect(await offerRows({ missionId: hidden })).toEqual([]);
    expect(await offerRows({ missionId: open })).toEqual([]);
  });
});

describe('accepting an offer', () => {
  it('opens the direct chat with the helper’s message in it, listed for both; the helper is told with the chat', async () => {
    const [author, helper] = [await person('Ama'), await person('Hana')];
    const postId = await post(author, { title: 'Sandbags tonight' });
    const made = await offer(helper, postId, {
      message: 'I can bring six people.',
      give: 'Shovels',
      when: 'From 5 pm',
    });
    const res = await api('PUT', `/offers/${made._id}/accept`, author.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { offer: accepted, chatId } = res.json().data;
    expect(accepted).toMatchObject({
      _id: made._id,
      status: 'accepted',
      box: 'received',
      person: card(helper),
      decidedAt: expect.any(String),
    });
    for (const who of [author, helper]) {
      const chats = (await api('GET', '/chats', who.cookie)).json().data as Array<{
        _id: string;
        lastMessage: { message: string; senderId: string };
      }>;
      expect(chats.find((c) => c._id === chatId)?.lastMessage).toMatchObject({
        message: 'I can bring six people.\n\nI can give: Shovels\n\nWhen: From 5 pm',
        senderId: helper.user.id,
      });
    }
    const chats = (await api('GET', '/chats', author.cookie)).json().data as Array<{
      _id: string;
      unreadCount: number;
    }>;
    expect(chats.find((c) => c._id === chatId)?.unreadCount).toBe(1);
    const messages = (await api('GET', `/chats/${chatId}/messages`, author.cookie)).json().data
      .messages as Array<{ _id: string }>;
    expect(messages.map((m) => m._id)).toEqual([made._id]);
    expect(await notificationsOf(helper)).toContainEqual(
      expect.objectContaining({
        type: 'systemNotification',
        chat: chatId,
        message: `${author.user.firstName} ${author.user.lastName} accepted your offer of help with “Sandbags tonight”`,
      }),
    );
    // Accepted notices are not new offers.
    expect((await api('GET', '/notifications/offer-counts', helper.cookie)).json().data).toEqual({
      new: 0,
      mission: 0,
    });
    // A second click finds it answered.
    expect((await api('PUT', `/offers/${made._id}/accept`, author.cookie)).statusCode).toBe(409);
    expect((await api('PUT', `/offers/${made._id}/decline`, author.cookie)).statusCode).toBe(409);
    expect(
      await t.db.selectFrom('chatMessages').select('id').where('chatId', '=', chatId).execute(),
    ).toHaveLength(1);
    // An accepted offer is live: no second one, and it cannot be withdrawn.
    expect(
      (await api('POST', `/posts/${postId}/offers`, helper.cookie, { message: 'again' })).statusCode,
    ).toBe(409);
    expect((await api('DELETE', `/offers/${made._id}`, helper.cookie)).statusCode).toBe(409);
  });

  it('reuses the direct chat the two already have, whatever the helper’s message policy', async () => {
    const [author, helper] = [await person(), await person()];
    const sent = await api('POST', '/chats/send', helper.cookie, {
      recipientId: author.user.id,
      message: 'Hello there',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const existing = sent.json().data.chatId as string;
    await t.db
      .updateTable('users')
      .set({ messagePolicy: 'connections' })
      .where('id', 'in', [author.user.id, helper.user.id])
      .execute();
    const postId = await post(author);
    const made = await offer(helper, postId, { message: 'Ladder is yours.' });
    const res = await api('PUT', `/offers/${made._id}/accept`, author.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.chatId).toBe(existing);
    const messages = (await api('GET', `/chats/${existing}/messages`, helper.cookie)).json().data
      .messages as Array<{ message: string }>;
    expect(messages.map((m) => m.message)).toEqual(['Ladder is yours.', 'Hello there']);
    expect(await notificationsOf(helper)).toContainEqual(
      expect.objectContaining({ type: 'systemNotification', chat: existing }),
    );
  });

  it('is the receiver’s alone: the helper 403, anyone else 404, blocked either way 404, a bad id 400, no session 401', async () => {
    const [author, helper, stranger] = [await person(), await person(), await person()];
    const made = await offer(helper, await post(author));
    expect((await api('PUT', `/offers/${made._id}/accept`, helper.cookie)).statusCode).toBe(403);
    expect((await api('PUT', `/offers/${made._id}/decline`, helper.cookie)).statusCode).toBe(403);
    expect((await api('PUT', `/offers/${made._id}/accept`, stranger.cookie)).statusCode).toBe(404);
    expect((await api('PUT', `/offers/${made._id}/decline`, stranger.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/offers/${made._id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/offers/${made._id}`, author.cookie)).statusCode).toBe(403);
    expect((await api('PUT', '/offers/nope/accept', author.cookie)).statusCode).toBe(400);
    expect((await api('DELETE', '/offers/nope', helper.cookie)).statusCode).toBe(400);
    expect((await api('PUT', `/offers/${made._id}/accept`)).statusCode).toBe(401);
    expect((await api('PUT', `/offers/${made._id}/decline`)).statusCode).toBe(401);
    expect((await api('DELETE', `/offers/${made._id}`)).statusCode).toBe(401);
    await block(helper, author);
    expect((await api('PUT', `/offers/${made._id}/accept`, author.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/offers/${made._id}`, helper.cookie)).statusCode).toBe(404);
    expect(
      (await offerRows({ postId: made.post ? (made.post as { _id: string })._id : '' }))[0]?.status,
    ).toBe('pending');
    expect(
      await t.db.selectFrom('chats').select('id').where('directKey', 'like', `%${helper.user.id}%`).execute(),
    ).toEqual([]);
  });

  it('the chat it opens names the needs it is about, to both, newest first, as each may read them (decision 052)', async () => {
    const [author, helper] = [await person('Ama'), await person('Hana')];
    type About = Array<{ postId: string; title: string }> | undefined;
    const aboutFor = async (who: Person, chatId: string) =>
      (await api('GET', `/chats/${chatId}/messages`, who.cookie)).json().data.chat.about as About;

    const sandbags = await post(author, { title: 'Sandbags tonight' });
    const first = await api('PUT', `/offers/${(await offer(helper, sandbags))._id}/accept`, author.cookie);
    const chatId = first.json().data.chatId as string;
    for (const who of [author, helper])
      expect(await aboutFor(who, chatId)).toEqual([{ postId: sandbags, title: 'Sandbags tonight' }]);

    // The other way round, untitled (the start of its text), into the same chat; a pending offer
    // and a declined one are not what the chat is about.
    const untitled = await post(helper, {
      title: '',
      content:
        'Generator   needed for the clinic fridge, which holds insulin for forty people in the valley.',
    });
    await api('PUT', `/offers/${(await offer(author, untitled))._id}/accept`, helper.cookie);
    await offer(helper, await post(author, { title: 'Still waiting' }));
    const declined = await offer(author, await post(helper, { title: 'Said no to' }));
    expect((await api('PUT', `/offers/${declined._id}/decline`, helper.cookie)).statusCode).toBe(200);
    const both = [
      {
        postId: untitled,
        title: 'Generator needed for the clinic fridge, which holds insulin for forty people in…',
      },
      { postId: sandbags, title: 'Sandbags tonight' },
    ];
    expect(await aboutFor(author, chatId)).toEqual(both);
    expect(await aboutFor(helper, chatId)).toEqual(both);
    // Lists do not carry it; a chat no offer opened says nothing.
    const listed = (await api('GET', '/chats', author.cookie)).json().data as Array<Record<string, unknown>>;
    expect(listed.find((c) => c._id === chatId)).not.toHaveProperty('about');
    const stranger = await person();
    const hello = await api('POST', '/chats/send', stranger.cookie, {
      recipientId: author.user.id,
      message: 'Hello',
    });
    expect(await aboutFor(stranger, hello.json().data.chatId)).toEqual([]);
  });

  it('blocked either way, the chat and what it is about are the same 404', async () => {
    const [author, helper] = [await person(), await person()];
    const need = await post(author, { title: 'Blankets for the hall' });
    const accepted = await api('PUT', `/offers/${(await offer(helper, need))._id}/accept`, author.cookie);
    const chatId = accepted.json().data.chatId as string;
    await block(author, helper);
    for (const who of [author, helper]) {
      const res = await api('GET', `/chats/${chatId}/messages`, who.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Blankets for the hall');
    }
  });

  it('accepts a mission offer into a direct chat too', async () => {
    const [owner, helper] = [await person(), await person()];
    const missionId = await mission(owner, { title: 'Mangrove survey' });
    const made = (
      await api('POST', `/missions/${missionId}/offers`, helper.cookie, { message: 'I own a boat' })
    ).json().data;
    const res = await api('PUT', `/offers/${made._id}/accept`, owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.offer.mission).toMatchObject({ _id: missionId, title: 'Mangrove survey' });
    const messages = (await api('GET', `/chats/${res.json().data.chatId}/messages`, helper.cookie)).json()
      .data.messages as Array<{ message: string }>;
    expect(messages.map((m) => m.message)).toEqual(['I own a boat']);
  });
});

describe('a need past its expiry, before the minute job has run (issue 31, item 6)', () => {
  /** Moves the need's expiry to `ago` before now, leaving its status as the job would find it: open. */
  const expire = async (postId: string, ago: string) => {
    await t.db
      .updateTable('posts')
      .set({ expiresAt: sql<Date>`now() - ${ago}::interval` })
      .where('id', '=', postId)
      .execute();
    expect(
      (await t.db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow())
        .status,
    ).toBe('open');
  };

  it('takes no offers, one at a time or many at once, on needs and wants whose time has passed, writing nothing', async () => {
    const author = await person();
    const helpers = await Promise.all(Array.from({ length: 6 }, () => person()));
    for (const [kind, ago] of [
      ['need', '1 millisecond'],
      ['need', '1 second'],
      ['want', '1 minute'],
      ['need', '3 days'],
    ] as const) {
      const postId = await post(author, { kind, openForDays: 7 });
      await expire(postId, ago);
      const answers = [
        await api('POST', `/posts/${postId}/offers`, helpers[0]!.cookie, { message: 'I can help' }),
      ];
      // At once: the offers may share one batched statement.
      answers.push(
        ...(await Promise.all(
          helpers
            .slice(1)
            .map((h) => api('POST', `/posts/${postId}/offers`, h.cookie, { message: 'Me too' })),
        )),
      );
      for (const res of answers) {
        expect(res.statusCode, `${kind} ${ago}`).toBe(409);
        expect(res.json().message).toBe('This need has expired');
      }
      expect(await offerRows({ postId })).toEqual([]);
      expect(await offerCountOf(postId)).toBe(0);
    }
    // Expiring in a minute, it still takes them.
    const soon = await post(author, { openForDays: 7 });
    await t.db
      .updateTable('posts')
      .set({ expiresAt: sql<Date>`now() + interval '1 minute'` })
      .where('id', '=', soon)
      .execute();
    await offer(helpers[0]!, soon);
    expect((await notificationsOf(author)).filter((n) => n.type === 'newOffer')).toHaveLength(1);
  });

  it('accepts no offer once its need’s time has passed; a no may still be said; kept open, it is accepted', async () => {
    const author = await person();
    const [first, second] = [await person(), await person()];
    const postId = await post(author, { openForDays: 7 });
    const [a, b] = [await offer(first, postId), await offer(second, postId)];
    await expire(postId, '1 second');
    const refused = await api('PUT', `/offers/${a._id}/accept`, author.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This need has expired');
    expect((await offerRows({ postId })).map((o) => o.status)).toEqual(['pending', 'pending']);
    expect(
      (await notificationsOf(first)).filter(
        (n) => n.type === 'systemNotification' && String(n.message).includes('accepted'),
      ),
    ).toEqual([]);
    // Declining is tidying up, not taking help.
    expect((await api('PUT', `/offers/${b._id}/decline`, author.cookie)).statusCode).toBe(200);
    // Kept open, the need takes help again.
    expect(
      (await api('POST', `/posts/${postId}/keep-open`, author.cookie, { openForDays: 7 })).statusCode,
    ).toBe(200);
    expect((await api('PUT', `/offers/${a._id}/accept`, author.cookie)).statusCode).toBe(200);
  });
});

describe('declining and withdrawing', () => {
  it('declining tells the helper kindly, with no details, and is not a new offer for them', async () => {
    const [author, helper] = [await person(), await person()];
    const postId = await post(author, { title: 'Generator for the clinic' });
    const made = await offer(helper, postId, { message: 'I have a 5 kVA generator' });
    const res = await api('PUT', `/offers/${made._id}/decline`, author.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'declined',
      box: 'received',
      decidedAt: expect.any(String),
    });
    const notes = await notificationsOf(helper);
    expect(notes).toContainEqual(
      expect.objectContaining({
        type: 'systemNotification',
        message: 'Thank you for offering to help with “Generator for the clinic”. It is covered for now.',
        chat: null,
      }),
    );
    expect((await api('GET', '/notifications/offer-counts', helper.cookie)).json().data).toEqual({
      new: 0,
      mission: 0,
    });
    // Declined stays counted as an offer that was made; only a withdrawal takes it off.
    expect(await offerCountOf(postId)).toBe(1);
    expect((await api('PUT', `/offers/${made._id}/decline`, author.cookie)).statusCode).toBe(409);
    expect((await api('DELETE', `/offers/${made._id}`, helper.cookie)).statusCode).toBe(409);
    // A declined offer is not live: the helper may offer again.
    await offer(helper, postId, { message: 'If it falls through, I am still here' });
  });
});

describe('the offer boxes', () => {
  it('Received and Made, newest first, filtered by status, paged, without people blocked either way', async () => {
    const [me, a, b, c] = [await person('Me'), await person('Aa'), await person('Bb'), await person('Cc')];
    const mine = await post(me, { title: 'Mine' });
    const received = [];
    for (const helper of [a, b, c])
      received.push(await offer(helper, mine, { message: `From ${helper.user.firstName}` }));
    const theirs = await post(a, { kind: 'want', title: 'Theirs' });
    const madeByMe = await offer(me, theirs);
    await api('PUT', `/offers/${received[0]!._id}/decline`, me.cookie);

    const inbox = await box(me, '?box=received');
    expect(inbox.data.map((o) => o._id)).toEqual(received.map((o) => o._id).reverse());
    expect(inbox.data[0]).toMatchObject({
      box: 'received',
      person: card(c),
      message: 'From Cc',
      post: { _id: mine, title: 'Mine' },
    });
    expect((await box(me)).data.map((o) => o._id)).toEqual(inbox.data.map((o) => o._id));
    expect((await box(me, '?box=received&status=declined')).data.map((o) => o._id)).toEqual([
      received[0]!._id,
    ]);
    expect((await box(me, '?box=received&status=pending')).data.map((o) => o._id)).toEqual([
      received[2]!._id,
      received[1]!._id,
    ]);
    const made = await box(me, '?box=made');
    expect(made.data).toEqual([
      expect.objectContaining({
        _id: madeByMe._id,
        box: 'made',
        person: card(a),
        post: expect.objectContaining({ kind: 'want', title: 'Theirs' }),
      }),
    ]);

    const first = await box(me, '?box=received&limit=2');
    expect(first.data.map((o) => o._id)).toEqual([received[2]!._id, received[1]!._id]);
    expect(first.meta.nextCursor).toEqual(expect.any(String));
    const second = await box(me, `?box=received&limit=2&cursor=${first.meta.nextCursor}`);
    expect(second.data.map((o) => o._id)).toEqual([received[0]!._id]);
    expect(second.meta.nextCursor).toBeNull();

    await block(b, me);
    expect((await box(me, '?box=received')).data.map((o) => o._id)).toEqual([
      received[2]!._id,
      received[0]!._id,
    ]);
    expect((await box(b, '?box=made')).data).toEqual([]);

    expect((await api('GET', '/offers?box=sideways', me.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/offers?status=maybe', me.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/offers?cursor=garbage', me.cookie)).statusCode).toBe(400);
    expect((await api('GET', '/offers')).statusCode).toBe(401);
  });

  it('offer-counts counts an unread newOffer, and mark-offers-read clears it', async () => {
    const [author, helper] = [await person(), await person()];
    await offer(helper, await post(author));
    expect((await api('GET', '/notifications/offer-counts', author.cookie)).json().data).toEqual({
      new: 1,
      mission: 0,
    });
    expect((await api('PUT', '/notifications/mark-offers-read', author.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/notifications/offer-counts', author.cookie)).json().data).toEqual({
      new: 0,
      mission: 0,
    });
  });
});

describe('the per-account offer budget', () => {
  it('is one budget for offers on posts and to missions: 429 with Retry-After once spent, nothing written', async () => {
    const strict = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: '1' } });
    try {
      const call = apiCaller(strict);
      const [author, helper] = [await signedInUser(strict), await signedInUser(strict)];
      const postId = (
        await call('POST', '/posts/create', author.cookie, {
          kind: 'need',
          category: 'Tools',
          content: 'A ladder, please',
        })
      ).json().data._id as string;
      const missionId = (
        await call('POST', '/missions', author.cookie, { title: 'Theirs', type: 'collaboration' })
      ).json().data._id as string;
      // Offer and withdraw, on the post and the mission in turn: each offer spends the budget.
      for (let i = 0; i < OFFER_BUDGET.max; i++) {
        const url = i % 2 ? `/missions/${missionId}/offers` : `/posts/${postId}/offers`;
        const res = await call('POST', url, helper.cookie, { message: `help ${i}` });
        expect(res.statusCode, res.body).toBe(200);
        expect((await call('DELETE', `/offers/${res.json().data._id}`, helper.cookie)).statusCode).toBe(200);
      }
      for (const url of [`/posts/${postId}/offers`, `/missions/${missionId}/offers`]) {
        const refused = await call('POST', url, helper.cookie, { message: 'too many' });
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(
        await strict.db.selectFrom('offers').select('id').where('message', '=', 'too many').execute(),
      ).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
