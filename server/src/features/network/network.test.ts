import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { UsersTable } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';
import { CONNECTION_REQUEST_BUDGET } from '../../platform/limits.js';
import { buildUser, signedInUser } from '../../../test/factories.js';
import { recordDeliveries } from '../../../test/deliveries.js';
import { emitEvent, apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  api = apiCaller(t);
});
afterAll(async () => {
  await t.close();
});

type User = Awaited<ReturnType<typeof buildUser>>;
type Person = { user: User; cookie: string };
const person = (overrides: Partial<Insertable<UsersTable>> = {}): Promise<Person> =>
  signedInUser(t, overrides);
const tag = () => randomBytes(4).toString('hex');

/** The card every list shows (spec §3 User). */
const card = (u: User) => ({
  _id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  headline: u.headline,
  profilePicture: u.profilePicture ?? DEFAULT_AVATAR,
  verifiedOrg: u.verifiedOrg,
});

/** Two connection rows, as the network feature writes them, without the request dance. */
async function link(a: User, b: User, at = new Date()) {
  await t.db
    .insertInto('connections')
    .values([
      { userId: a.id, otherId: b.id, createdAt: at },
      { userId: b.id, otherId: a.id, createdAt: at },
    ])
    .execute();
}
const block = (blocker: User, blocked: User) =>
  t.db.insertInto('blocks').values({ blockerId: blocker.id, blockedId: blocked.id }).execute();

/** Every connection row and request touching these people: what "nothing changed" compares. */
async function graphOf(...people: User[]) {
  const ids = people.map((p) => p.id);
  const [connections, requests] = await Promise.all([
    t.db
      .selectFrom('connections')
      .select(['userId', 'otherId'])
      .where((eb) => eb.or([eb('userId', 'in', ids), eb('otherId', 'in', ids)]))
      .orderBy('userId')
      .orderBy('otherId')
      .execute(),
    t.db
      .selectFrom('connectionRequests')
      .select(['id', 'senderId', 'recipientId', 'ignoredAt'])
      .where((eb) => eb.or([eb('senderId', 'in', ids), eb('recipientId', 'in', ids)]))
      .orderBy('id')
      .execute(),
  ]);
  return { connections, requests };
}

const requestNotices = async (p: Person) =>
  (await api('GET', '/notifications?type=connectionRequest', p.cookie)).json().data;
const profileOf = async (viewer: Person, of: User) =>
  (await api('GET', `/users/profile/${of.username}`, viewer.cookie)).json().data;

