import os from 'node:os';
import path from 'node:path';
import { postKinds } from '@muster/contract/posts';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { buildTestApp, silentLogger, type TestApp } from '../../test/helpers.js';
import { createLocalMediaStore } from '../platform/media/media.js';
import { DEMO_LOGIN } from './demo.js';
import { seedDemoData } from './seed.js';

let t: TestApp;
let seededFirstTime: boolean;
/** What each demo picture was drawn from, by the address it was stored at. */
const drawings = new Map<string, string>();
beforeAll(async () => {
  t = await buildTestApp();
  const media = createLocalMediaStore(path.join(os.tmpdir(), `muster-seed-${process.pid}`));
  seededFirstTime = await seedDemoData(
    t.db,
    {
      ...media,
      saveDrawing: async (svg) => {
        const url = await media.saveDrawing(svg);
        drawings.set(url, svg);
        return url;
      },
    },
    silentLogger,
  );
});
afterAll(() => t.close());

/** Every value seen more than once, so a failure names the repeats. */
function repeated(values: string[]): string[] {
  const seen = new Set<string>();
  return [...new Set(values.filter((v) => seen.has(v) || !seen.add(v)))];
}

/** The sentences of some texts (lines split at full stops), long enough to be worth comparing; a run of hashtags is not one. */
function sentences(texts: string[]): string[] {
  return texts.flatMap((text) =>
    text
      .split(/\n|(?<=[.!?])\s+/)
      .map((s) => s.trim())
      .filter((s) => s.length >= 25 && !/^(#\S+\s*)+$/.test(s)),
  );
}

const country = (place: string) => place.split(',').at(-1)!.trim();

it('loads the demo people once; the demo sign-in works and sees its notifications', async () => {
  const media = createLocalMediaStore(path.join(os.tmpdir(), `muster-seed-${process.pid}`));
  expect(seededFirstTime).toBe(true);
  expect(await seedDemoData(t.db, media, silentLogger)).toBe(false);

  const people = await t.db.selectFrom('users').select(['username', 'profilePicture', 'headline']).execute();
  expect(people.length).toBeGreaterThanOrEqual(10);
  for (const p of people) {
    if (p.profilePicture) expect(p.profilePicture).toMatch(/^\/media\/.+\.webp$/);
    expect(p.headline).not.toBe('');
  }

  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const notes = (
    await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie } })
  ).json().data;
  expect(notes.length).toBeGreaterThanOrEqual(3);
  expect(new Set(notes.map((n: { type: string }) => n.type))).toEqual(
    new Set([
      'like',
      'comment',
      'replies',
      'systemNotification',
      'connectionRequest',
      'missionUpdate',
      'task',
      'newOffer',
      'missionHelp',
      'stillNeeded',
      'matchFound',
    ]),
  );
  expect(notes.some((n: { read: boolean }) => !n.read)).toBe(true);

  const collab = (await t.app.inject({ method: 'GET', url: '/api/v1/collaboration?limit=100' })).json().data;
  const categories = new Set(collab.map((r: { category: string }) => r.category));
  for (const c of ['emergency', 'healthcare', 'creative', 'adventure', 'business', 'sports', 'science'])
    expect(categories).toContain(c);
  expect(collab.every((r: { image: string | null }) => r.image)).toBe(true);

  const chats = (await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: { cookie } })).json()
    .data;
  expect(chats.filter((c: { kind: string }) => c.kind === 'direct').length).toBe(3);
  expect(chats.some((c: { unreadCount: number }) => c.unreadCount > 0)).toBe(true);

  const feed = (
    await t.app.inject({ method: 'GET', url: '/api/v1/posts/feed?limit=100', headers: { cookie } })
  ).json().data;
  expect(feed).toHaveLength(100);
  expect(new Set(feed.map((p: { kind: string }) => p.kind))).toEqual(new Set(postKinds));
  expect(feed.some((p: { image: string | null }) => p.image)).toBe(true);
  expect(feed.some((p: { emergencyEmoji: string | null }) => p.emergencyEmoji)).toBe(true);
  expect(feed.some((p: { likedByMe: boolean }) => p.likedByMe)).toBe(true);
  const trending = (
    await t.app.inject({ method: 'GET', url: '/api/v1/hashtags/trending', headers: { cookie } })
  ).json().data;
  expect(trending).toHaveLength(5);
  const saved = (
    await t.app.inject({ method: 'GET', url: '/api/v1/posts/saved', headers: { cookie } })
  ).json().data;
  expect(saved.length).toBeGreaterThan(0);
});

