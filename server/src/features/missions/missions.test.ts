import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MISSION_PHOTO } from '@muster/contract/missions';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import { MISSION_BUDGET, MISSION_JOIN_BUDGET } from '../../platform/limits.js';
import { type DomainEvents } from '../../platform/events.js';
import { signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let api: ReturnType<typeof apiCaller>;
/** Every mission event emitted, in order, as the chats and notifications features receive them. */
const events: Array<{ name: keyof DomainEvents; payload: unknown }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
  for (const name of ['mission.created', 'mission.member_joined', 'mission.member_left'] as const) {
    t.app.deps.events.within(name, async (_trx, payload) => {
      events.push({ name, payload });
    });
  }
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

async function start(owner: Person, body: Record<string, unknown> = {}) {
  const res = await api('POST', '/missions', owner.cookie, {
    title: 'River clean-up',
    type: 'collaboration',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string } & Record<string, unknown>;
}

async function block(blocker: Person, blocked: Person) {
  expect((await api('POST', `/users/${blocked.user.id}/block`, blocker.cookie)).statusCode).toBe(200);
}

/** Asks to join and has the owner approve: the person is a member. */
async function join(
  missionId: string,
  owner: Person,
  who: Person,
  role: 'partner' | 'collaborator' = 'collaborator',
) {
  expect((await api('POST', `/missions/${missionId}/join`, who.cookie, { role })).statusCode).toBe(200);
  const requestId = await requestIdOf(missionId, who);
  const res = await api('PUT', `/missions/${missionId}/join-requests/${requestId}/approve`, owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

async function requestIdOf(missionId: string, who: Person) {
  const row = await t.db
    .selectFrom('missionJoinRequests')
    .select('id')
    .where('missionId', '=', missionId)
    .where('userId', '=', who.user.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

const storedMission = (id: string) =>
  t.db.selectFrom('missions').selectAll().where('id', '=', id).executeTakeFirst();
const membersOf = (id: string) =>
  t.db
    .selectFrom('missionMembers')
    .select(['userId', 'role'])
    .where('missionId', '=', id)
    .orderBy('userId')
    .execute();
const notificationsOf = async (p: Person) =>
  (await api('GET', '/notifications', p.cookie)).json().data as Array<Record<string, unknown>>;

describe('starting a mission', () => {
  it('makes me its owner and member, tells the chats feature, and answers the page', async () => {
    const owner = await person('Ama');
    const res = await api('POST', '/missions', owner.cookie, {
      title: '  Clean the river  ',
      type: 'partnership',
      category: 'Environment',
      location: 'Accra',
      mapLocation: { address: 'Odaw river, Accra' },
      description: 'Bags and gloves provided',
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({
      title: 'Clean the river',
      type: 'partnership',
      category: 'Environment',
      location: 'Accra',
      mapLocation: { address: 'Odaw river, Accra' },
      photo: DEFAULT_MISSION_PHOTO,
      status: 'ongoing',
      visibility: 'public',
      owner: card(owner),
      role: 'owner',
      following: false,
      joinRequest: 'none',
      partnersCount: 0,
      collaboratorsCount: 0,
      updateCount: 0,
      followerCount: 0,
      can: {
        edit: true,
        join: false,
        leave: false,
        postUpdate: true,
        manageTasks: true,
        approveRequests: true,
      },
    });
    expect(await membersOf(m._id)).toEqual([{ userId: owner.user.id, role: 'owner' }]);
    // The chats feature made the group chat on mission.created: its id is for members only.
    expect(m.chatId).toEqual(expect.any(String));
    const stranger = await person();
    expect((await api('GET', `/missions/${m._id}`, stranger.cookie)).json().data).toMatchObject({
      role: 'none',
      chatId: null,
      can: { join: true, edit: false },
    });
    expect(events).toContainEqual({
      name: 'mission.created',
      payload: { missionId: m._id, ownerId: owner.user.id, title: 'Clean the river' },
    });
  });

  it('refuses bad input with 400 and writes nothing; needs a session', async () => {
    const owner = await person();
    const count = async () =>
      (
        await t.db
          .selectFrom('missions')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('ownerId', '=', owner.user.id)
          .executeTakeFirstOrThrow()
      ).n;
    for (const body of [
      { type: 'collaboration' },
      { title: 'x', type: 'war' },
      { title: ' ', type: 'collaboration' },
      { title: 'x', type: 'collaboration', owner: 'me' },
      { title: 'x', type: 'collaboration', photo: 'http://x' },
    ]) {
      const res = await api('POST', '/missions', owner.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().details?.length).toBeGreaterThan(0);
    }
    expect(Number(await count())).toBe(0);
    expect(
      (await api('POST', '/missions', undefined, { title: 'x', type: 'collaboration' })).statusCode,
    ).toBe(401);
    expect((await api('GET', '/missions')).statusCode).toBe(401);
  });
});

describe('the mission photo', () => {
  it('is stored through media; replaced and removed files go; deleting the mission takes its file', async () => {
    const owner = await person();
    const png = async (background: string) =>
      `data:image/png;base64,${(
        await sharp({ create: { width: 40, height: 30, channels: 3, background } })
          .png()
          .toBuffer()
      ).toString('base64')}`;
    const onDisk = (url: string) =>
      fs.access(path.join(t.config.dataDir, 'media', url.replace('/media/', ''))).then(
        () => true,
        () => false,
      );
    const m = await start(owner, { photo: await png('#336699') });
    const first = m.photo as string;
    expect(first).toMatch(/^\/media\//);
    expect(await onDisk(first)).toBe(true);
    expect(
      (
        await api('POST', '/missions', owner.cookie, {
          title: 'x',
          type: 'collaboration',
          photo: 'data:image/png;base64,AAAA',
        })
      ).statusCode,
    ).toBe(400);
    const second = (
      await api('PATCH', `/missions/${m._id}`, owner.cookie, { photo: await png('#993366') })
    ).json().data.photo as string;
    expect(second).not.toBe(first);
    expect(await onDisk(first)).toBe(false);
    expect((await api('PATCH', `/missions/${m._id}`, owner.cookie, { photo: null })).json().data.photo).toBe(
      DEFAULT_MISSION_PHOTO,
    );
    expect(await onDisk(second)).toBe(false);
    const third = (
      await api('PATCH', `/missions/${m._id}`, owner.cookie, { photo: await png('#669933') })
    ).json().data.photo as string;
    await api('DELETE', `/missions/${m._id}`, owner.cookie);
    expect(await onDisk(third)).toBe(false);
  });
});

describe('who sees a mission', () => {
  it('blocked either way with the owner: 404 everywhere, left out of lists, cannot be joined or followed', async () => {
    const [owner, blockedByOwner, blocker] = [await person(), await person(), await person()];
    const m = await start(owner, { title: 'Hidden from some' });
    await block(owner, blockedByOwner);
    await block(blocker, owner);
    for (const viewer of [blockedByOwner, blocker]) {
      for (const url of [`/missions/${m._id}`, `/missions/${m._id}/members`, `/missions/${m._id}/updates`]) {
        expect((await api('GET', url, viewer.cookie)).statusCode, url).toBe(404);
      }
      expect(
        (await api('POST', `/missions/${m._id}/join`, viewer.cookie, { role: 'partner' })).statusCode,
      ).toBe(404);
      expect((await api('POST', `/missions/${m._id}/follow`, viewer.cookie)).statusCode).toBe(404);
      expect(
        (await api('POST', `/missions/${m._id}/offers`, viewer.cookie, { message: 'hi' })).statusCode,
      ).toBe(404);
      const list = (await api('GET', '/missions?limit=50', viewer.cookie)).json().data as Array<{
        _id: string;
      }>;
      expect(list.map((x) => x._id)).not.toContain(m._id);
    }
    expect(
      await t.db.selectFrom('missionJoinRequests').select('id').where('missionId', '=', m._id).execute(),
    ).toEqual([]);
    expect((await storedMission(m._id))!.followerCount).toBe(0);
  });

  it('a members-only mission is 404 to non-members and seen by members', async () => {
    const [owner, member, stranger] = [await person(), await person(), await person()];
    const m = await start(owner, { visibility: 'members' });
    // Only members see it, so nobody can ask to join it: the owner adds people by making it public first.
    expect((await api('GET', `/missions/${m._id}`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await api('POST', `/missions/${m._id}/join`, stranger.cookie, { role: 'partner' })).statusCode,
    ).toBe(404);
    await api('PATCH', `/missions/${m._id}`, owner.cookie, { visibility: 'public' });
    await join(m._id, owner, member);
    await api('PATCH', `/missions/${m._id}`, owner.cookie, { visibility: 'members' });
    expect((await api('GET', `/missions/${m._id}`, member.cookie)).json().data).toMatchObject({
      role: 'collaborator',
      visibility: 'members',
    });
    expect((await api('GET', `/missions/${m._id}`, stranger.cookie)).statusCode).toBe(404);
    expect(
      ((await api('GET', '/missions?limit=50', stranger.cookie)).json().data as Array<{ _id: string }>).map(
        (x) => x._id,
      ),
    ).not.toContain(m._id);
    expect(
      ((await api('GET', '/missions?limit=50', member.cookie)).json().data as Array<{ _id: string }>).map(
        (x) => x._id,
      ),
    ).toContain(m._id);
    expect((await api('GET', `/missions/${m._id}/updates`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await api('PATCH', `/missions/${m._id}`, stranger.cookie, { title: 'Mine now' })).statusCode,
    ).toBe(404);
    expect((await api('GET', '/missions/not-an-id', member.cookie)).statusCode).toBe(400);
  });

  it('lists newest first by keyset, filtered by type, category and status', async () => {
    const owner = await person();
    const category = `cat${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(
        (await start(owner, { title: `M${i}`, category, type: i % 2 ? 'partnership' : 'collaboration' }))._id,
      );
    await api('PUT', `/missions/${ids[4]}/complete`, owner.cookie);
    const first = (await api('GET', `/missions?category=${category}&limit=2`, owner.cookie)).json();
    expect(first.data.map((x: { _id: string }) => x._id)).toEqual([ids[4], ids[3]]);
    const second = (
      await api('GET', `/missions?category=${category}&limit=2&cursor=${first.meta.nextCursor}`, owner.cookie)
    ).json();
    expect(second.data.map((x: { _id: string }) => x._id)).toEqual([ids[2], ids[1]]);
    const partners = (
      await api('GET', `/missions?category=${category}&type=partnership`, owner.cookie)
    ).json().data;
    expect(partners.map((x: { _id: string }) => x._id)).toEqual([ids[3], ids[1]]);
    const ongoing = (await api('GET', `/missions?category=${category}&status=ongoing`, owner.cookie)).json()
      .data;
    expect(ongoing.map((x: { _id: string }) => x._id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(ongoing[0]).toMatchObject({
      owner: card(owner),
      photo: DEFAULT_MISSION_PHOTO,
      type: 'partnership',
    });
    expect((await api('GET', '/missions?cursor=garbage', owner.cookie)).statusCode).toBe(400);
  });
});

describe('changing a mission: the owner only', () => {
  it('PATCH, complete and DELETE: owner yes; a member 403 and nothing changed; bad input 400', async () => {
    const [owner, member] = [await person(), await person()];
    const m = await start(owner);
    await join(m._id, owner, member, 'partner');
    const before = await storedMission(m._id);
    expect((await api('PATCH', `/missions/${m._id}`, member.cookie, { title: 'Taken' })).statusCode).toBe(
      403,
    );
    expect((await api('PUT', `/missions/${m._id}/complete`, member.cookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/missions/${m._id}`, member.cookie)).statusCode).toBe(403);
    expect((await api('PATCH', `/missions/${m._id}`, owner.cookie, { type: 'war' })).statusCode).toBe(400);
    expect((await api('PATCH', `/missions/${m._id}`, owner.cookie, { title: '' })).statusCode).toBe(400);
    expect((await api('PATCH', `/missions/${m._id}`, undefined, { title: 'Anon' })).statusCode).toBe(401);
    expect(await storedMission(m._id)).toEqual(before);

    const edited = await api('PATCH', `/missions/${m._id}`, owner.cookie, {
      title: 'Clean both rivers',
      category: 'Water',
    });
    expect(edited.json().data).toMatchObject({
      title: 'Clean both rivers',
      category: 'Water',
      type: 'collaboration',
      partnersCount: 1,
    });
    const done = await api('PUT', `/missions/${m._id}/complete`, owner.cookie);
    expect(done.json().data).toMatchObject({ status: 'completed', can: { postUpdate: false, join: false } });
    expect((await storedMission(m._id))!.completedAt).toBeInstanceOf(Date);

    expect((await api('DELETE', `/missions/${m._id}`, owner.cookie)).json()).toEqual({ data: { ok: true } });
    expect(await storedMission(m._id)).toBeUndefined();
    expect((await api('GET', `/missions/${m._id}`, member.cookie)).statusCode).toBe(404);
  });
});

describe('editing a mission changes only what is sent', () => {
  it('keeps the description, category, place and members-only visibility a title-only PATCH leaves out', async () => {
    const owner = await person();
    const m = await start(owner, {
      description: 'Two rivers, one weekend',
      category: 'Water',
      location: 'Cebu City',
      visibility: 'members',
    });
    const res = await api('PATCH', `/missions/${m._id}`, owner.cookie, { title: 'Clean both rivers' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Clean both rivers',
      description: 'Two rivers, one weekend',
      category: 'Water',
      location: 'Cebu City',
      visibility: 'members',
    });
  });
});

describe('joining', () => {
  it('asks, the owner is told and sees the request; a partner approves; the requester is told and is a member', async () => {
    const [owner, partner, asker, collaborator] = [
      await person('Owen'),
      await person('Pat'),
      await person('Asha'),
      await person('Cole'),
    ];
    const m = await start(owner, { title: 'Food bank' });
    await join(m._id, owner, partner, 'partner');
    await join(m._id, owner, collaborator, 'collaborator');

    const asked = await api('POST', `/missions/${m._id}/join`, asker.cookie, {
      role: 'partner',
      message: 'I have a truck',
    });
    expect(asked.json().data).toMatchObject({ role: 'none', joinRequest: 'pending', can: { join: false } });
    // Asking again is the same request.
    expect(
      (await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'collaborator' })).statusCode,
    ).toBe(200);
    expect(
      await t.db
        .selectFrom('missionJoinRequests')
        .select('role')
        .where('userId', '=', asker.user.id)
        .execute(),
    ).toEqual([{ role: 'partner' }]);

    expect(await notificationsOf(owner)).toContainEqual(
      expect.objectContaining({
        type: 'missionUpdate',
        relatedMission: m._id,
        message: 'asked to join Food bank as a partner',
        sender: expect.objectContaining({ _id: asker.user.id }),
      }),
    );
    const forPartner = (await api('GET', '/chats/join-requests', partner.cookie)).json().data;
    expect(forPartner).toEqual([
      {
        _id: expect.any(String),
        mission: { _id: m._id, title: 'Food bank', photo: DEFAULT_MISSION_PHOTO },
        user: card(asker),
        role: 'partner',
        message: 'I have a truck',
        createdAt: expect.any(String),
      },
    ]);
    expect((await api('GET', '/chats/join-requests', collaborator.cookie)).json().data).toEqual([]);
    expect((await api('GET', '/chats/join-requests', asker.cookie)).json().data).toEqual([]);

    const requestId = forPartner[0]._id;
    // A collaborator may not answer, nor may the asker: nothing changes.
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/${requestId}/approve`, collaborator.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/${requestId}/approve`, asker.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/not-an-id/approve`, owner.cookie)).statusCode,
    ).toBe(400);
    expect((await storedMission(m._id))!.partnersCount).toBe(1);

    events.length = 0;
    const approved = await api(
      'PUT',
      `/missions/${m._id}/join-requests/${requestId}/approve`,
      partner.cookie,
    );
    expect(approved.json().data).toMatchObject({ partnersCount: 2, collaboratorsCount: 1 });
    expect(events).toEqual([
      { name: 'mission.member_joined', payload: { missionId: m._id, userId: asker.user.id } },
    ]);
    expect((await api('GET', `/missions/${m._id}`, asker.cookie)).json().data).toMatchObject({
      role: 'partner',
      joinRequest: 'none',
      can: { leave: true, approveRequests: true },
    });
    expect(await notificationsOf(asker)).toContainEqual(
      expect.objectContaining({
        type: 'missionUpdate',
        relatedMission: m._id,
        message: 'approved your request to join Food bank',
        sender: expect.objectContaining({ _id: partner.user.id }),
      }),
    );
    // Answered once: a second answer finds nothing.
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/${requestId}/decline`, owner.cookie)).statusCode,
    ).toBe(404);
    // A member asking is refused.
    expect((await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'partner' })).statusCode).toBe(
      409,
    );
  });

  it('decline: the request goes, nobody joins; bad roles are 400; a completed mission takes nobody', async () => {
    const [owner, asker] = [await person(), await person()];
    const m = await start(owner);
    expect((await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'owner' })).statusCode).toBe(
      400,
    );
    expect((await api('POST', `/missions/${m._id}/join`, asker.cookie, {})).statusCode).toBe(400);
    expect(
      await t.db.selectFrom('missionJoinRequests').select('id').where('missionId', '=', m._id).execute(),
    ).toEqual([]);
    await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'collaborator' });
    const requestId = await requestIdOf(m._id, asker);
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/${requestId}/decline`, owner.cookie)).json().data,
    ).toMatchObject({ collaboratorsCount: 0 });
    expect(await membersOf(m._id)).toEqual([{ userId: owner.user.id, role: 'owner' }]);
    expect((await api('GET', `/missions/${m._id}`, asker.cookie)).json().data.joinRequest).toBe('none');
    await api('PUT', `/missions/${m._id}/complete`, owner.cookie);
    expect(
      (await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'collaborator' })).statusCode,
    ).toBe(409);
  });

  it('someone who blocked the owner after asking is never let in, and their request is not listed', async () => {
    const [owner, asker] = [await person(), await person()];
    const m = await start(owner);
    await api('POST', `/missions/${m._id}/join`, asker.cookie, { role: 'collaborator' });
    const requestId = await requestIdOf(m._id, asker);
    await block(asker, owner);
    expect((await api('GET', '/chats/join-requests', owner.cookie)).json().data).toEqual([]);
    expect(
      (await api('PUT', `/missions/${m._id}/join-requests/${requestId}/approve`, owner.cookie)).statusCode,
    ).toBe(404);
    expect(await membersOf(m._id)).toEqual([{ userId: owner.user.id, role: 'owner' }]);
  });
});

describe('leaving and removing', () => {
  it('a member leaves (event, counts); the owner cannot; a non-member gets 404; the owner removes a member, a partner cannot', async () => {
    const [owner, partner, collaborator, stranger] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const m = await start(owner);
    await join(m._id, owner, partner, 'partner');
    await join(m._id, owner, collaborator, 'collaborator');
    expect((await api('DELETE', `/missions/${m._id}/members/me`, owner.cookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/missions/${m._id}/members/me`, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await api('DELETE', `/missions/${m._id}/members/${collaborator.user.id}`, partner.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await api('DELETE', `/missions/${m._id}/members/${owner.user.id}`, owner.cookie)).statusCode,
    ).toBe(403);
    expect(
      (await api('DELETE', `/missions/${m._id}/members/${stranger.user.id}`, owner.cookie)).statusCode,
    ).toBe(404);
    expect((await membersOf(m._id)).length).toBe(3);

    events.length = 0;
    const left = await api('DELETE', `/missions/${m._id}/members/me`, partner.cookie);
    expect(left.json().data).toMatchObject({ role: 'none', partnersCount: 0 });
    const removed = await api('DELETE', `/missions/${m._id}/members/${collaborator.user.id}`, owner.cookie);
    expect(removed.json().data).toEqual({
      owner: expect.objectContaining({ role: 'owner' }),
      partners: [],
      collaborators: [],
    });
    expect(events).toEqual([
      { name: 'mission.member_left', payload: { missionId: m._id, userId: partner.user.id } },
      { name: 'mission.member_left', payload: { missionId: m._id, userId: collaborator.user.id } },
    ]);
    expect(await storedMission(m._id)).toMatchObject({ partnersCount: 0, collaboratorsCount: 0 });
  });

  it('members: owner, partners and collaborators, without people hidden from the viewer', async () => {
    const [owner, partner, collaborator, viewer] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const m = await start(owner);
    await join(m._id, owner, partner, 'partner');
    await join(m._id, owner, collaborator, 'collaborator');
    const all = (await api('GET', `/missions/${m._id}/members`, viewer.cookie)).json().data;
    expect(all).toEqual({
      owner: { user: card(owner), role: 'owner', joinedAt: expect.any(String) },
      partners: [{ user: card(partner), role: 'partner', joinedAt: expect.any(String) }],
      collaborators: [{ user: card(collaborator), role: 'collaborator', joinedAt: expect.any(String) }],
    });
    await block(partner, viewer);
    expect((await api('GET', `/missions/${m._id}/members`, viewer.cookie)).json().data.partners).toEqual([]);
  });
});