/** A sends B a request through the route; answers its id. */
async function ask(a: Person, b: User) {
  const res = await api('POST', `/connections/${b.id}`, a.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = (await graphOf(a.user, b)).requests.filter(
    (r) => r.senderId === a.user.id && r.recipientId === b.id,
  );
  return row!.id;
}

describe('POST /connections/:userId', () => {
  it('sends a request: it waits in their list (the Network badge) and as a connectionRequest notification, and in my sent list', async () => {
    const [a, b] = await Promise.all([person({ headline: 'Boat builder' }), person()]);
    const res = await api('POST', `/connections/${b.user.id}`, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { connection: 'pending-sent', message: 'Connection request sent' } });

    const [request] = (await graphOf(a.user)).requests;
    const received = await api('GET', '/connections/requests', b.cookie);
    expect(received.statusCode).toBe(200);
    expect(received.json()).toEqual({
      data: [{ _id: request!.id, user: card(a.user), createdAt: expect.any(String) }],
    });
    expect((await api('GET', '/connections/requests/sent', a.cookie)).json()).toEqual({
      data: [{ _id: request!.id, user: card(b.user), createdAt: received.json().data[0].createdAt }],
    });
    // Only the recipient answers: the sender has nothing waiting, the recipient sent nothing.
    expect((await api('GET', '/connections/requests', a.cookie)).json()).toEqual({ data: [] });
    expect((await api('GET', '/connections/requests/sent', b.cookie)).json()).toEqual({ data: [] });

    expect(await requestNotices(b)).toEqual([
      expect.objectContaining({
        type: 'connectionRequest',
        message: 'sent you a connection request',
        read: false,
        sender: expect.objectContaining({ _id: a.user.id, username: a.user.username }),
        relatedUser: { _id: a.user.id, username: a.user.username },
      }),
    ]);
    expect(await requestNotices(a)).toEqual([]);
  });

  it('lists waiting requests newest first, and every list needs a session', async () => {
    const [me, first, second] = await Promise.all([person(), person(), person()]);
    await ask(first, me.user);
    await ask(second, me.user);
    const users = (await api('GET', '/connections/requests', me.cookie))
      .json()
      .data.map((r: { user: { _id: string } }) => r.user._id);
    expect(users).toEqual([second.user.id, first.user.id]);
    for (const url of [
      '/connections/requests',
      '/connections/requests/sent',
      '/connections',
      `/users/${me.user.id}/connections`,
      '/users/suggestions',
    ]) {
      const res = await api('GET', url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('refuses a second request with 409, also after they ignored it, and writes nothing more', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await ask(a, b.user);
    const before = await graphOf(a.user, b.user);
    const again = await api('POST', `/connections/${b.user.id}`, a.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'You have already sent this person a connection request',
    });
    expect(await graphOf(a.user, b.user)).toEqual(before);

    expect((await api('PUT', `/connections/requests/${id}/ignore`, b.cookie)).statusCode).toBe(200);
    expect((await api('POST', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(409);
    expect((await graphOf(a.user, b.user)).requests).toEqual([
      expect.objectContaining({ id, ignoredAt: expect.any(Date) }),
    ]);
  });

  it('refuses myself (in any case of my id) with 400, and a malformed id with 400 naming the field; nothing written', async () => {
    const me = await person();
    for (const id of [me.user.id, me.user.id.toUpperCase()]) {
      const res = await api('POST', `/connections/${id}`, me.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_REQUEST',
        message: 'You cannot connect with yourself',
        details: [{ path: 'userId', message: 'You cannot connect with yourself' }],
      });
    }
    const bad = await api('POST', '/connections/not-a-person', me.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'userId', message: 'Not a person id' }],
    });
    expect(await graphOf(me.user)).toEqual({ connections: [], requests: [] });
  });

  it('needs a session: 401 and nothing written', async () => {
    const b = await buildUser(t.db);
    expect((await api('POST', `/connections/${b.id}`)).statusCode).toBe(401);
    expect(await graphOf(b)).toEqual({ connections: [], requests: [] });
  });

  it('answers an unknown person and one blocked either way alike: 404, nothing written, nobody told', async () => {
    const [me, blockedByMe, blockerOfMe] = await Promise.all([person(), person(), person()]);
    await block(me.user, blockedByMe.user);
    await block(blockerOfMe.user, me.user);
    const unknown = await api('POST', `/connections/${newId()}`, me.cookie);
    expect(unknown.statusCode).toBe(404);
    for (const other of [blockedByMe, blockerOfMe]) {
      const res = await api('POST', `/connections/${other.user.id}`, me.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      expect(await requestNotices(other)).toEqual([]);
    }
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'That person is not on Muster' });
    expect(await graphOf(me.user)).toEqual({ connections: [], requests: [] });
  });

  it('refuses someone I am already connected to with 409', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    await link(a.user, b.user);
    const res = await api('POST', `/connections/${b.user.id}`, a.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You are already connected');
    expect((await graphOf(a.user, b.user)).requests).toEqual([]);
  });

  it.each([
    ['pending', false],
    ['ignored by me', true],
  ])(
    'connects at once when they had already asked me (%s): both requests go, both rows come, and they are told',
    async (_, ignored) => {
      const [a, b] = await Promise.all([person({ firstName: 'Ama', lastName: 'Owusu' }), person()]);
      const theirs = await ask(b, a.user);
      if (ignored)
        expect((await api('PUT', `/connections/requests/${theirs}/ignore`, a.cookie)).statusCode).toBe(200);
      const res = await api('POST', `/connections/${b.user.id}`, a.cookie);
      expect(res.json()).toEqual({ data: { connection: 'connected', message: 'You are now connected' } });
      expect(await graphOf(a.user, b.user)).toEqual({
        connections: expect.arrayContaining([
          { userId: a.user.id, otherId: b.user.id },
          { userId: b.user.id, otherId: a.user.id },
        ]),
        requests: [],
      });
      expect((await graphOf(a.user, b.user)).connections).toHaveLength(2);
      expect(await requestNotices(a)).toEqual([]);
      const bNotes = (await api('GET', '/notifications', b.cookie)).json().data;
      expect(bNotes).toEqual([
        expect.objectContaining({
          type: 'systemNotification',
          message: 'Ama Owusu accepted your connection request',
          sender: expect.objectContaining({ _id: a.user.id }),
        }),
      ]);
      expect((await profileOf(a, b.user)).connection).toBe('connected');
      expect((await profileOf(b, a.user)).connection).toBe('connected');
    },
  );

  it(`admits ${CONNECTION_REQUEST_BUDGET.max} requests per ${CONNECTION_REQUEST_BUDGET.timeWindow} per account, then 429 with Retry-After and nothing written`, async () => {
    // The production budget (tests otherwise scale write budgets out of the way).
    const strict = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: '1' } });
    try {
      const call = apiCaller(strict);
      const me = await signedInUser(strict);
      const others = await Promise.all(
        Array.from({ length: CONNECTION_REQUEST_BUDGET.max + 1 }, () => buildUser(strict.db)),
      );
      for (const other of others.slice(0, -1)) {
        expect((await call('POST', `/connections/${other.id}`, me.cookie)).statusCode).toBe(200);
      }
      const last = others.at(-1)!;
      const res = await call('POST', `/connections/${last.id}`, me.cookie);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().code).toBe('RATE_LIMITED');
      expect(
        await strict.db
          .selectFrom('connectionRequests')
          .select('id')
          .where('recipientId', '=', last.id)
          .execute(),
      ).toEqual([]);
      // The budget is the account's: someone else still asks.
      expect(
        (await call('POST', `/connections/${last.id}`, (await signedInUser(strict)).cookie)).statusCode,
      ).toBe(200);
    } finally {
      await strict.close();
    }
  });
});

