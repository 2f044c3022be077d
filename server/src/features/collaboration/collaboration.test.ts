import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import { COLLABORATION_REQUEST_BUDGET } from '../../platform/limits.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

const count = async () => (await t.db.selectFrom('collaborationRequests').select('id').execute()).length;
const valid = {
  title: 'Sound designer for a coastal documentary',
  description: 'Two weeks of field recording in Valparaíso.',
  deadline: '2027-03-01',
  location: 'Remote',
  category: 'creative',
};

describe('creating and reading', () => {
  it('creates a request with a re-encoded image; it shows in its category and in all', async () => {
    const { user, cookie } = await signedInUser(t, {
      firstName: 'Diego',
      lastName: 'Álvarez',
      bio: 'Filmmaker',
    });
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const res = await api('POST', '/collaboration', cookie, {
      ...valid,
      image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: valid.title,
      deadline: '2027-03-01',
      location: 'Remote',
      category: 'creative',
      categoryName: 'Creative Projects',
      categoryColor: expect.stringMatching(/^#[0-9a-f]{6}$/),
      user: { _id: user.id, name: 'Diego Álvarez', username: user.username, bio: 'Filmmaker' },
    });
    expect(created.image).toMatch(/^\/media\/.+\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: created.image });
    expect(Math.max((await sharp(img.rawPayload).metadata()).width!, 1)).toBeLessThanOrEqual(1600);

    const inCategory = (await api('GET', '/collaboration/category/creative')).json().data;
    expect(inCategory.map((r: { _id: string }) => r._id)).toContain(created._id);
    const inAll = (await api('GET', '/collaboration')).json().data;
    expect(inAll.map((r: { _id: string }) => r._id)).toContain(created._id);
    const inOther = (await api('GET', '/collaboration/category/sports')).json().data;
    expect(inOther.map((r: { _id: string }) => r._id)).not.toContain(created._id);
    expect((await api('GET', `/collaboration/${created._id}`)).json().data._id).toBe(created._id);
  });

  it('treats an unknown category as all', async () => {
    const { cookie } = await signedInUser(t);
    await api('POST', '/collaboration', cookie, { ...valid, category: 'science' });
    const unknown = (await api('GET', '/collaboration/category/underwater-basket-weaving')).json().data;
    const all = (await api('GET', '/collaboration')).json().data;
    expect(unknown).toEqual(all);
  });

  it('stores a request posted from the all page without a category under all; deadline and location are optional', async () => {
    const { cookie } = await signedInUser(t);
    const res = await api('POST', '/collaboration', cookie, {
      title: 'Anyone with a boat?',
      description: 'Mangrove survey.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      category: 'all',
      categoryName: 'All Collaboration Opportunities',
      deadline: null,
      location: '',
      image: null,
    });
  });

  it('pages newest first with a cursor', async () => {
    const { cookie } = await signedInUser(t);
    for (let i = 0; i < 3; i++)
      await api('POST', '/collaboration', cookie, { ...valid, category: 'adventure', title: `Trek ${i}` });
    const first = (await api('GET', '/collaboration/category/adventure?limit=2')).json();
    expect(first.data.map((r: { title: string }) => r.title)).toEqual(['Trek 2', 'Trek 1']);
    const second = (
      await api('GET', `/collaboration/category/adventure?limit=2&cursor=${first.meta.nextCursor}`)
    ).json();
    expect(second.data.map((r: { title: string }) => r.title)).toEqual(['Trek 0']);
    expect(second.meta.nextCursor).toBeNull();
    expect((await api('GET', '/collaboration?cursor=garbage')).statusCode).toBe(400);
  });

  it.each([
    ['no title', { ...valid, title: '  ' }, 'title'],
    ['no description', { ...valid, description: '' }, 'description'],
    ['a bad deadline', { ...valid, deadline: 'next tuesday' }, 'deadline'],
    ['an unknown category', { ...valid, category: 'knitting' }, 'category'],
    ['an unknown key', { ...valid, budget: 5 }, ''],
  ])('refuses %s with 400 and writes nothing', async (_l, payload, path) => {
    const { cookie } = await signedInUser(t);
    const before = await count();
    const res = await api('POST', '/collaboration', cookie, payload);
    expect(res.statusCode).toBe(400);
    if (path) expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await count()).toBe(before);
  });

  it('refuses an image that is not an image, storing nothing', async () => {
    const { cookie } = await signedInUser(t);
    const before = await count();
    const res = await api('POST', '/collaboration', cookie, {
      ...valid,
      image: `data:image/png;base64,${Buffer.from('<html>').toString('base64')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please upload a valid image or video file');
    expect(await count()).toBe(before);
  });

  it('needs a session to post', async () => {
    expect((await api('POST', '/collaboration', undefined, valid)).statusCode).toBe(401);
  });

  it('answers 404 for a request that does not exist', async () => {
    expect((await api('GET', '/collaboration/01a20000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await api('GET', '/collaboration/not-an-id')).statusCode).toBe(400);
  });
});

describe("a poster's bio shows only where their profile does (issue 31, item 6)", () => {
  const bioIn = async (cookie: string | undefined, id: string) => {
    const one = (await api('GET', `/collaboration/${id}`, cookie)).json().data.user.bio;
    const listed = (await api('GET', '/collaboration?limit=50', cookie))
      .json()
      .data.find((r: { _id: string }) => r._id === id).user.bio;
    const inCategory = (await api('GET', '/collaboration/category/creative?limit=50', cookie))
      .json()
      .data.find((r: { _id: string }) => r._id === id).user.bio;
    return [one, listed, inCategory];
  };

  it('a profile for connections only keeps its bio from visitors and strangers, in the list, a category and the detail', async () => {
    const poster = await signedInUser(t, {
      bio: 'Sound recordist, lives on Calle 5',
      profileVisibility: 'connections',
    });
    const [stranger, friend] = await Promise.all([signedInUser(t), signedInUser(t)]);
    await api('POST', `/connections/${friend.user.id}`, poster.cookie);
    expect((await api('POST', `/connections/${poster.user.id}`, friend.cookie)).statusCode).toBe(200);
    const id = (await api('POST', '/collaboration', poster.cookie, valid)).json().data._id as string;
    // Someone who asked to connect but is not yet one is a stranger too.
    const asking = await signedInUser(t);
    await api('POST', `/connections/${poster.user.id}`, asking.cookie);

    for (const [who, cookie] of [
      ['visitor', undefined],
      ['stranger', stranger.cookie],
      ['asking', asking.cookie],
    ] as const) {
      expect(await bioIn(cookie, id), who).toEqual(['', '', '']);
    }
    const bio = 'Sound recordist, lives on Calle 5';
    expect(await bioIn(friend.cookie, id)).toEqual([bio, bio, bio]);
    expect(await bioIn(poster.cookie, id)).toEqual([bio, bio, bio]);
    // An edit answers with the poster's own view.
    expect(
      (await api('PATCH', `/collaboration/${id}`, poster.cookie, { title: 'Still looking' })).json().data.user
        .bio,
    ).toBe(bio);

    // Opened to everyone, it shows to all; closed again, it is kept again.
    const profileFor = (profileVisibility: 'everyone' | 'connections') =>
      t.db.updateTable('users').set({ profileVisibility }).where('id', '=', poster.user.id).execute();
    await profileFor('everyone');
    expect(await bioIn(undefined, id)).toEqual([bio, bio, bio]);
    expect(await bioIn(stranger.cookie, id)).toEqual([bio, bio, bio]);
    await profileFor('connections');
    expect(await bioIn(stranger.cookie, id)).toEqual(['', '', '']);
  });
});

describe('editing and deleting', () => {
  it('lets the owner edit; another user gets 403 and nothing changes', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const id = (await api('POST', '/collaboration', owner.cookie, valid)).json().data._id;

    const stranger = await api('PATCH', `/collaboration/${id}`, other.cookie, { title: 'Hijacked' });
    expect(stranger.statusCode).toBe(403);
    expect((await api('PATCH', `/collaboration/${id}`, undefined, { title: 'Hijacked' })).statusCode).toBe(
      401,
    );
    expect((await api('PATCH', `/collaboration/${id}`, owner.cookie, { title: '' })).statusCode).toBe(400);
    expect((await api('GET', `/collaboration/${id}`)).json().data.title).toBe(valid.title);

    const edited = await api('PATCH', `/collaboration/${id}`, owner.cookie, {
      title: 'Sound designer needed',
      deadline: '',
      location: 'Valparaíso',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Sound designer needed',
      deadline: null,
      location: 'Valparaíso',
      description: valid.description,
    });
  });

  it('lets the owner delete; another user gets 403 and it stays', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const id = (await api('POST', '/collaboration', owner.cookie, valid)).json().data._id;
    expect((await api('DELETE', `/collaboration/${id}`, other.cookie)).statusCode).toBe(403);
    expect((await api('DELETE', `/collaboration/${id}`)).statusCode).toBe(401);
    expect((await api('GET', `/collaboration/${id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/collaboration/${id}`, owner.cookie)).statusCode).toBe(200);
    expect((await api('GET', `/collaboration/${id}`)).statusCode).toBe(404);
  });
});

describe('the per-account budget on collaboration requests (issue 11, 7e)', () => {
  const SCALE = 0.2;
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { WRITE_RATE_LIMIT_SCALE: String(SCALE) } });
  });
  afterAll(() => limited.close());
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(limited)(...args);

  it('answers 429 with Retry-After once an account has posted its budget, writing nothing more', async () => {
    const me = await signedInUser(limited);
    const other = await signedInUser(limited);
    const max = Math.max(1, Math.round(COLLABORATION_REQUEST_BUDGET.max * SCALE));
    expect(max).toBeGreaterThan(1);
    for (let i = 0; i < max; i++)
      expect(
        (await call('POST', '/collaboration', me.cookie, { ...valid, title: `Request ${i}` })).statusCode,
      ).toBe(200);
    const refused = await call('POST', '/collaboration', me.cookie, { ...valid, title: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const mine = await limited.db
      .selectFrom('collaborationRequests')
      .select('id')
      .where('userId', '=', me.user.id)
      .execute();
    expect(mine.length).toBe(max);
    expect((await call('POST', '/collaboration', other.cookie, valid)).statusCode).toBe(200);
    // Reading is not writing: the lists stay open to the one who is out of budget.
    expect((await call('GET', '/collaboration', me.cookie)).statusCode).toBe(200);
  });
});
