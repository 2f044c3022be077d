import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

const FOUR = {
  profileVisibility: 'everyone',
  connectionsVisibility: 'everyone',
  messagePolicy: 'everyone',
  searchable: true,
} as const;

describe('privacy: federate (decision 082)', () => {
  let t: TestApp;
  let api: ReturnType<typeof apiCaller>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://muster.test', FEDERATION: 'on' } });
    api = apiCaller(t);
  });
  afterAll(() => t.close());

  const actor = (username: string) =>
    t.app.inject({
      method: 'GET',
      url: `/ap/users/${username}`,
      headers: { accept: 'application/activity+json' },
    });
  const stored = async (id: string) =>
    (await t.db.selectFrom('users').select('federate').where('id', '=', id).executeTakeFirstOrThrow())
      .federate;

  it('is on by default, is stored and returned, and turning it off takes the actor away', async () => {
    const { user, cookie } = await signedInUser(t, { username: 'fay_priv' });
    expect((await api('GET', '/users/me/privacy', cookie)).json().data).toEqual({ ...FOUR, federate: true });
    expect((await actor('fay_priv')).statusCode).toBe(200);

    const off = await api('PUT', '/users/me/privacy', cookie, { ...FOUR, federate: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ ...FOUR, federate: false });
    expect(await stored(user.id)).toBe(false);
    expect((await api('GET', '/users/me/privacy', cookie)).json().data.federate).toBe(false);
    expect((await actor('fay_priv')).statusCode).toBe(404);

    // Left out of a change (an older client), the stored choice stands.
    const kept = await api('PUT', '/users/me/privacy', cookie, FOUR);
    expect(kept.json().data.federate).toBe(false);
    expect(await stored(user.id)).toBe(false);

    const on = await api('PUT', '/users/me/privacy', cookie, { ...FOUR, federate: true });
    expect(on.json().data.federate).toBe(true);
    expect((await actor('fay_priv')).statusCode).toBe(200);
  });

  it('is shown off, and the actor is gone, while the person is hidden from search', async () => {
    const { cookie } = await signedInUser(t, { username: 'gus_priv' });
    const hidden = await api('PUT', '/users/me/privacy', cookie, {
      ...FOUR,
      searchable: false,
      federate: true,
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().data).toMatchObject({ searchable: false, federate: false });
    expect((await actor('gus_priv')).statusCode).toBe(404);
  });

  it('refuses a federate that is not a boolean with 400 and its field, writing nothing', async () => {
    const { user, cookie } = await signedInUser(t, { username: 'hal_priv' });
    for (const federate of ['yes', 1, null]) {
      const res = await api('PUT', '/users/me/privacy', cookie, { ...FOUR, federate });
      expect(res.statusCode, String(federate)).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'federate' })]),
      );
    }
    expect(await stored(user.id)).toBe(true);
    expect((await api('PUT', '/users/me/privacy', undefined, { ...FOUR, federate: false })).statusCode).toBe(
      401,
    );
  });
});