describe('answering a request', () => {
  it('accept: only the recipient; the two rows come and the request goes in one go, the sender is told, the notice goes', async () => {
    const [a, b, stranger] = await Promise.all([
      person(),
      person({ firstName: 'Bola', lastName: 'Ade' }),
      person(),
    ]);
    const id = await ask(a, b.user);
    const before = await graphOf(a.user, b.user);
    for (const who of [stranger, a]) {
      const res = await api('PUT', `/connections/requests/${id}/accept`, who.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Connection request not found');
    }
    expect((await api('PUT', `/connections/requests/${id}/accept`)).statusCode).toBe(401);
    const bad = await api('PUT', '/connections/requests/nope/accept', b.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'requestId', message: 'Not a request id' }]);
    expect(await graphOf(a.user, b.user)).toEqual(before);
    expect(await requestNotices(b)).toHaveLength(1);

    const res = await api('PUT', `/connections/requests/${id}/accept`, b.cookie);
    expect(res.json()).toEqual({ data: { connection: 'connected', message: 'You are now connected' } });
    const after = await graphOf(a.user, b.user);
    expect(after.requests).toEqual([]);
    expect(after.connections).toEqual(
      expect.arrayContaining([
        { userId: a.user.id, otherId: b.user.id },
        { userId: b.user.id, otherId: a.user.id },
      ]),
    );
    expect(after.connections).toHaveLength(2);
    expect(await requestNotices(b)).toEqual([]);
    expect((await api('GET', '/connections/requests', b.cookie)).json().data).toEqual([]);
    expect((await api('GET', '/notifications', a.cookie)).json().data).toEqual([
      expect.objectContaining({
        type: 'systemNotification',
        message: 'Bola Ade accepted your connection request',
        relatedUser: { _id: b.user.id, username: b.user.username },
      }),
    ]);
    expect((await api('PUT', `/connections/requests/${id}/accept`, b.cookie)).statusCode).toBe(404);
  });

  it('ignore: only the recipient; it leaves my list and the badge but still looks pending to the sender; the notice goes', async () => {
    const [a, b, stranger] = await Promise.all([person(), person(), person()]);
    const id = await ask(a, b.user);
    const before = await graphOf(a.user, b.user);
    for (const who of [stranger, a])
      expect((await api('PUT', `/connections/requests/${id}/ignore`, who.cookie)).statusCode).toBe(404);
    expect((await api('PUT', `/connections/requests/${id}/ignore`)).statusCode).toBe(401);
    expect((await api('PUT', '/connections/requests/42/ignore', b.cookie)).statusCode).toBe(400);
    expect(await graphOf(a.user, b.user)).toEqual(before);

    const res = await api('PUT', `/connections/requests/${id}/ignore`, b.cookie);
    expect(res.json()).toEqual({ data: { connection: 'none', message: 'Request ignored' } });
    expect((await api('GET', '/connections/requests', b.cookie)).json().data).toEqual([]);
    expect(await requestNotices(b)).toEqual([]);
    expect((await api('GET', '/connections/requests/sent', a.cookie)).json().data).toEqual([
      expect.objectContaining({ _id: id }),
    ]);
    expect(await profileOf(a, b.user)).toMatchObject({ connection: 'pending-sent', connectionRequestId: id });
    expect(await profileOf(b, a.user)).toMatchObject({ connection: 'none', connectionRequestId: null });
    // Ignoring twice keeps the first time, and tells nobody anything.
    const { ignoredAt } = (await graphOf(a.user)).requests[0]!;
    expect((await api('PUT', `/connections/requests/${id}/ignore`, b.cookie)).statusCode).toBe(200);
    expect((await graphOf(a.user)).requests[0]!.ignoredAt).toEqual(ignoredAt);
    expect((await api('GET', '/notifications', a.cookie)).json().data).toEqual([]);
  });

  it('withdraw: only the sender; the request and its notice go', async () => {
    const [a, b, stranger] = await Promise.all([person(), person(), person()]);
    const id = await ask(a, b.user);
    const before = await graphOf(a.user, b.user);
    for (const who of [stranger, b])
      expect((await api('DELETE', `/connections/requests/${id}`, who.cookie)).statusCode).toBe(404);
    expect((await api('DELETE', `/connections/requests/${id}`)).statusCode).toBe(401);
    expect((await api('DELETE', '/connections/requests/x', a.cookie)).statusCode).toBe(400);
    expect(await graphOf(a.user, b.user)).toEqual(before);

    const res = await api('DELETE', `/connections/requests/${id}`, a.cookie);
    expect(res.json()).toEqual({ data: { connection: 'none', message: 'Request withdrawn' } });
    expect(await graphOf(a.user, b.user)).toEqual({ connections: [], requests: [] });
    expect((await api('GET', '/connections/requests', b.cookie)).json().data).toEqual([]);
    expect(await requestNotices(b)).toEqual([]);
    expect((await api('DELETE', `/connections/requests/${id}`, a.cookie)).statusCode).toBe(404);
    // Withdrawn, it may be sent again, and notifies once more.
    await ask(a, b.user);
    expect(await requestNotices(b)).toHaveLength(1);
  });
});