describe('counts under concurrency', () => {
  it('20 parallel approvals and 10 parallel leaves end with the true counts', async () => {
    const owner = await person();
    const m = await start(owner);
    const stayers = await Promise.all(Array.from({ length: 10 }, () => person()));
    for (const [i, p] of stayers.entries()) await join(m._id, owner, p, i % 2 ? 'partner' : 'collaborator');
    const askers = await Promise.all(Array.from({ length: 20 }, () => person()));
    for (const [i, p] of askers.entries())
      await api('POST', `/missions/${m._id}/join`, p.cookie, { role: i % 2 ? 'partner' : 'collaborator' });
    const requestIds = await Promise.all(askers.map((p) => requestIdOf(m._id, p)));
    const results = await Promise.all([
      ...requestIds.map((id) => api('PUT', `/missions/${m._id}/join-requests/${id}/approve`, owner.cookie)),
      ...stayers.map((p) => api('DELETE', `/missions/${m._id}/members/me`, p.cookie)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const rows = await membersOf(m._id);
    const stored = await storedMission(m._id);
    expect(stored).toMatchObject({ partnersCount: 10, collaboratorsCount: 10 });
    expect(rows.filter((r) => r.role === 'partner').length).toBe(10);
    expect(rows.filter((r) => r.role === 'collaborator').length).toBe(10);
  });

  it('20 parallel follows and unfollows keep followerCount true', async () => {
    const owner = await person();
    const m = await start(owner);
    const people = await Promise.all(Array.from({ length: 20 }, () => person()));
    await Promise.all(people.map((p) => api('POST', `/missions/${m._id}/follow`, p.cookie)));
    await Promise.all(people.slice(0, 7).map((p) => api('DELETE', `/missions/${m._id}/follow`, p.cookie)));
    expect((await storedMission(m._id))!.followerCount).toBe(13);
  });
});

describe('following, my missions and the picker', () => {
  it('follow and unfollow; followed lists; mine lists what I belong to; the picker lists ongoing ones', async () => {
    const [owner, fan, member] = [await person(), await person(), await person()];
    const m1 = await start(owner, { title: 'One' });
    const m2 = await start(owner, { title: 'Two' });
    await join(m1._id, owner, member);
    expect((await api('POST', `/missions/${m2._id}/follow`, fan.cookie)).json().data).toMatchObject({
      following: true,
      followerCount: 1,
    });
    expect((await api('POST', `/missions/${m2._id}/follow`, fan.cookie)).json().data).toMatchObject({
      following: true,
      followerCount: 1,
    });
    expect(
      (await api('GET', '/missions/followed', fan.cookie)).json().data.map((x: { _id: string }) => x._id),
    ).toEqual([m2._id]);
    expect((await api('DELETE', `/missions/${m2._id}/follow`, fan.cookie)).json().data).toMatchObject({
      following: false,
      followerCount: 0,
    });
    expect((await api('GET', '/missions/followed', fan.cookie)).json().data).toEqual([]);

    expect(
      (await api('GET', '/missions/mine', member.cookie)).json().data.map((x: { _id: string }) => x._id),
    ).toEqual([m1._id]);
    expect(
      (await api('GET', '/missions/mine', owner.cookie)).json().data.map((x: { _id: string }) => x._id),
    ).toEqual([m2._id, m1._id]);
    expect(
      (await api('GET', `/missions/mine?userId=${member.user.id}`, fan.cookie))
        .json()
        .data.map((x: { _id: string }) => x._id),
    ).toEqual([m1._id]);
    await block(member, fan);
    expect((await api('GET', `/missions/mine?userId=${member.user.id}`, fan.cookie)).json().data).toEqual([]);

    await api('PUT', `/missions/${m2._id}/complete`, owner.cookie);
    for (const url of ['/chats/ongoing-missions/me', '/posts/user/mission-posts-with-updates']) {
      expect((await api('GET', url, owner.cookie)).json().data).toEqual([
        { _id: m1._id, title: 'One', updateCount: 0 },
      ]);
      expect((await api('GET', url, member.cookie)).json().data).toEqual([
        { _id: m1._id, title: 'One', updateCount: 0 },
      ]);
      expect((await api('GET', url, fan.cookie)).json().data).toEqual([]);
      expect((await api('GET', url)).statusCode).toBe(401);
    }
  });
});

describe('per-account budgets on missions and joins', () => {
  it('each answers 429 with Retry-After once spent, with nothing written', async () => {
    const strict = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: '1' } });
    try {
      const call = apiCaller(strict);
      const me = await signedInUser(strict);
      for (let i = 0; i < MISSION_BUDGET.max; i++) {
        expect(
          (await call('POST', '/missions', me.cookie, { title: `M${i}`, type: 'collaboration' })).statusCode,
        ).toBe(200);
      }
      const refused = await call('POST', '/missions', me.cookie, {
        title: 'One too many',
        type: 'collaboration',
      });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        await strict.db.selectFrom('missions').select('id').where('title', '=', 'One too many').execute(),
      ).toEqual([]);

      const owners = await Promise.all(
        Array.from({ length: MISSION_JOIN_BUDGET.max + 1 }, () => signedInUser(strict)),
      );
      const missionIds: string[] = [];
      for (const o of owners)
        missionIds.push(
          (await call('POST', '/missions', o.cookie, { title: 'Theirs', type: 'collaboration' })).json().data
            ._id,
        );
      const asker = await signedInUser(strict);
      for (const id of missionIds.slice(0, -1))
        expect(
          (await call('POST', `/missions/${id}/join`, asker.cookie, { role: 'partner' })).statusCode,
        ).toBe(200);
      expect(
        (await call('POST', `/missions/${missionIds.at(-1)}/join`, asker.cookie, { role: 'partner' }))
          .statusCode,
      ).toBe(429);
      expect(
        await strict.db
          .selectFrom('missionJoinRequests')
          .select('id')
          .where('missionId', '=', missionIds.at(-1)!)
          .execute(),
      ).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

describe('join requests, live (issue 15)', () => {
  let live: ReturnType<typeof recordDeliveries>;
  beforeAll(() => {
    live = recordDeliveries(t);
  });
  const changed = (missionId: string) => ({ type: 'joinRequest.changed', data: { missionId } });
  const requests = { type: 'counts.changed', data: { counts: ['requests'] } };

  it('tells the owner and partners who may answer of a request, and the requester of the answer', async () => {
    const [owner, partner, collaborator, asker, blockedByPartner] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const missionId = (
      await api('POST', '/missions', owner.cookie, { title: 'Night shelter', type: 'partnership' })
    ).json().data._id;
    const admit = async (p: Person, role: 'partner' | 'collaborator') => {
      await api('POST', `/missions/${missionId}/join`, p.cookie, { role });
      const id = (await api('GET', '/chats/join-requests', owner.cookie))
        .json()
        .data.find((r: { user: { _id: string } }) => r.user._id === p.user.id)._id;
      expect(
        (await api('PUT', `/missions/${missionId}/join-requests/${id}/approve`, owner.cookie)).statusCode,
      ).toBe(200);
    };
    await admit(partner, 'partner');
    await admit(collaborator, 'collaborator');
    expect((await api('POST', `/users/${blockedByPartner.user.id}/block`, partner.cookie)).statusCode).toBe(
      200,
    );

    live.clear();
    expect(
      (
        await api('POST', `/missions/${missionId}/join`, asker.cookie, {
          role: 'collaborator',
          message: 'I cook',
        })
      ).statusCode,
    ).toBe(200);
    expect(live.of(owner.user.id)).toEqual(expect.arrayContaining([changed(missionId), requests]));
    expect(live.of(partner.user.id)).toEqual([changed(missionId), requests]);
    expect(live.of(collaborator.user.id)).toEqual([]);
    expect(live.of(asker.user.id)).toEqual([changed(missionId)]);

    // Someone the partner blocked asks: the partner, who never sees that request, hears nothing.
    live.clear();
    await api('POST', `/missions/${missionId}/join`, blockedByPartner.cookie, { role: 'collaborator' });
    expect(live.of(partner.user.id)).toEqual([]);
    expect(live.of(owner.user.id)).toEqual(expect.arrayContaining([changed(missionId), requests]));

    live.clear();
    const id = (await api('GET', '/chats/join-requests', owner.cookie))
      .json()
      .data.find((r: { user: { _id: string } }) => r.user._id === asker.user.id)._id;
    expect(
      (await api('PUT', `/missions/${missionId}/join-requests/${id}/decline`, partner.cookie)).statusCode,
    ).toBe(200);
    expect(live.of(asker.user.id)).toEqual([changed(missionId)]);
    expect(live.of(owner.user.id)).toEqual([changed(missionId), requests]);
    expect(live.of(partner.user.id)).toEqual([changed(missionId), requests]);
    expect(live.of(collaborator.user.id)).toEqual([]);
  });
});