/**
 * What a drawing is made of, whatever its colours, sizes and places: its elements in order, a run
 * of the same one counted once (three boxes or five are one composition).
 */
function composition(svg: string): string {
  return [...svg.matchAll(/<(\w+)/g)]
    .map((m) => m[1])
    .filter((tag, i, tags) => tag !== tags[i - 1])
    .join(' ');
}

it('pictures the demo as a real young community would (decision 053): most people by their initials, a few by portraits, and each post by a picture of its own', async () => {
  const people = await t.db.selectFrom('users').select(['username', 'profilePicture']).execute();
  const portraits = people.filter((p) => p.profilePicture);
  expect(portraits.length).toBeGreaterThanOrEqual(3);
  expect(portraits.length).toBeLessThanOrEqual(people.length / 3);
  const faces = portraits.map((p) => drawings.get(p.profilePicture!)!);
  expect(faces.every(Boolean)).toBe(true);
  expect(new Set(faces).size).toBe(faces.length);
  expect(new Set(faces.map(composition)).size).toBeGreaterThanOrEqual(3);
  // The rest are sent with the spec's default, which the web draws as initials.
  const bare = people.find((p) => !p.profilePicture)!;
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const profile = await t.app.inject({
    method: 'GET',
    url: `/api/v1/users/profile/${bare.username}`,
    headers: { cookie },
  });
  expect(profile.json().data.profilePicture).toBe(DEFAULT_AVATAR);

  // Posts: no two share a picture, and the pictures are of many kinds, none of them most.
  const posts = await t.db.selectFrom('posts').select('image').where('image', 'is not', null).execute();
  expect(posts.length).toBeGreaterThanOrEqual(20);
  const pictures = posts.map((p) => drawings.get(p.image!)!);
  expect(pictures.every(Boolean)).toBe(true);
  expect(new Set(posts.map((p) => p.image)).size).toBe(posts.length);
  expect(new Set(pictures).size).toBe(pictures.length);
  const kinds = new Map<string, number>();
  for (const svg of pictures) kinds.set(composition(svg), (kinds.get(composition(svg)) ?? 0) + 1);
  expect(kinds.size).toBeGreaterThanOrEqual(10);
  expect(Math.max(...kinds.values())).toBeLessThanOrEqual(posts.length / 4);
  // In several palettes: the colours a picture is filled with differ from picture to picture.
  const palettes = pictures.map((svg) => [...new Set(svg.match(/#[0-9a-f]{6}/gi))].sort().join());
  expect(new Set(palettes).size).toBeGreaterThanOrEqual(6);

  // Collaboration requests and missions are pictured the same way.
  const requests = await t.db.selectFrom('collaborationRequests').select('image as picture').execute();
  const missions = await t.db.selectFrom('missions').select('photo as picture').execute();
  for (const [what, rows] of [
    ['requests', requests],
    ['missions', missions],
  ] as const) {
    const drawn = rows.map((r) => drawings.get(r.picture!)!);
    expect(drawn.every(Boolean), what).toBe(true);
    expect(new Set(drawn.map(composition)).size, what).toBeGreaterThanOrEqual(6);
  }
});

it('reads like a community: nothing said twice, everyone posts, and what they post fits who and where they are', async () => {
  const posts = await t.db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.authorId')
    .select([
      'p.id',
      'p.kind',
      'p.title',
      'p.content',
      'p.category',
      'p.hashtags',
      'p.mapLocation',
      'p.likeCount',
      'p.commentCount',
      'p.createdAt',
    ])
    .select(['u.username', 'u.headline', 'u.location'])
    .execute();
  const comments = await t.db.selectFrom('comments').select(['postId', 'content']).execute();
  const requests = await t.db.selectFrom('collaborationRequests').select(['title', 'description']).execute();
  const messages = await t.db.selectFrom('chatMessages').select('body').execute();
  expect(posts.length).toBeGreaterThanOrEqual(180);

  // Nothing is said twice: no post, title, comment, request or message, nor any sentence in them.
  expect(repeated(posts.map((p) => p.content))).toEqual([]);
  expect(repeated(posts.map((p) => p.title).filter(Boolean))).toEqual([]);
  expect(repeated(comments.map((c) => c.content))).toEqual([]);
  expect(repeated(requests.map((r) => r.title))).toEqual([]);
  expect(repeated(requests.map((r) => r.description))).toEqual([]);
  const everything = [
    ...posts.map((p) => p.content),
    ...comments.map((c) => c.content),
    ...requests.map((r) => r.description),
    ...messages.map((m) => m.body),
  ];
  expect(repeated(sentences(everything))).toEqual([]);

  // Everyone takes part, and every kind of post is there more than a few times.
  const people = await t.db.selectFrom('users').select('username').execute();
  const postsBy = (username: string) => posts.filter((p) => p.username === username).length;
  expect(people.filter((p) => postsBy(p.username) < 5).map((p) => p.username)).toEqual([]);
  for (const kind of postKinds)
    expect(posts.filter((p) => p.kind === kind).length, kind).toBeGreaterThanOrEqual(5);

  // A post about a field comes from someone whose headline says they work in it.
  const fields = [
    {
      who: /nurse|paramedic|health|clinic/i,
      tags: ['healthcare', 'mobileclinic', 'firstaid'],
      categories: ['Medical supplies'],
    },
    {
      who: /film|compos|design|journalist/i,
      tags: ['documentary', 'filmmaking', 'sounddesign', 'filmscore'],
      categories: [],
    },
    {
      who: /research|scien|lab/i,
      tags: ['science', 'citizenscience', 'mangroves', 'watertesting'],
      categories: [],
    },
  ];
  for (const field of fields) {
    const about = posts.filter(
      (p) => p.hashtags.some((h) => field.tags.includes(h)) || field.categories.includes(p.category ?? ''),
    );
    expect(about.length).toBeGreaterThanOrEqual(5);
    expect(
      about.filter((p) => !field.who.test(p.headline)).map((p) => `${p.username}: ${p.content}`),
    ).toEqual([]);
  }

  // A post's place is in its author's country.
  const placed = posts.filter((p) => p.mapLocation);
  expect(placed.length).toBeGreaterThan(posts.length / 3);
  const away = placed.filter(
    (p) => country((p.mapLocation as { address: string }).address) !== country(p.location),
  );
  expect(
    away.map((p) => `${p.username} (${p.location}): ${(p.mapLocation as { address: string }).address}`),
  ).toEqual([]);

  // Over recent weeks, none in the future; counts agree with the rows behind them.
  const times = posts.map((p) => p.createdAt.getTime());
  expect(Math.max(...times)).toBeLessThan(Date.now());
  expect(Math.max(...times)).toBeGreaterThan(Date.now() - 86_400_000);
  expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(14 * 86_400_000);
  const likes = await t.db
    .selectFrom('postLikes as l')
    .innerJoin('posts as p', 'p.id', 'l.postId')
    .select(['l.postId', 'l.userId', 'p.authorId'])
    .execute();
  expect(likes.filter((l) => l.userId === l.authorId)).toEqual([]);
  for (const p of posts) {
    expect(p.likeCount, p.content).toBe(likes.filter((l) => l.postId === p.id).length);
    expect(p.commentCount, p.content).toBe(comments.filter((c) => c.postId === p.id).length);
  }
  expect(likes.length / posts.length).toBeGreaterThan(2);

  // The week's hashtag list shows 50: the demo leaves room there for the tags people add.
  const tags = new Set(posts.flatMap((p) => p.hashtags));
  expect(tags.size).toBeGreaterThanOrEqual(25);
  expect(tags.size).toBeLessThanOrEqual(40);
});

it('gives the demo person needs that close (issue 16): one about to expire with its "Still needed?" notice, one expired', async () => {
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } })).json().data;
  type Need = { _id: string; title: string; status: string | null; expiresAt: string | null };
  const needs: Need[] = (await get(`/posts/user/${DEMO_LOGIN.username}?kind=needs&limit=100`)).filter(
    (p: { kind: string }) => p.kind !== 'provision',
  );
  const soon = needs.filter(
    (p) => p.status === 'open' && Date.parse(p.expiresAt!) - Date.now() < 3 * 86_400_000,
  );
  expect(soon.map((p) => p.title)).toEqual(['isiZulu voice notes for flood alerts']);
  expect(needs.filter((p) => p.status === 'expired').map((p) => p.title)).toEqual([
    'Gas heaters for the hall at night',
  ]);
  expect(needs.every((p) => p.expiresAt)).toBe(true);
  const asked = (await get('/notifications')).filter((n: { type: string }) => n.type === 'stillNeeded');
  expect(asked).toEqual([
    expect.objectContaining({
      relatedPost: expect.objectContaining({ _id: soon[0]!._id }),
      read: false,
      message: 'Still needed? Expires in 3 days: “isiZulu voice notes for flood alerts”',
    }),
  ]);
});