describe('connections', () => {
  it('DELETE /connections/:userId removes both rows; not connected is 404; 400 and 401 change nothing', async () => {
    const [a, b, c] = await Promise.all([person(), person(), person()]);
    await link(a.user, b.user);
    await link(b.user, c.user);
    const before = await graphOf(a.user, b.user, c.user);
    expect((await api('DELETE', `/connections/${b.user.id}`)).statusCode).toBe(401);
    expect((await api('DELETE', '/connections/someone', a.cookie)).statusCode).toBe(400);
    const notMine = await api('DELETE', `/connections/${c.user.id}`, a.cookie);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('You are not connected to this person');
    expect(await graphOf(a.user, b.user, c.user)).toEqual(before);

    const res = await api('DELETE', `/connections/${b.user.id}`, a.cookie);
    expect(res.json()).toEqual({ data: { connection: 'none', message: 'Connection removed' } });
    expect((await graphOf(a.user)).connections).toEqual([]);
    // Their other connection stays.
    expect((await graphOf(c.user)).connections).toHaveLength(2);
    expect((await api('DELETE', `/connections/${b.user.id}`, a.cookie)).statusCode).toBe(404);
  });

  it('GET /connections pages mine newest first with opaque cursors', async () => {
    const me = await person();
    const others = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    const at = Date.parse('2026-01-01T00:00:00.000Z');
    // The last two share a millisecond: the cursor's id breaks the tie.
    await link(me.user, others[0]!, new Date(at));
    await link(me.user, others[1]!, new Date(at + 1000));
    await link(me.user, others[2]!, new Date(at + 1000));
    const first = await api('GET', '/connections?limit=2', me.cookie);
    expect(first.statusCode).toBe(200);
    const tied = [others[1]!, others[2]!].sort((x, y) => (x.id < y.id ? 1 : -1));
    expect(first.json().data).toEqual(
      tied.map((u) => ({ user: card(u), connectedAt: new Date(at + 1000).toISOString() })),
    );
    const cursor = first.json().meta.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await api('GET', `/connections?limit=2&cursor=${cursor}`, me.cookie);
    expect(second.json()).toEqual({
      data: [{ user: card(others[0]!), connectedAt: new Date(at).toISOString() }],
      meta: { nextCursor: null },
    });

    for (const query of ['limit=0', 'limit=101', 'cursor=bm90LWEtY3Vyc29y']) {
      const res = await api('GET', `/connections?${query}`, me.cookie);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it("GET /users/:userId/connections follows the owner's setting, 404 when blocked either way, and leaves out people hidden from me", async () => {
    const [me, friend, owner, hiddenFromMe, other] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    await link(owner.user, me.user);
    await link(owner.user, friend.user);
    await link(owner.user, hiddenFromMe.user);
    await block(hiddenFromMe.user, me.user);
    const listed = async (viewer: Person) => {
      const res = await api('GET', `/users/${owner.user.id}/connections`, viewer.cookie);
      return res.statusCode === 200
        ? res
            .json()
            .data.map((c: { user: { _id: string } }) => c.user._id)
            .sort()
        : res.statusCode;
    };
    const setting = (connectionsVisibility: 'everyone' | 'connections' | 'only_me') =>
      t.db.updateTable('users').set({ connectionsVisibility }).where('id', '=', owner.user.id).execute();

    expect(await listed(me)).toEqual([me.user.id, friend.user.id].sort());
    expect(await listed(other)).toEqual([me.user.id, friend.user.id, hiddenFromMe.user.id].sort());
    expect(await listed(owner)).toEqual([me.user.id, friend.user.id, hiddenFromMe.user.id].sort());

    await setting('connections');
    expect(await listed(me)).toEqual([me.user.id, friend.user.id].sort());
    expect(await listed(other)).toBe(403);
    await setting('only_me');
    expect(await listed(me)).toBe(403);
    expect(await listed(owner)).toHaveLength(3);
    const refused = await api('GET', `/users/${owner.user.id}/connections`, me.cookie);
    expect(refused.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'This person keeps their connections private',
    });
    await setting('everyone');

    // Blocked either way: the person is not there at all, exactly like an unknown id.
    const unknown = await api('GET', `/users/${newId()}/connections`, me.cookie);
    expect(unknown.statusCode).toBe(404);
    await block(other.user, owner.user);
    expect(await listed(other)).toBe(404);
    await block(owner.user, friend.user);
    const res = await api('GET', `/users/${owner.user.id}/connections`, friend.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect((await api('GET', '/users/me/connections', me.cookie)).statusCode).toBe(400);
  });
});

describe('GET /users/suggestions', () => {
  /** Me, connected to two people whose connections are the candidates, at a place of our own. */
  async function network() {
    const place = `Testville ${tag()}`;
    const me = await person({ location: place });
    const [x, y] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    await link(me.user, x);
    await link(me.user, y);
    return { me, x, y, place };
  }
  const follow = (u: User, ...tags: string[]) =>
    t.db
      .insertInto('hashtagFollows')
      .values(tags.map((tg) => ({ userId: u.id, tag: tg })))
      .execute();
  const suggestionsFor = async (p: Person) => {
    const res = await api('GET', '/users/suggestions', p.cookie);
    expect(res.statusCode).toBe(200);
    return res.json().data as Array<{ _id: string; mutualCount: number }>;
  };

  it('ranks by mutual connections, then shared followed hashtags, then the same place, with the card and the mutual count', async () => {
    const { me, x, y, place } = await network();
    const [t1, t2] = [`tag${tag()}`, `tag${tag()}`];
    await follow(me.user, t1, t2);
    // Created in the expected order, each newer than the one before, so that "newest first" (the
    // last tie-break) would give the reverse.
    const twoMutuals = await buildUser(t.db);
    const mutualAndTags = await buildUser(t.db);
    const oneMutual = await buildUser(t.db);
    const twoTags = await buildUser(t.db);
    const oneTag = await buildUser(t.db);
    const samePlace = await buildUser(t.db, { location: place.toUpperCase(), headline: 'Neighbour' });
    await link(x, twoMutuals);
    await link(y, twoMutuals);
    await link(x, oneMutual);
    await link(y, mutualAndTags);
    await follow(mutualAndTags, t1, t2);
    await follow(twoTags, t1, t2);
    await follow(oneTag, t2);
    // The newest person of all shares nothing with me (no place is no place): after all of those.
    const newest = await buildUser(t.db, { location: '' });

    const list = await suggestionsFor(me);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.slice(0, 6).map((s) => s._id)).toEqual([
      twoMutuals.id,
      mutualAndTags.id,
      oneMutual.id,
      twoTags.id,
      oneTag.id,
      samePlace.id,
    ]);
    expect(list[0]).toEqual({ ...card(twoMutuals), mutualCount: 2 });
    expect(list[1]!.mutualCount).toBe(1);
    expect(list[5]).toEqual({ ...card(samePlace), mutualCount: 0 });
    // The rest are the newest people, who share nothing with me.
    expect(list[6]).toEqual({ ...card(newest), mutualCount: 0 });
    expect(list.slice(6).every((s) => s.mutualCount === 0)).toBe(true);
  });

  it('never ranks by a place its owner shows only to connections (issue 31, item 6)', async () => {
    const { me, place } = await network();
    // Created oldest first: by age alone the order would be the reverse.
    const closed = await buildUser(t.db, { location: place, profileVisibility: 'connections' });
    const closedUpper = await buildUser(t.db, {
      location: place.toUpperCase(),
      profileVisibility: 'connections',
    });
    const open = await buildUser(t.db, { location: place });
    const newer = await buildUser(t.db, { location: '' });
    const ids = (await suggestionsFor(me)).map((s) => s._id);
    expect(ids[0]).toBe(open.id);
    // The people whose place is kept come, if at all, as newest people do: after the newer one.
    expect(ids[1]).toBe(newer.id);
    for (const kept of [closed, closedUpper])
      if (ids.includes(kept.id)) expect(ids.indexOf(kept.id)).toBeGreaterThan(1);
  });

  it('never offers me, my connections, anyone I asked or who asked me, anyone blocked either way or muted, hidden from search, or unverified', async () => {
    const { me, x, y } = await network();
    const control = await buildUser(t.db);
    const connected = await buildUser(t.db);
    const iAsked = await buildUser(t.db);
    const askedMe = await buildUser(t.db);
    const askedMeIgnored = await buildUser(t.db);
    const blockedByMe = await buildUser(t.db);
    const blockerOfMe = await buildUser(t.db);
    const muted = await buildUser(t.db);
    const unsearchable = await buildUser(t.db, { searchable: false });
    const unverified = await buildUser(t.db, { emailVerifiedAt: null });
    const excluded = {
      connected,
      iAsked,
      askedMe,
      askedMeIgnored,
      blockedByMe,
      blockerOfMe,
      muted,
      unsearchable,
      unverified,
    };
    // Each shares both my connections, so each would lead the list but for its exclusion.
    for (const u of [control, ...Object.values(excluded)]) {
      await link(x, u);
      await link(y, u);
    }
    await link(me.user, connected);
    await t.db
      .insertInto('connectionRequests')
      .values([
        { id: newId(), senderId: me.user.id, recipientId: iAsked.id },
        { id: newId(), senderId: askedMe.id, recipientId: me.user.id },
        { id: newId(), senderId: askedMeIgnored.id, recipientId: me.user.id, ignoredAt: new Date() },
      ])
      .execute();
    await block(me.user, blockedByMe);
    await block(blockerOfMe, me.user);
    await t.db.insertInto('mutes').values({ muterId: me.user.id, mutedId: muted.id }).execute();

    const ids = (await suggestionsFor(me)).map((s) => s._id);
    expect(ids[0]).toBe(control.id);
    for (const [why, u] of Object.entries(excluded)) expect(ids, why).not.toContain(u.id);
    expect(ids).not.toContain(me.user.id);
    expect(ids).not.toContain(x.id);
    expect(ids).not.toContain(y.id);
    // A muted or unsearchable person is still offered to others: the rule is about me.
    const other = await person();
    await link(other.user, x);
    expect((await suggestionsFor(other)).map((s) => s._id)).toEqual(
      expect.arrayContaining([muted.id, control.id]),
    );
    expect((await suggestionsFor(other)).map((s) => s._id)).not.toContain(unsearchable.id);
  });

  it('answers at most 10', async () => {
    const { me, x } = await network();
    for (let i = 0; i < 12; i += 1) await link(x, await buildUser(t.db));
    expect(await suggestionsFor(me)).toHaveLength(10);
  });

  it('keeps my list a few seconds, but a request or a block either way, my mute, or a privacy change drops it at once', async () => {
    const { me, x } = await network();
    const sideDoor = await buildUser(t.db);
    const [iAsk, iBlock, iMute, blocksMe, asksMe, hides] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    const everyone = [sideDoor, ...[iAsk, iBlock, iMute, blocksMe, asksMe, hides].map((p) => p.user)];
    for (const u of everyone) await link(x, u);
    const ids = async () => (await suggestionsFor(me)).map((s) => s._id);
    expect(await ids()).toEqual(expect.arrayContaining(everyone.map((u) => u.id)));

    // A change that bypasses every route is not seen while the list is kept: it is kept.
    await t.db.insertInto('mutes').values({ muterId: me.user.id, mutedId: sideDoor.id }).execute();
    expect(await ids()).toContain(sideDoor.id);

    const gone = async (why: string, u: User) => expect(await ids(), why).not.toContain(u.id);
    expect((await api('POST', `/connections/${iAsk.user.id}`, me.cookie)).statusCode).toBe(200);
    await gone('I asked', iAsk.user);
    // The route's change dropped the kept list, so the side-door mute shows too.
    await gone('muted by hand', sideDoor);
    expect((await api('POST', `/users/${iBlock.user.id}/block`, me.cookie)).statusCode).toBe(200);
    await gone('I blocked', iBlock.user);
    expect((await api('POST', `/users/${iMute.user.id}/mute`, me.cookie)).statusCode).toBe(200);
    await gone('I muted', iMute.user);
    expect((await api('POST', `/users/${me.user.id}/block`, blocksMe.cookie)).statusCode).toBe(200);
    await gone('blocked me', blocksMe.user);
    expect((await api('POST', `/connections/${me.user.id}`, asksMe.cookie)).statusCode).toBe(200);
    await gone('asked me', asksMe.user);
    const privacy = {
      profileVisibility: 'everyone',
      connectionsVisibility: 'everyone',
      messagePolicy: 'everyone',
      searchable: false,
    };
    expect((await api('PUT', '/users/me/privacy', hides.cookie, privacy)).statusCode).toBe(200);
    await gone('turned search off', hides.user);
  });
});

describe('GET /users/profile/:username (the network part)', () => {
  it('a stranger: counts, no standing, everything visible', async () => {
    const [me, them] = await Promise.all([person(), person({ bio: 'Sails', location: 'Porto' })]);
    const [shared, theirs] = await Promise.all([buildUser(t.db), buildUser(t.db)]);
    await link(them.user, shared);
    await link(them.user, theirs);
    await link(me.user, shared);
    expect(await profileOf(me, them.user)).toEqual({
      ...card(them.user),
      bio: 'Sails',
      location: 'Porto',
      createdAt: them.user.createdAt.toISOString(),
      isMe: false,
      connectionCount: 2,
      mutualCount: 1,
      connection: 'none',
      connectionRequestId: null,
      muted: false,
      limited: false,
      connectionsVisible: true,
    });
  });

  it('a connection, and myself (no mutual count with myself)', async () => {
    const [me, them] = await Promise.all([person(), person()]);
    await link(me.user, them.user);
    expect(await profileOf(me, them.user)).toMatchObject({
      connection: 'connected',
      connectionRequestId: null,
      connectionCount: 1,
      mutualCount: 0,
    });
    expect(await profileOf(me, me.user)).toMatchObject({
      isMe: true,
      connection: 'none',
      connectionCount: 1,
      mutualCount: 0,
      limited: false,
      connectionsVisible: true,
    });
  });

  it('a pending request, seen from both sides, with the id each acts on', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    const id = await ask(a, b.user);
    expect(await profileOf(a, b.user)).toMatchObject({ connection: 'pending-sent', connectionRequestId: id });
    expect(await profileOf(b, a.user)).toMatchObject({
      connection: 'pending-received',
      connectionRequestId: id,
    });
  });

  it('muted: only I see it', async () => {
    const [me, them] = await Promise.all([person(), person()]);
    await t.db.insertInto('mutes').values({ muterId: me.user.id, mutedId: them.user.id }).execute();
    expect((await profileOf(me, them.user)).muted).toBe(true);
    expect((await profileOf(them, me.user)).muted).toBe(false);
  });

  it('limited to connections: a stranger gets the card, the counts and no bio or location', async () => {
    const [stranger, connection, owner] = await Promise.all([
      person(),
      person(),
      person({ bio: 'Private bio', location: 'Accra', profileVisibility: 'connections' }),
    ]);
    await link(owner.user, connection.user);
    expect(await profileOf(stranger, owner.user)).toMatchObject({
      ...card(owner.user),
      bio: '',
      location: '',
      limited: true,
      connectionCount: 1,
      connection: 'none',
    });
    expect(await profileOf(connection, owner.user)).toMatchObject({
      bio: 'Private bio',
      location: 'Accra',
      limited: false,
    });
    expect(await profileOf(owner, owner.user)).toMatchObject({
      bio: 'Private bio',
      location: 'Accra',
      limited: false,
    });
  });

  it.each([
    ['everyone', { stranger: true, connection: true, me: true }],
    ['connections', { stranger: false, connection: true, me: true }],
    ['only_me', { stranger: false, connection: false, me: true }],
  ] as const)(
    'connections visible to whom, when the owner chose %s',
    async (connectionsVisibility, expected) => {
      const [stranger, connection, owner] = await Promise.all([
        person(),
        person(),
        person({ connectionsVisibility }),
      ]);
      await link(owner.user, connection.user);
      expect({
        stranger: (await profileOf(stranger, owner.user)).connectionsVisible,
        connection: (await profileOf(connection, owner.user)).connectionsVisible,
        me: (await profileOf(owner, owner.user)).connectionsVisible,
      }).toEqual(expected);
    },
  );

  it('blocked either way answers exactly like an unknown username', async () => {
    const [me, blockedByMe, blockerOfMe] = await Promise.all([person(), person(), person()]);
    await block(me.user, blockedByMe.user);
    await block(blockerOfMe.user, me.user);
    const unknown = await api('GET', '/users/profile/no_such_person_here', me.cookie);
    expect(unknown.statusCode).toBe(404);
    for (const other of [blockedByMe, blockerOfMe]) {
      const res = await api('GET', `/users/profile/${other.user.username}`, me.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
      // And the other way round.
      const back = await api('GET', `/users/profile/${me.user.username}`, other.cookie);
      expect(back.statusCode).toBe(404);
    }
  });
});

describe('a block ends what lies between the two (user.blocked)', () => {
  it('removes the connection rows and the requests both ways, and the request notices', async () => {
    const [a, b, c, d] = await Promise.all([person(), person(), person(), person()]);
    await link(a.user, b.user);
    await ask(a, c.user);
    // Crossing requests both ways, as two people asking at the same moment can leave them.
    await t.db
      .insertInto('connectionRequests')
      .values({ id: newId(), senderId: c.user.id, recipientId: a.user.id })
      .execute();
    await ask(d, a.user);
    await link(b.user, c.user); // not between the two: stays
    await emitEvent(t, 'user.blocked', { blockerId: a.user.id, blockedId: b.user.id });
    await emitEvent(t, 'user.blocked', { blockerId: c.user.id, blockedId: a.user.id });
    const after = await graphOf(a.user);
    expect(after.connections).toEqual([]);
    expect(after.requests).toEqual([
      expect.objectContaining({ senderId: d.user.id, recipientId: a.user.id }),
    ]);
    expect((await graphOf(b.user)).connections).toHaveLength(2);
    expect(await requestNotices(c)).toEqual([]);
    expect((await requestNotices(a)).map((n: { sender: { _id: string } }) => n.sender._id)).toEqual([
      d.user.id,
    ]);
  });

  it('through the block route too', async () => {
    const [a, b] = await Promise.all([person(), person()]);
    await link(a.user, b.user);
    const res = await api('POST', `/users/${b.user.id}/block`, a.cookie);
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await graphOf(a.user, b.user)).toEqual({ connections: [], requests: [] });
  });
});

describe('the Network badge, live (issue 15)', () => {
  let live: ReturnType<typeof recordDeliveries>;
  beforeAll(() => {
    live = recordDeliveries(t);
  });
  const network = { type: 'counts.changed', data: { counts: ['network'] } };
  const badge = (p: Person) =>
    live.of(p.user.id).filter((e) => e.type === 'counts.changed' && e.data.counts.includes('network'));

  it('tells whoever’s waiting requests changed: the recipient of a request, the one who answers, the recipient of a withdrawal', async () => {
    const [ana, ben, cy] = [await person(), await person(), await person()];
    live.clear();
    await api('POST', `/connections/${ben.user.id}`, ana.cookie);
    expect(badge(ben)).toEqual([network]);
    expect(badge(ana)).toEqual([]);

    live.clear();
    const requestId = (await api('GET', '/connections/requests', ben.cookie)).json().data[0]._id;
    expect((await api('PUT', `/connections/requests/${requestId}/accept`, ben.cookie)).statusCode).toBe(200);
    expect(badge(ben)).toEqual([network]);
    // Ana hears of the yes as a notice, not as a badge of hers.
    expect(badge(ana)).toEqual([]);
    expect(live.of(ana.user.id).map((e) => e.type)).toEqual(['notification.created', 'counts.changed']);

    await api('POST', `/connections/${cy.user.id}`, ana.cookie);
    live.clear();
    const withdrawn = (await api('GET', '/connections/requests/sent', ana.cookie)).json().data[0]._id;
    await api('DELETE', `/connections/requests/${withdrawn}`, ana.cookie);
    expect(badge(cy)).toEqual([network]);
    expect(badge(ana)).toEqual([]);

    await api('POST', `/connections/${cy.user.id}`, ben.cookie);
    live.clear();
    const ignored = (await api('GET', '/connections/requests', cy.cookie)).json().data[0]._id;
    await api('PUT', `/connections/requests/${ignored}/ignore`, cy.cookie);
    expect(badge(cy)).toEqual([network]);
    expect(live.of(ben.user.id)).toEqual([]);

    // Asking someone who asked me connects us at once: their request leaves my list.
    await api('POST', `/connections/${ana.user.id}`, cy.cookie);
    live.clear();
    await api('POST', `/connections/${cy.user.id}`, ana.cookie);
    expect(badge(ana)).toEqual([network]);
    expect(badge(cy)).toEqual([]);
  });

  it('tells the recipient when a block ends a request waiting for them', async () => {
    const [ana, ben] = [await person(), await person()];
    await api('POST', `/connections/${ben.user.id}`, ana.cookie);
    live.clear();
    expect((await api('POST', `/users/${ben.user.id}/block`, ana.cookie)).statusCode).toBe(200);
    expect(badge(ben)).toEqual([network]);
    expect(live.of(ben.user.id).filter((e) => e.type !== 'counts.changed')).toEqual([]);
  });
});
