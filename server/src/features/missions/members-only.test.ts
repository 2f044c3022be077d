import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@muster/contract/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * One audience for every path (issue 31 item 2, decision 040): a members-only mission's updates
 * are its members' alone — in the feed, and equally in every notice, live event, count and
 * answer about them. Each case here reached someone outside before.
 */

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
let live: ReturnType<typeof recordDeliveries>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  live = recordDeliveries(t);
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof signedInUser>>;
const person = (firstName = 'Test') => signedInUser(t, { firstName });

async function start(owner: Person, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'Secret convoy',
    type: 'collaboration',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

/** A members-only mission with these members: nobody may ask to join one, so it is closed once they are in. */
async function closedMission(owner: Person, members: Person[]) {
  const missionId = await start(owner);
  for (const p of members) await join(missionId, owner, p);
  await makeMembersOnly(missionId, owner);
  return missionId;
}

/** Asks to join and has the owner approve: the person is a member. */
async function join(missionId: string, owner: Person, who: Person) {
  expect(
    (await api('POST', `/missions/${missionId}/join`, who.cookie, { role: 'collaborator' })).statusCode,
  ).toBe(200);
  const { id } = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .where('userId', '=', who.user.id)
    .executeTakeFirstOrThrow();
  const res = await api('PUT', `/missions/${missionId}/join-requests/${id}/approve`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

async function follow(missionId: string, who: Person) {
  expect((await api('POST', `/missions/${missionId}/follow`, who.cookie)).statusCode).toBe(200);
}

async function makeMembersOnly(missionId: string, owner: Person) {
  expect(
    (await api('PATCH', `/missions/${missionId}`, owner.cookie, { visibility: 'members' })).statusCode,
  ).toBe(200);
}

async function connect(a: Person, b: Person) {
  expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(200);
  expect((await api('POST', `/connections/${a.user.id}`, b.cookie)).statusCode).toBe(200);
}

async function update(missionId: string, who: Person, content = 'Leaving the depot at six') {
  const res = await api('POST', '/posts/create', who.cookie, {
    kind: 'general',
    content,
    mission: { missionId, title: 'x', updateCount: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.kind).toBe('mission_update');
  return res.json().data._id as string;
}

/**
 * Every live event published so far has been delivered: a marker published now comes after them
 * (one process, or one Redis connection, keeps the order), so waiting for it needs no timing.
 */
async function settled() {
  const marker: RealtimeEvent = { type: 'counts.changed', data: { counts: ['chats'] } };
  const to = randomUUID();
  t.app.deps.realtime.publish([to], marker);
  await expect
    .poll(() => live.all.some((d) => d.to.includes(to)), { timeout: 30_000, interval: 20 })
    .toBe(true);
}

/** The notices stored so far, which toldAbout passes over. */
let before = new Set<string>();

/** From here on: the live events and notices toldAbout reports. */
async function mark() {
  live.clear();
  before = new Set((await t.db.selectFrom('notifications').select('id').execute()).map((n) => n.id));
}

/** What a person was told about the post or mission since `mark`: notices stored, and events delivered live. */
async function toldAbout(who: Person, ids: { postId?: string; missionId?: string }) {
  await settled();
  const stored = (
    await t.db
      .selectFrom('notifications')
      .select(['id', 'message'])
      .where('userId', '=', who.user.id)
      .where((eb) =>
        eb.or([
          ...(ids.postId ? [eb('relatedPostId', '=', ids.postId)] : []),
          ...(ids.missionId ? [eb('relatedMissionId', '=', ids.missionId)] : []),
        ]),
      )
      .execute()
  ).filter((n) => !before.has(n.id));
  // Live: the post's own events, and the notices about it (an outsider's are checked whole, by `heardNothing`).
  const notices = new Set(stored.map((n) => n.id));
  const events = live.of(who.user.id).filter((e) => {
    if (e.type === 'notification.created') return notices.has(e.data._id);
    return (e.type === 'post.created' || e.type === 'board.posted') && e.data._id === ids.postId;
  });
  return { stored: stored.map((n) => n.message), live: events.map((e) => e.type).sort() };
}

/** Since `mark`, the person was told nothing live about any post or notice. */
async function heardNothing(who: Person) {
  await settled();
  const kinds = new Set(['notification.created', 'post.created', 'board.posted']);
  expect(live.of(who.user.id).filter((e) => kinds.has(e.type))).toEqual([]);
}

const NOTHING = { stored: [], live: [] };

describe('a mission update is told to those who may read it, at the time it is sent', () => {
  it('a public mission: its members and followers hear of an update, live and stored', async () => {
    const [owner, member, follower] = [await person(), await person(), await person()];
    const missionId = await start(owner);
    await join(missionId, owner, member);
    await follow(missionId, follower);
    await mark();
    const postId = await update(missionId, owner);
    for (const who of [member, follower]) {
      expect(await toldAbout(who, { postId })).toEqual({
        stored: ['posted an update to Secret convoy'],
        live: ['notification.created'],
      });
    }
  });

  it('a members-only mission: only its current members hear — not a follower from when it was public, a removed member who follows, a member who left and follows, nor a follower blocked by its owner', async () => {
    const [owner, member, follower, removed, left, blockedFollower] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const missionId = await start(owner);
    await join(missionId, owner, member);
    for (const p of [follower, removed, left, blockedFollower]) await follow(missionId, p);
    await join(missionId, owner, removed);
    await join(missionId, owner, left);
    await makeMembersOnly(missionId, owner);
    expect(
      (await api('DELETE', `/missions/${missionId}/members/${removed.user.id}`, owner.cookie)).statusCode,
    ).toBe(200);
    expect((await api('DELETE', `/missions/${missionId}/members/me`, left.cookie)).statusCode).toBe(200);
    // The follows outlived all of it.
    const follows = await t.db
      .selectFrom('missionFollows')
      .select('userId')
      .where('missionId', '=', missionId)
      .execute();
    expect(follows.map((f) => f.userId).sort()).toEqual(
      [follower, removed, left, blockedFollower].map((p) => p.user.id).sort(),
    );
    await mark();

    // Updates by the owner and by a member: the outsiders hear of neither.
    const byOwner = await update(missionId, owner);
    const byMember = await update(missionId, member, 'Second truck loaded');
    for (const postId of [byOwner, byMember]) {
      for (const outsider of [follower, removed, left, blockedFollower])
        expect(await toldAbout(outsider, { postId, missionId })).toEqual(NOTHING);
    }
    for (const outsider of [follower, removed, left, blockedFollower]) await heardNothing(outsider);
    expect(await toldAbout(member, { postId: byOwner })).toEqual({
      stored: ['posted an update to Secret convoy'],
      live: ['board.posted', 'notification.created'],
    });
    expect((await toldAbout(owner, { postId: byMember })).stored).toEqual([
      'posted an update to Secret convoy',
    ]);
  });

  it('notices stored while the mission was public leave the list of a follower once it is members-only, and of a member once they leave', async () => {
    const [owner, member, follower] = [await person(), await person(), await person()];
    const missionId = await start(owner);
    await join(missionId, owner, member);
    await follow(missionId, follower);
    await follow(missionId, member);
    const postId = await update(missionId, owner);
    const listed = async (who: Person) =>
      ((await api('GET', '/notifications', who.cookie)).json().data as Array<{ message: string }>).filter(
        (n) => n.message.startsWith('posted an update'),
      );
    expect(await listed(follower)).toHaveLength(1);
    expect(await listed(member)).toHaveLength(1);
    await makeMembersOnly(missionId, owner);
    expect(await listed(follower)).toEqual([]);
    expect(await listed(member)).toHaveLength(1);
    expect((await api('DELETE', `/missions/${missionId}/members/me`, member.cookie)).statusCode).toBe(200);
    expect(await listed(member)).toEqual([]);
    // Public again: they are there to read, and so is the notice.
    expect(
      (await api('PATCH', `/missions/${missionId}`, owner.cookie, { visibility: 'public' })).statusCode,
    ).toBe(200);
    expect(await listed(follower)).toHaveLength(1);
    expect((await api('GET', `/posts/${postId}`, follower.cookie)).statusCode).toBe(200);
  });

  it('a public mission whose owner blocked a follower: that follower hears nothing of its updates (the mission is not there for them)', async () => {
    const [owner, member, blockedFollower] = [await person(), await person(), await person()];
    const missionId = await start(owner);
    await join(missionId, owner, member);
    await follow(missionId, blockedFollower);
    expect((await api('POST', `/users/${blockedFollower.user.id}/block`, owner.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/missions/${missionId}`, blockedFollower.cookie)).statusCode).toBe(404);
    await mark();
    const postId = await update(missionId, member);
    expect(await toldAbout(blockedFollower, { postId })).toEqual(NOTHING);
    await heardNothing(blockedFollower);
  });
});

describe('live events and notices about a members-only update reach its members only', () => {
  it('post.created goes to the author’s connections who are members, not to the others; a public post still reaches them all', async () => {
    const [author, owner, friendInside, friendOutside] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const missionId = await closedMission(owner, [author, friendInside]);
    await connect(author, friendInside);
    await connect(author, friendOutside);
    await mark();

    const postId = await update(missionId, author);
    await settled();
    const announced = live.all.filter((d) => d.event.type === 'post.created');
    expect(announced.map((d) => [...d.to].sort())).toEqual([[author.user.id, friendInside.user.id].sort()]);
    expect(await toldAbout(friendOutside, { postId, missionId })).toEqual(NOTHING);
    await heardNothing(friendOutside);
    // Nor is it on their emergency board's live channel.
    expect(live.of(friendOutside.user.id).filter((e) => e.type === 'board.posted')).toEqual([]);

    // The same author's plain post, and an update of a public mission, reach both.
    await mark();
    await api('POST', '/posts/create', author.cookie, { content: 'Anyone spare a tarp?' });
    const openMission = await start(owner, { title: 'Open convoy' });
    await join(openMission, owner, author);
    await update(openMission, author);
    await settled();
    expect(live.of(friendOutside.user.id).filter((e) => e.type === 'post.created')).toHaveLength(2);
  });

  it('comments, replies and likes on a members-only update tell nobody who has since left (nor its author who left)', async () => {
    const [owner, author, commenter, member] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const missionId = await closedMission(owner, [author, commenter, member]);
    const postId = await update(missionId, author);
    const comment = await api('POST', `/posts/${postId}/comments`, commenter.cookie, {
      content: 'I can drive',
    });
    expect(comment.statusCode, comment.body).toBe(200);
    const commentId = comment.json().data._id as string;
    for (const p of [author, commenter])
      expect((await api('DELETE', `/missions/${missionId}/members/me`, p.cookie)).statusCode).toBe(200);
    await mark();

    expect(
      (
        await api('POST', `/posts/${postId}/comments`, member.cookie, {
          content: 'Route is via the pass',
          parentId: commentId,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api('POST', `/posts/${postId}/comments`, owner.cookie, { content: 'Meet at the depot' }))
        .statusCode,
    ).toBe(200);
    expect((await api('POST', `/posts/${postId}/like`, member.cookie)).statusCode).toBe(200);
    for (const outsider of [author, commenter])
      expect(await toldAbout(outsider, { postId, missionId })).toEqual(NOTHING);
    for (const outsider of [author, commenter]) await heardNothing(outsider);
  });
});

describe('a thing the viewer may not see answers exactly as one that does not exist', () => {
  type Answer = { status: number; body: unknown };
  const answerOf = (res: Awaited<ReturnType<typeof api>>): Answer => {
    const body = res.json() as Record<string, unknown>;
    return {
      status: res.statusCode,
      body: { message: body.message, code: body.code, details: body.details },
    };
  };

  it('for every action on a members-only mission, its update and a comment on it, to a stranger and to members who left or were removed', async () => {
    const [owner, member, stranger, left, removed] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const missionId = await start(owner);
    for (const p of [member, left, removed]) await join(missionId, owner, p);
    // Someone who will leave follows (a stranger may not follow a members-only mission).
    await follow(missionId, left);
    const postId = await update(missionId, member);
    const commentId = (
      await api('POST', `/posts/${postId}/comments`, member.cookie, { content: 'Fuel is paid' })
    ).json().data._id as string;
    // A request to join, made while the mission was public, that an outsider tries to answer; a task on the mission's list.
    const asker = await person();
    expect(
      (await api('POST', `/missions/${missionId}/join`, asker.cookie, { role: 'partner' })).statusCode,
    ).toBe(200);
    const { id: requestId } = await t.db
      .selectFrom('missionJoinRequests')
      .select('id')
      .where('userId', '=', asker.user.id)
      .executeTakeFirstOrThrow();
    await makeMembersOnly(missionId, owner);
    const task = await api('POST', `/missions/${missionId}/tasks`, owner.cookie, {
      title: 'Load the truck',
      description: '',
    });
    expect(task.statusCode, task.body).toBe(200);
    const taskId = task.json().data._id as string;
    expect((await api('DELETE', `/missions/${missionId}/members/me`, left.cookie)).statusCode).toBe(200);
    expect(
      (await api('DELETE', `/missions/${missionId}/members/${removed.user.id}`, owner.cookie)).statusCode,
    ).toBe(200);

    type Ids = { post: string; comment: string; mission: string; request: string; task: string };
    const hidden: Ids = {
      post: postId,
      comment: commentId,
      mission: missionId,
      request: requestId,
      task: taskId,
    };
    const ACTIONS: Array<[string, (p: Person, ids: Ids) => ReturnType<typeof api>]> = [
      ['read the post', (p, i) => api('GET', `/posts/${i.post}`, p.cookie)],
      ['edit the post', (p, i) => api('PATCH', `/posts/${i.post}`, p.cookie, { content: 'mine now' })],
      ['delete the post', (p, i) => api('DELETE', `/posts/${i.post}`, p.cookie)],
      [
        'keep the post open',
        (p, i) => api('PUT', `/posts/${i.post}/keep-open`, p.cookie, { openForDays: 30 }),
      ],
      ['like', (p, i) => api('POST', `/posts/${i.post}/like`, p.cookie)],
      ['unlike', (p, i) => api('DELETE', `/posts/${i.post}/like`, p.cookie)],
      ['save', (p, i) => api('POST', `/posts/${i.post}/save`, p.cookie)],
      ['unsave', (p, i) => api('DELETE', `/posts/${i.post}/save`, p.cookie)],
      ['read the comments', (p, i) => api('GET', `/posts/${i.post}/comments`, p.cookie)],
      ['comment', (p, i) => api('POST', `/posts/${i.post}/comments`, p.cookie, { content: 'hello' })],
      [
        'reply to the comment',
        (p, i) =>
          api('POST', `/posts/${i.post}/comments`, p.cookie, { content: 'hello', parentId: i.comment }),
      ],
      ['delete the comment', (p, i) => api('DELETE', `/posts/${i.post}/comments/${i.comment}`, p.cookie)],
      [
        'offer help on the post',
        (p, i) => api('POST', `/posts/${i.post}/offers`, p.cookie, { message: 'I can help' }),
      ],
      [
        'report the post',
        (p, i) => api('POST', '/reports', p.cookie, { targetType: 'post', targetId: i.post, reason: 'spam' }),
      ],
      [
        'report the comment',
        (p, i) =>
          api('POST', '/reports', p.cookie, { targetType: 'comment', targetId: i.comment, reason: 'spam' }),
      ],
      ['read the mission', (p, i) => api('GET', `/missions/${i.mission}`, p.cookie)],
      ['edit the mission', (p, i) => api('PATCH', `/missions/${i.mission}`, p.cookie, { title: 'Mine' })],
      ['delete the mission', (p, i) => api('DELETE', `/missions/${i.mission}`, p.cookie)],
      ['complete the mission', (p, i) => api('PUT', `/missions/${i.mission}/complete`, p.cookie)],
      [
        'ask to join',
        (p, i) => api('POST', `/missions/${i.mission}/join`, p.cookie, { role: 'collaborator' }),
      ],
      [
        'approve a join request',
        (p, i) => api('PUT', `/missions/${i.mission}/join-requests/${i.request}/approve`, p.cookie),
      ],
      [
        'decline a join request',
        (p, i) => api('PUT', `/missions/${i.mission}/join-requests/${i.request}/decline`, p.cookie),
      ],
      ['leave', (p, i) => api('DELETE', `/missions/${i.mission}/members/me`, p.cookie)],
      [
        'remove a member',
        (p, i) => api('DELETE', `/missions/${i.mission}/members/${member.user.id}`, p.cookie),
      ],
      ['list the members', (p, i) => api('GET', `/missions/${i.mission}/members`, p.cookie)],
      ['follow', (p, i) => api('POST', `/missions/${i.mission}/follow`, p.cookie)],
      ['unfollow', (p, i) => api('DELETE', `/missions/${i.mission}/follow`, p.cookie)],
      ['read the updates', (p, i) => api('GET', `/missions/${i.mission}/updates`, p.cookie)],
      [
        'offer help to the mission',
        (p, i) => api('POST', `/missions/${i.mission}/offers`, p.cookie, { message: 'I can help' }),
      ],
      ['list the tasks', (p, i) => api('GET', `/missions/${i.mission}/tasks`, p.cookie)],
      [
        'add a task',
        (p, i) => api('POST', `/missions/${i.mission}/tasks`, p.cookie, { title: 'Mine', description: '' }),
      ],
      ['read the task', (p, i) => api('GET', `/tasks/${i.task}`, p.cookie)],
      ['change the task', (p, i) => api('PATCH', `/tasks/${i.task}`, p.cookie, { status: 'done' })],
      ['delete the task', (p, i) => api('DELETE', `/tasks/${i.task}`, p.cookie)],
    ];

    let tried = 0;
    const told: string[] = [];
    for (const [who, p] of [
      ['stranger', stranger],
      ['member who left', left],
      ['removed member', removed],
    ] as const) {
      for (const [name, act] of ACTIONS) {
        // A fresh unknown id for every kind of thing, asked first: the hidden one must answer the same.
        const unknown: Ids = {
          post: randomUUID(),
          comment: randomUUID(),
          mission: randomUUID(),
          request: randomUUID(),
          task: randomUUID(),
        };
        const expected = answerOf(await act(p, unknown));
        expect(expected.status, `${name}: an unknown id`).toBe(404);
        const got = answerOf(await act(p, hidden));
        if (JSON.stringify(got) !== JSON.stringify(expected))
          told.push(`${who}: ${name} answered ${got.status} ${JSON.stringify(got.body)}`);
        tried += 1;
      }
    }
    // Every route that told a hidden thing from a missing one, named at once.
    expect(told).toEqual([]);
    expect(tried).toBe(3 * ACTIONS.length);
    // Nothing was written on the hidden things' behalf.
    expect(
      await t.db.selectFrom('reports').select('id').where('targetId', 'in', [postId, commentId]).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('offers').select('id').where('postId', '=', postId).execute()).toEqual([]);
    const stored = await t.db
      .selectFrom('posts')
      .select(['content'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe('Leaving the depot at six');
  });
});

describe('trending hashtags and hashtag counts are public aggregates: a members-only mission’s tags are not in them', () => {
  it('a tag used only inside a members-only mission is in no trending list and counts 0 in search, for strangers and members alike', async () => {
    const [owner, member, stranger] = [await person(), await person(), await person()];
    const secret = `convoyroute${randomUUID().slice(0, 6)}`;
    const madeSecret = `bridgeplan${randomUUID().slice(0, 6)}`;
    const open = `openroute${randomUUID().slice(0, 6)}`;
    const hidden = await closedMission(owner, [member]);
    // Used often, so it would lead the week's list were it counted.
    for (let n = 0; n < 4; n++) await update(hidden, member, `Update ${n} #${secret}`);
    // A public mission's tag, made members-only afterwards: it goes with it.
    const later = await start(owner, { title: 'Later secret' });
    for (let n = 0; n < 3; n++) await update(later, owner, `Plan ${n} #${madeSecret}`);
    await makeMembersOnly(later, owner);
    // A public mission update's tag and a plain post's tag still count.
    const openMission = await start(owner, { title: 'Open convoy' });
    await update(openMission, owner, `Open update #${open}`);
    expect(
      (await api('POST', '/posts/create', stranger.cookie, { content: `Plain post #${open}` })).statusCode,
    ).toBe(200);

    for (const viewer of [stranger, member, owner]) {
      const listed = async (url: string) =>
        (
          (await api('GET', url, viewer.cookie)).json().data as Array<{ name: string; postCount?: number }>
        ).map((h) => h.name);
      for (const url of ['/posts/trending-hashtags', '/hashtags/trending']) {
        const names = await listed(url);
        expect(names).not.toContain(secret);
        expect(names).not.toContain(madeSecret);
      }
      expect(await listed('/posts/trending-hashtags')).toContain(open);
      for (const [tag, count] of [
        [secret, 0],
        [madeSecret, 0],
        [open, 2],
      ] as const) {
        const res = await api(
          'GET',
          `/users/advanced-search?query=${encodeURIComponent(`#${tag}`)}`,
          viewer.cookie,
        );
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.hashtags).toEqual([{ name: tag, count }]);
      }
    }
  });
});
