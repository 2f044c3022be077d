import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNoticeChannels } from '@muster/contract/notification-settings';
import { NOTIFICATION_SETTINGS_BUDGET } from '../../platform/limits.js';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Issue 34 item 1 (decision 062): GET and PUT /users/me/notification-settings through the real
 * routes — defaults, partial changes, what is stored, the per-mission list and its refusals.
 * What each setting does to a notice is notification-settings-effects.test.ts.
 */
let t: TestApp;
let api: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signedInUser>>;
const URL = '/users/me/notification-settings';

const storedRow = (p: Person) =>
  t.db.selectFrom('notificationSettings').selectAll().where('userId', '=', p.user.id).executeTakeFirst();
const storedLevels = (p: Person) =>
  t.db
    .selectFrom('missionNoticeLevels')
    .select(['missionId', 'level'])
    .where('userId', '=', p.user.id)
    .orderBy('missionId')
    .execute();

async function mission(owner: Person, title: string, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, { title, type: 'collaboration', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
}

async function join(missionId: string, owner: Person, who: Person, role: 'partner' | 'collaborator') {
  expect((await api('POST', `/missions/${missionId}/join`, who.cookie, { role })).statusCode).toBe(200);
  const { id } = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .where('userId', '=', who.user.id)
    .executeTakeFirstOrThrow();
  const res = await api('PUT', `/missions/${missionId}/join-requests/${id}/approve`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

const follow = async (missionId: string, who: Person) =>
  expect((await api('POST', `/missions/${missionId}/follow`, who.cookie)).statusCode).toBe(200);

describe('signed out', () => {
  it('answers 401 to GET and PUT, and writes nothing', async () => {
    expect((await api('GET', URL)).statusCode).toBe(401);
    const put = await api('PUT', URL, undefined, { digest: 'weekly' });
    expect(put.statusCode).toBe(401);
    expect(put.json().code).toBe('UNAUTHORIZED');
    expect(await t.db.selectFrom('notificationSettings').select('userId').execute()).toEqual([]);
  });
});

describe('someone who never chose', () => {
  it('gets the defaults of decision 061, and no row is stored for them', async () => {
    const ana = await signedInUser(t);
    const res = await api('GET', URL, ana.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      channels: {
        offers: 'mail',
        matches: 'mail',
        chats: 'mail',
        connections: 'digest',
        missionJoins: 'mail',
        missionUpdates: 'digest',
        tasks: 'mail',
        stillNeeded: 'mail',
        likes: 'app',
        comments: 'digest',
        mentions: 'mail',
        // A moderator's answer on one's own request to be verified (decision 069).
        verification: 'mail',
        // A moderator's decision about oneself, or an appeal's answer (decision 070).
        safety: 'mail',
        // A new post fits one of one's saved alerts (decision 080).
        alerts: 'mail',
      },
      digest: 'daily',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      timeZone: 'UTC',
      missions: [],
      missionChoices: [],
    });
    expect(await storedRow(ana)).toBeUndefined();
  });
});

describe('PUT takes any part', () => {
  it('stores only the kinds that differ from their default, and GET answers what PUT did', async () => {
    const ana = await signedInUser(t);
    const put = await api('PUT', URL, ana.cookie, {
      // Offers at their default (mail): no choice stored for them.
      channels: { likes: 'mail', offers: 'mail', comments: 'push' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = put.json().data;
    expect(after.channels).toEqual({ ...defaultNoticeChannels, likes: 'mail', comments: 'push' });
    expect((await storedRow(ana))!.channels).toEqual({ likes: 'mail', comments: 'push' });
    expect((await api('GET', URL, ana.cookie)).json().data).toEqual(after);

    // A second change merges: comments back to their default goes from the row, likes stays.
    const again = await api('PUT', URL, ana.cookie, {
      channels: { comments: 'digest', tasks: 'app' },
      digest: 'weekly',
    });
    expect(again.json().data).toMatchObject({
      channels: { ...defaultNoticeChannels, likes: 'mail', tasks: 'app' },
      digest: 'weekly',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      timeZone: 'UTC',
    });
    expect((await storedRow(ana))!.channels).toEqual({ likes: 'mail', tasks: 'app' });

    // Quiet hours and the time zone alone leave the channels and the digest as they were.
    const quiet = await api('PUT', URL, ana.cookie, {
      quietHours: { enabled: true, start: '21:30', end: '06:45' },
      timeZone: 'America/Sao_Paulo',
    });
    expect(quiet.json().data).toMatchObject({
      channels: { ...defaultNoticeChannels, likes: 'mail', tasks: 'app' },
      digest: 'weekly',
      quietHours: { enabled: true, start: '21:30', end: '06:45' },
      timeZone: 'America/Sao_Paulo',
    });
    expect(await storedRow(ana)).toMatchObject({
      quietEnabled: true,
      quietStart: '21:30',
      quietEnd: '06:45',
      timeZone: 'America/Sao_Paulo',
      digest: 'weekly',
    });
  });

  it('a first save of only a time zone keeps every other default', async () => {
    const ana = await signedInUser(t);
    const res = await api('PUT', URL, ana.cookie, { timeZone: 'Asia/Kolkata' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      channels: defaultNoticeChannels,
      digest: 'daily',
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
      timeZone: 'Asia/Kolkata',
    });
    expect((await storedRow(ana))!.channels).toEqual({});
  });

  it('an empty change stores nothing and answers the settings', async () => {
    const ana = await signedInUser(t);
    const res = await api('PUT', URL, ana.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.channels).toEqual(defaultNoticeChannels);
    expect(await storedRow(ana)).toBeUndefined();
  });
});

describe('PUT refuses what does not fit, naming the field, and writes nothing', () => {
  const cases: Array<[string, unknown, string]> = [
    ['an unknown kind', { channels: { pokes: 'mail' } }, 'channels'],
    ['an unknown channel', { channels: { likes: 'pigeon' } }, 'channels.likes'],
    ['a digest that is no frequency', { digest: 'hourly' }, 'digest'],
    [
      'a time that is no time',
      { quietHours: { enabled: true, start: '25:00', end: '07:00' } },
      'quietHours.start',
    ],
    [
      'quiet hours that end when they start',
      { quietHours: { enabled: true, start: '22:00', end: '22:00' } },
      'quietHours.end',
    ],
    ['quiet hours without their times', { quietHours: { enabled: true } }, 'quietHours.start'],
    ['a time zone that does not exist', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ['a field the settings do not have', { sound: 'loud' }, ''],
    [
      'a mission id that is no id',
      { missions: [{ missionId: 'nope', level: 'none' }] },
      'missions.0.missionId',
    ],
    [
      'a mission level that is no level',
      { missions: [{ missionId: '019a0000-0000-7000-8000-000000000000', level: 'some' }] },
      'missions.0.level',
    ],
  ];
  it.each(cases)('%s', async (_name, body, path) => {
    const ana = await signedInUser(t);
    const res = await api('PUT', URL, ana.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    const details = res.json().details as Array<{ path: string; message: string }>;
    expect(details.length).toBeGreaterThan(0);
    if (path) expect(details.map((d) => d.path)).toContain(path);
    expect(await storedRow(ana)).toBeUndefined();
  });

  it('the same mission twice', async () => {
    const ana = await signedInUser(t);
    const m = await mission(ana, 'Twice');
    const res = await api('PUT', URL, ana.cookie, {
      missions: [
        { missionId: m, level: 'none' },
        { missionId: m, level: 'all' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toEqual({ path: 'missions', message: 'Name each mission once' });
    expect(await storedLevels(ana)).toEqual([]);
  });
});

describe('per-mission levels', () => {
  it('lists the ongoing missions I own, belong to or follow, with my role and level', async () => {
    const [me, other] = [await signedInUser(t), await signedInUser(t)];
    const owned = await mission(me, 'Bravo water points');
    const partnered = await mission(other, 'Alpha shelter');
    await join(partnered, other, me, 'partner');
    const helped = await mission(other, 'Charlie kitchens');
    await join(helped, other, me, 'collaborator');
    const followed = await mission(other, 'Delta radios');
    await follow(followed, me);
    // A member who also follows is listed once, as the member.
    await follow(helped, me);
    // Not mine: neither listed nor choosable.
    const stranger = await mission(other, 'Echo not mine');
    // Completed: no update can come from it any more.
    const done = await mission(me, 'Foxtrot done');
    expect((await api('PUT', `/missions/${done}/complete`, me.cookie)).statusCode).toBe(200);

    const data = (await api('GET', URL, me.cookie)).json().data;
    expect(data.missionChoices).toEqual([
      { missionId: owned, title: 'Bravo water points', role: 'owner', level: 'all' },
      { missionId: partnered, title: 'Alpha shelter', role: 'partner', level: 'all' },
      { missionId: helped, title: 'Charlie kitchens', role: 'collaborator', level: 'all' },
      { missionId: followed, title: 'Delta radios', role: 'follower', level: 'all' },
    ]);
    expect(data.missions).toEqual([]);

    const put = await api('PUT', URL, me.cookie, {
      missions: [
        { missionId: followed, level: 'none' },
        { missionId: helped, level: 'important' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.missions).toEqual([
      { missionId: helped, level: 'important' },
      { missionId: followed, level: 'none' },
    ]);
    expect(put.json().data.missionChoices.map((c: { level: string }) => c.level)).toEqual([
      'all',
      'all',
      'important',
      'none',
    ]);
    expect((await api('GET', URL, me.cookie)).json().data).toEqual(put.json().data);

    // 'all' is the default: its row goes; the mission not named keeps its level.
    await api('PUT', URL, me.cookie, { missions: [{ missionId: helped, level: 'all' }] });
    expect(await storedLevels(me)).toEqual([{ missionId: followed, level: 'none' }]);

    // A mission not mine, one that does not exist and one completed are refused alike, by index,
    // and nothing else in the change is written.
    const refused = await api('PUT', URL, me.cookie, {
      digest: 'off',
      missions: [
        { missionId: owned, level: 'none' },
        { missionId: stranger, level: 'none' },
        { missionId: '019a0000-0000-7000-8000-000000000000', level: 'important' },
        { missionId: done, level: 'none' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Choose one of your missions',
      details: [
        { path: 'missions.1.missionId', message: 'Choose one of your missions' },
        { path: 'missions.2.missionId', message: 'Choose one of your missions' },
        { path: 'missions.3.missionId', message: 'Choose one of your missions' },
      ],
    });
    expect(await storedLevels(me)).toEqual([{ missionId: followed, level: 'none' }]);
    expect((await api('GET', URL, me.cookie)).json().data.digest).toBe('daily');
  });

  it('a mission I may not see is not on my list and answers as one that does not exist', async () => {
    const [owner, outsider, blocked] = [await signedInUser(t), await signedInUser(t), await signedInUser(t)];
    const m = await mission(owner, 'Quiet camp');
    await follow(m, outsider);
    await follow(m, blocked);
    // Made members-only after the follow: its updates are its members' alone (missionAudience).
    expect((await api('PATCH', `/missions/${m}`, owner.cookie, { visibility: 'members' })).statusCode).toBe(
      200,
    );
    const open = await mission(owner, 'Open camp');
    await follow(open, blocked);
    expect((await api('POST', `/users/${blocked.user.id}/block`, owner.cookie)).statusCode).toBe(200);

    for (const who of [outsider, blocked]) {
      expect((await api('GET', URL, who.cookie)).json().data.missionChoices).toEqual([]);
      const res = await api('PUT', URL, who.cookie, { missions: [{ missionId: m, level: 'none' }] });
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        { path: 'missions.0.missionId', message: 'Choose one of your missions' },
      ]);
    }
    const res = await api('PUT', URL, blocked.cookie, { missions: [{ missionId: open, level: 'none' }] });
    expect(res.json().details).toEqual([
      { path: 'missions.0.missionId', message: 'Choose one of your missions' },
    ]);
    expect(await storedLevels(blocked)).toEqual([]);
  });
});

describe('the per-account budget on changes', () => {
  const SCALE = 0.05;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());

  it('answers 429 once an account has spent its budget; another account is not held back', async () => {
    const call = apiCaller(limited);
    const [ana, ben] = [await signedInUser(limited), await signedInUser(limited)];
    const max = Math.max(1, Math.round(NOTIFICATION_SETTINGS_BUDGET.max * SCALE));
    for (let i = 0; i < max; i++)
      expect((await call('PUT', URL, ana.cookie, { digest: i % 2 ? 'daily' : 'weekly' })).statusCode).toBe(
        200,
      );
    const refused = await call('PUT', URL, ana.cookie, { digest: 'off' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await call('GET', URL, ana.cookie)).json().data.digest).not.toBe('off');
    expect((await call('PUT', URL, ben.cookie, { digest: 'off' })).statusCode).toBe(200);
  });
});
