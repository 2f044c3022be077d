import { randomBytes } from 'node:crypto';
import type { RealtimeEvent } from '@muster/contract/realtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * The emergency board (issue 16, decision 023): GET /posts/emergency and the live push of a new
 * emergency post or mission update. One database for the file: each test tells its own posts
 * apart by a word of its own (a category or a place no other test uses).
 */

let t: TestApp;
let broadcasts: Array<{ event: RealtimeEvent; except: readonly string[] }> = [];
let deliveries: ReturnType<typeof recordDeliveries>;
beforeAll(async () => {
  t = await buildTestApp();
  t.app.deps.realtime.onBroadcast((event, except) => broadcasts.push({ event, except }));
  deliveries = recordDeliveries(t);
});
beforeEach(() => {
  broadcasts = [];
  deliveries.clear();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);
type Person = Awaited<ReturnType<typeof signedInUser>>;
type Post = {
  _id: string;
  kind: string;
  emergencyEmoji: string | null;
  mapLocation: { address: string } | null;
};

/**
 * A word no other test uses, for a category. A place's public text holds only gazetteer names
 * (decision 041), so each test that filters by place uses a city of its own instead ("Calbayog"),
 * behind a street of its own that never reaches the board.
 */
const unique = (prefix: string) =>
  `${prefix}${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;

async function post(who: Person, body: Record<string, unknown>): Promise<Post> {
  const res = await api('POST', '/posts/create', who.cookie, { kind: 'general', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Post;
}

async function board(
  who: Person,
  query = '',
): Promise<{ data: Post[]; meta: { nextCursor: string | null } }> {
  const res = await api('GET', `/posts/emergency${query}`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const ids = (page: { data: Post[] }) => page.data.map((p) => p._id);

async function startMission(owner: Person, body: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'Flood shelter at the school',
    type: 'collaboration',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function join(missionId: string, owner: Person, who: Person) {
  expect(
    (await api('POST', `/missions/${missionId}/join`, who.cookie, { role: 'collaborator' })).statusCode,
  ).toBe(200);
  const request = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .where('userId', '=', who.user.id)
    .executeTakeFirstOrThrow();
  expect(
    (await api('PUT', `/missions/${missionId}/join-requests/${request.id}/approve`, owner.cookie)).statusCode,
  ).toBe(200);
}

const update = (who: Person, missionId: string, content: string, extra: Record<string, unknown> = {}) =>
  post(who, { content, mission: { missionId, title: 'the client may say anything here' }, ...extra });

describe('GET /posts/emergency', () => {
  it('answers 401 signed out', async () => {
    const res = await api('GET', '/posts/emergency');
    expect(res.statusCode).toBe(401);
  });

  it('lists emergency-marked posts of any kind and mission updates, newest first, and nothing else', async () => {
    const [author, member, viewer] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const place = 'Calbayog';
    const at = { mapLocation: { address: `${unique('Purok')} Street, ${place} City, Samar, Philippines` } };
    const calm = await post(author, { content: 'Lovely morning at the market', ...at });
    const need = await post(author, {
      kind: 'need',
      category: 'Medical supplies',
      content: 'Insulin needed tonight 🆘',
      emergencyEmoji: '🆘',
      ...at,
    });
    const offer = await post(author, {
      kind: 'provision',
      category: 'Transport',
      content: 'Boat free for evacuations ⚠️',
      emergencyEmoji: '⚠️',
      ...at,
    });
    const missionId = await startMission(member, { location: place });
    const progress = await update(member, missionId, 'Update: 40 families registered at the school');
    // Someone outside the mission only points at it: an ordinary post, not one of its updates.
    const pointer = await update(viewer, missionId, 'This mission needs drivers');
    expect(progress.kind).toBe('mission_update');
    expect(pointer.kind).toBe('general');

    const page = await board(viewer, `?place=${place}`);
    expect(ids(page)).toEqual([progress._id, offer._id, need._id]);
    expect(ids(page)).not.toContain(calm._id);
    expect(page.data[1]).toMatchObject({ kind: 'provision', emergencyEmoji: '⚠️' });
    expect(page.meta.nextCursor).toBeNull();
  });

  it('pages by keyset', async () => {
    const author = await signedInUser(t);
    const place = 'Surigao';
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push(
        (
          await post(author, {
            content: `Road ${i} blocked 🚨`,
            emergencyEmoji: '🚨',
            mapLocation: { address: `${unique('Sitio')}, ${place}` },
          })
        )._id,
      );
    const first = await board(author, `?place=${place}&limit=2`);
    expect(ids(first)).toEqual([made[2], made[1]]);
    const second = await board(author, `?place=${place}&limit=2&cursor=${first.meta.nextCursor}`);
    expect(ids(second)).toEqual([made[0]]);
    expect(second.meta.nextCursor).toBeNull();
  });

  it("shows a members-only mission's updates to its members only", async () => {
    const [owner, member, stranger] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const place = 'Ozamiz';
    const missionId = await startMission(owner, { location: place });
    await join(missionId, owner, member);
    expect(
      (await api('PATCH', `/missions/${missionId}`, owner.cookie, { visibility: 'members', location: place }))
        .statusCode,
    ).toBe(200);
    const secret = await update(owner, missionId, 'Update: the shelter keys are with Ana 🚨', {
      emergencyEmoji: '🚨',
    });
    expect(ids(await board(owner, `?place=${place}`))).toEqual([secret._id]);
    expect(ids(await board(member, `?place=${place}`))).toEqual([secret._id]);
    expect(ids(await board(stranger, `?place=${place}`))).toEqual([]);
  });

  it("keeps a members-only mission's updates with its members in every list, not only the board", async () => {
    const [owner, member, friend] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    // The friend is the owner's connection and follows the update's hashtag: every way in but membership.
    await api('POST', `/connections/${friend.user.id}`, owner.cookie);
    await api('POST', `/connections/${owner.user.id}`, friend.cookie);
    const tag = unique('shelterkeys');
    await api('POST', `/hashtags/${tag}/follow`, friend.cookie);
    const missionId = await startMission(owner);
    await join(missionId, owner, member);
    expect(
      (await api('PATCH', `/missions/${missionId}`, owner.cookie, { visibility: 'members' })).statusCode,
    ).toBe(200);
    const secret = await update(owner, missionId, `Update: the keys are with Ana #${tag}`);

    const lists = async (who: Person) => {
      const seen = async (path: string) => {
        const res = await api('GET', path, who.cookie);
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().data as Post[]).some((p) => p._id === secret._id);
      };
      return {
        single: (await api('GET', `/posts/${secret._id}`, who.cookie)).statusCode,
        feed: await seen('/posts/feed'),
        hashtag: await seen(`/posts/hashtag/${tag}`),
        profile: await seen(`/posts/user/${owner.user.username}`),
      };
    };
    expect(await lists(member)).toEqual({ single: 200, feed: true, hashtag: true, profile: true });
    expect(await lists(friend)).toEqual({ single: 404, feed: false, hashtag: false, profile: false });
  });

  it('filters by category, any case: the post’s own, or a mission update’s mission’s', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const category = unique('Water');
    const other = unique('Food');
    const mine = await post(author, {
      kind: 'need',
      category,
      content: 'Jerrycans needed 🔥',
      emergencyEmoji: '🔥',
    });
    await post(author, { kind: 'need', category: other, content: 'Rice needed 🔥', emergencyEmoji: '🔥' });
    const missionId = await startMission(author, { category: category.toUpperCase() });
    const progress = await update(author, missionId, 'Update: the water point is open');
    expect(ids(await board(viewer, `?category=${category.toLowerCase()}`))).toEqual([progress._id, mine._id]);
    expect(
      ids(await board(viewer, `?category=${encodeURIComponent(`  ${category.toUpperCase()} `)}`)),
    ).toEqual([progress._id, mine._id]);
    // Whole categories: a part of one matches nothing.
    expect(ids(await board(viewer, `?category=${category.slice(0, 4)}`))).toEqual([]);
  });

  it('filters by a part of the place, taking %, _ and \\ literally', async () => {
    const [author, viewer] = [await signedInUser(t), await signedInUser(t)];
    const town = 'Pagadian';
    const here = await post(author, {
      content: 'Landslide on the highway 🚨',
      emergencyEmoji: '🚨',
      mapLocation: { address: `${unique('Purok')}, ${town} City, Philippines` },
    });
    // A mission update without a place of its own is where its mission is.
    const missionId = await startMission(author, { location: `${town}` });
    const progress = await update(author, missionId, 'Update: the bridge is closed');
    await post(author, {
      content: 'Flooding 🚨',
      emergencyEmoji: '🚨',
      mapLocation: { address: 'Ormoc, Leyte' },
    });
    expect(ids(await board(viewer, `?place=${town.toLowerCase()}`))).toEqual([progress._id, here._id]);
    expect(ids(await board(viewer, `?place=${encodeURIComponent(`${town}, Philippines`)}`))).toEqual([
      here._id,
    ]);
    for (const wild of ['%', '_', '\\', `${town.slice(0, 3)}%City`]) {
      expect(ids(await board(viewer, `?place=${encodeURIComponent(wild)}`)), wild).toEqual([]);
    }
    // Empty filters are no filters.
    expect(ids(await board(viewer, '?place=&category=%20'))).toContain(here._id);
  });

  it('leaves out people blocked either way and people I muted', async () => {
    const [viewer, blocked, blocker, muted, fine] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    const place = 'Zaranj';
    const at = { emergencyEmoji: '🚨', mapLocation: { address: `${unique('Kalye')}, ${place}` } };
    const posts = {
      mine: await post(viewer, { content: 'Power lines down 🚨', ...at }),
      blocked: await post(blocked, { content: 'Roof gone 🚨', ...at }),
      blocker: await post(blocker, { content: 'Water rising 🚨', ...at }),
      muted: await post(muted, { content: 'Need a boat 🚨', ...at }),
      fine: await post(fine, { content: 'Road open again 🚨', ...at }),
    };
    expect((await api('POST', `/users/${blocked.user.id}/block`, viewer.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/users/${viewer.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/users/${muted.user.id}/mute`, viewer.cookie)).statusCode).toBe(200);
    expect(ids(await board(viewer, `?place=${place}`))).toEqual([posts.fine._id, posts.mine._id]);
    // Either way: those I blocked and those who blocked me do not see mine; a mute is mine alone.
    expect(ids(await board(blocked, `?place=${place}`))).toEqual([
      posts.fine._id,
      posts.muted._id,
      posts.blocker._id,
      posts.blocked._id,
    ]);
    expect(ids(await board(blocker, `?place=${place}`))).toEqual([
      posts.fine._id,
      posts.muted._id,
      posts.blocker._id,
      posts.blocked._id,
    ]);
    expect(ids(await board(fine, `?place=${place}`))).toEqual([
      posts.fine._id,
      posts.muted._id,
      posts.blocker._id,
      posts.blocked._id,
      posts.mine._id,
    ]);
  });

  it.each([
    ['a category too long', `?category=${'x'.repeat(61)}`, 'category'],
    ['a place too long', `?place=${'x'.repeat(101)}`, 'place'],
    ['a cursor we did not write', '?cursor=not-a-cursor', 'cursor'],
    ['a limit of 0', '?limit=0', 'limit'],
    ['a limit over the maximum', '?limit=101', 'limit'],
    ['a NUL in the place', '?place=Cebu%00', 'place'],
  ])('answers 400 for %s, naming the field', async (_name, query, field) => {
    const { cookie } = await signedInUser(t);
    const res = await api('GET', `/posts/emergency${query}`, cookie);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
  });
});

describe('the board live (board.posted)', () => {
  const boardPosted = (id: string): RealtimeEvent => ({ type: 'board.posted', data: { _id: id } });

  it('broadcasts an emergency post to everyone but those blocked either way with its author or who muted them', async () => {
    const [author, blocked, blocker, muter, muted] = [
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
      await signedInUser(t),
    ];
    await api('POST', `/users/${blocked.user.id}/block`, author.cookie);
    await api('POST', `/users/${author.user.id}/block`, blocker.cookie);
    await api('POST', `/users/${author.user.id}/mute`, muter.cookie);
    // The author muting someone does not keep their own post from them.
    await api('POST', `/users/${muted.user.id}/mute`, author.cookie);
    const urgent = await post(author, {
      kind: 'need',
      category: 'Rescue',
      content: 'Family on a roof in San Jose 🆘',
      emergencyEmoji: '🆘',
    });
    expect(broadcasts).toHaveLength(1);
    expect(broadcasts[0]!.event).toEqual(boardPosted(urgent._id));
    expect([...broadcasts[0]!.except].sort()).toEqual(
      [blocked.user.id, blocker.user.id, muter.user.id].sort(),
    );
  });

  it('broadcasts a public mission’s update, and nothing for an ordinary post', async () => {
    const owner = await signedInUser(t);
    await post(owner, { content: 'Thank you all for today' });
    expect(broadcasts).toEqual([]);
    const missionId = await startMission(owner);
    const progress = await update(owner, missionId, 'Update: generators arrived');
    expect(broadcasts).toEqual([{ event: boardPosted(progress._id), except: [] }]);
  });

  it("sends a members-only mission's update to its members alone, never broadcast", async () => {
    const [owner, member, stranger] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const missionId = await startMission(owner);
    await join(missionId, owner, member);
    await api('PATCH', `/missions/${missionId}`, owner.cookie, { visibility: 'members' });
    deliveries.clear();
    const secret = await update(member, missionId, 'Update: gate code changed');
    expect(broadcasts).toEqual([]);
    expect(deliveries.of(owner.user.id)).toContainEqual(boardPosted(secret._id));
    expect(deliveries.of(member.user.id)).toContainEqual(boardPosted(secret._id));
    expect(deliveries.of(stranger.user.id)).toEqual([]);
  });
});
