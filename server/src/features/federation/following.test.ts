import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { type Bed, startTwoInstances } from '../../../test/federation-instances.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { REMOTE_FOLLOW_BUDGET } from '../../platform/limits.js';

/** Waits until `check` holds, asking again as the jobs behind it run (no fixed sleeps). */
async function until(check: () => Promise<boolean> | boolean, what: string) {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('federation: following accounts on other servers (decision 087)', () => {
  let bed: Bed;

  beforeAll(async () => {
    bed = await startTwoInstances({ env: { FEDERATION: 'on', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' } });
  });
  afterAll(() => bed?.close());

  it('a person on two follows a person on one by handle: accepted, listed, then undone', async () => {
    const ana = await bed.one.person({ username: 'ana_one', firstName: 'Ana', lastName: 'One' });
    const bo = await bed.two.person({ username: 'bo_two' });
    const handle = `@ana_one@${bed.one.hostName}:${bed.one.port}`;

    const followed = await bed.two.api('POST', '/federation/follows', {
      cookie: bo.cookie,
      body: { handle },
    });
    expect(followed.status).toBe(200);
    const follow = (followed.body as { data: { id: string; state: string; actor: string } }).data;
    expect(follow).toMatchObject({ state: 'pending', actor: `${bed.one.origin}/ap/users/ana_one` });

    // One stores Bo as Ana's follower (decision 082) and answers with an Accept, which two reads.
    const followersOfAna = () =>
      bed.one.db.selectFrom('federationFollowers').selectAll().where('actorId', '=', ana.id).execute();
    await until(async () => (await followersOfAna()).length === 1, "one to store Ana's follower");
    expect((await followersOfAna())[0]!.remoteActor).toBe(`${bed.two.origin}/ap/users/bo_two`);
    const listed = async () =>
      (
        (await bed.two.api('GET', '/federation/follows', { cookie: bo.cookie })).body as {
          data: Array<{
            id: string;
            state: string;
            handle: string | null;
            name: string | null;
            avatar: string | null;
          }>;
        }
      ).data;
    await until(async () => (await listed())[0]?.state === 'accepted', "two to read one's Accept");
    expect((await listed())[0]).toMatchObject({
      id: follow.id,
      handle: `@ana_one@${bed.one.hostName}:${bed.one.port}`,
      name: 'Ana One',
    });
    expect((await listed())[0]!.avatar).toMatch(/^https:\/\/one\.muster\.test:\d+\//);

    // Twice: 409, and still one row.
    const again = await bed.two.api('POST', '/federation/follows', {
      cookie: bo.cookie,
      body: { handle: `ana_one@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(again.status).toBe(409);
    expect(await listed()).toHaveLength(1);

    // Someone else cannot end Bo's follow.
    const cy = await bed.two.person({ username: 'cy_two' });
    expect(
      (await bed.two.api('DELETE', `/federation/follows/${follow.id}`, { cookie: cy.cookie })).status,
    ).toBe(404);

    const undone = await bed.two.api('DELETE', `/federation/follows/${follow.id}`, { cookie: bo.cookie });
    expect(undone.status).toBe(200);
    expect(await listed()).toEqual([]);
    await until(async () => (await followersOfAna()).length === 0, "one to drop Ana's follower on the Undo");
  });

  it('answers 400 for a bad handle, 401 signed out, 404 for nobody there, 403 for a blocked server', async () => {
    const di = await bed.two.person({ username: 'di_two' });
    const bad = await bed.two.api('POST', '/federation/follows', {
      cookie: di.cookie,
      body: { handle: 'not a handle' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('handle');

    const anonymous = await bed.two.api('POST', '/federation/follows', {
      body: { handle: `@nobody@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(anonymous.status).toBe(401);

    const unknown = await bed.two.api('POST', '/federation/follows', {
      cookie: di.cookie,
      body: { handle: `@nobody_here@${bed.one.hostName}:${bed.one.port}` },
    });
    expect(unknown.status).toBe(404);

    await bed.one.person({ username: 'eve_one' });
    await bed.two.db
      .insertInto('federationServers')
      .values({ host: bed.one.hostName, policy: 'blocked' })
      .execute();
    try {
      const blocked = await bed.two.api('POST', '/federation/follows', {
        cookie: di.cookie,
        body: { handle: `@eve_one@${bed.one.hostName}:${bed.one.port}` },
      });
      expect(blocked.status).toBe(403);
      expect(
        await bed.two.db.selectFrom('federationFollowing').select('id').where('userId', '=', di.id).execute(),
      ).toEqual([]);
    } finally {
      await bed.two.db.deleteFrom('federationServers').execute();
    }
    expect(await bed.two.db.selectFrom('federationFollowing').select('id').execute()).toEqual([]);
  });
});

describe('the remote follow budget', () => {
  const SCALE = 0.05;
  let limited: TestApp;
  beforeAll(async () => {
    // Federation off: each follow answers 404 at once, and still spends the budget (counted first).
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited?.close());

  it('answers 429 once an account has spent it, and not to another account', async () => {
    const call = apiCaller(limited);
    const fay = await signedInUser(limited);
    const gil = await signedInUser(limited);
    const body = { handle: '@someone@remote.example' };
    const max = Math.max(1, Math.round(REMOTE_FOLLOW_BUDGET.max * SCALE));
    for (let i = 0; i < max; i++)
      expect((await call('POST', '/federation/follows', fay.cookie, body)).statusCode).toBe(404);
    expect((await call('POST', '/federation/follows', fay.cookie, body)).statusCode).toBe(429);
    expect((await call('POST', '/federation/follows', gil.cookie, body)).statusCode).toBe(404);
  });
});