it('gives the demo person a network: connections, requests both ways with their notices, someone blocked and someone muted', async () => {
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } })).json().data;
  const names = (items: Array<{ user: { username: string } }>) => items.map((i) => i.user.username).sort();

  expect((await get('/connections?limit=100')).length).toBeGreaterThanOrEqual(5);
  expect(names(await get('/connections/requests'))).toEqual(['kwame_asante', 'omar_haddad']);
  expect(names(await get('/connections/requests/sent'))).toEqual(['arjun_mehta']);
  const notices = await get('/notifications?type=connectionRequest');
  expect(notices.map((n: { sender: { username: string } }) => n.sender.username).sort()).toEqual([
    'kwame_asante',
    'omar_haddad',
  ]);
  expect(names(await get('/users/me/blocked'))).toEqual(['jonas_berg']);
  expect(names(await get('/users/me/muted'))).toEqual(['liam_walsh']);

  // Suggestions come with shared connections, and never name anyone already in the demo's circle.
  const suggestions = await get('/users/suggestions');
  expect(suggestions.length).toBeGreaterThan(0);
  expect(suggestions[0].mutualCount).toBeGreaterThan(0);
  const circle = [
    'sipho_ndlovu',
    'ada_okafor',
    'kwame_asante',
    'omar_haddad',
    'arjun_mehta',
    'jonas_berg',
    'liam_walsh',
  ];
  expect(suggestions.filter((s: { username: string }) => circle.includes(s.username))).toEqual([]);
});

it('gives the demo person missions: their own with members, updates, tasks in every status, a join request and chat history', async () => {
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const get = async (url: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } })).json().data;

  const all = await get('/missions?limit=100');
  expect(new Set(all.map((m: { type: string }) => m.type))).toEqual(
    new Set(['collaboration', 'partnership']),
  );
  expect(new Set(all.map((m: { category: string }) => m.category)).size).toBeGreaterThanOrEqual(5);
  const own = all.find((m: { title: string }) => m.title === 'Umlazi flood recovery');
  const mission = await get(`/missions/${own._id}`);
  expect(mission).toMatchObject({
    role: 'owner',
    partnersCount: 1,
    collaboratorsCount: 2,
    status: 'ongoing',
  });
  expect(mission.chatId).toEqual(expect.any(String));

  // The posts seed's updates belong to their missions, numbered 1, 2, 3 as their texts say.
  const updates = await get(`/missions/${own._id}/updates`);
  expect(updates.map((p: { mission: { updateCount: number } }) => p.mission.updateCount).sort()).toEqual([
    1, 2, 3,
  ]);
  for (const u of updates)
    expect(u.content).toContain(`Update #${u.mission.updateCount}: Umlazi flood recovery`);
  expect(mission.updateCount).toBe(3);

  const requests = await get('/chats/join-requests');
  expect(requests.map((r: { user: { username: string } }) => r.user.username)).toEqual(['maria_santos']);
  const tasks = await get(`/tasks?missionId=${own._id}`);
  expect(new Set(tasks.map((x: { status: string }) => x.status))).toEqual(
    new Set(['todo', 'in_progress', 'done']),
  );
  const chats = await get('/chats');
  expect(
    chats.some(
      (c: { kind: string; mission: { title: string } | null; unreadCount: number }) =>
        c.kind === 'mission' && c.mission?.title === 'Umlazi flood recovery' && c.unreadCount > 0,
    ),
  ).toBe(true);
  expect((await get('/tasks/notifications')).length).toBeGreaterThan(0);
});

it('gives the demo person chat requests from people outside their network, which they can accept (issue 15)', async () => {
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const call = async (method: 'GET' | 'PUT', url: string) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie } });
  expect((await call('GET', '/users/me/privacy')).json().data.messagePolicy).toBe('connections');
  const requests = (await call('GET', '/chats/requests')).json().data as Array<{
    _id: string;
    sender: { _id: string; username: string };
    message: string;
  }>;
  expect(requests.map((r) => r.sender.username)).toEqual(['sofia_rossi', 'wanjiru_kamau']);
  const connections = (await call('GET', '/connections?limit=100'))
    .json()
    .data.map((c: { user: { _id: string } }) => c.user._id);
  for (const r of requests) expect(connections).not.toContain(r.sender._id);

  const accepted = await call('PUT', `/chats/requests/${requests[1]!._id}/accept`);
  expect(accepted.statusCode).toBe(200);
  const convo = (await call('GET', `/chats/${accepted.json().data.chatId}/messages`)).json().data;
  expect(convo.messages.map((m: { message: string }) => m.message)).toEqual([requests[1]!.message]);
});
