import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(t)(...args);

describe('hashtags', () => {
  it('suggests my own tags, and trends the week’s most used with post, need and provision counts', async () => {
    const a = await signedInUser(t);
    const b = await signedInUser(t);
    await api('POST', '/posts/create', a.cookie, { content: '#waterrelief day one' });
    await api('POST', '/posts/create', a.cookie, {
      kind: 'need',
      category: 'Water',
      content: 'Bottles #waterrelief',
    });
    await api('POST', '/posts/create', b.cookie, {
      kind: 'provision',
      category: 'Water',
      content: 'Filters #waterrelief #filters',
    });
    expect((await api('GET', '/posts/hashtags/historical', a.cookie)).json().data).toEqual(['waterrelief']);

    const trending = (await api('GET', '/posts/trending-hashtags', a.cookie)).json().data;
    expect(trending.find((h: { name: string }) => h.name === 'waterrelief')).toEqual({
      name: 'waterrelief',
      postCount: 1,
      needCount: 1,
      provisionCount: 1,
    });
    const panel = (await api('GET', '/hashtags/trending', a.cookie)).json().data;
    expect(panel.length).toBeLessThanOrEqual(5);
    expect(panel[0]).toEqual({ name: expect.any(String), count: expect.any(Number) });
    expect(panel.map((h: { name: string }) => h.name)).toContain('waterrelief');
    expect((await api('GET', '/hashtags/trending')).statusCode).toBe(401);
  });
});

describe('following hashtags', () => {
  it('follows and unfollows, case-blind; refuses a bad tag and strangers', async () => {
    const { cookie } = await signedInUser(t);
    expect((await api('POST', '/hashtags/FloodRelief/follow', cookie)).json().data).toEqual(['floodrelief']);
    expect((await api('POST', '/hashtags/floodrelief/follow', cookie)).json().data).toEqual(['floodrelief']);
    expect((await api('GET', '/hashtags/followed', cookie)).json().data).toEqual(['floodrelief']);
    expect((await api('DELETE', '/hashtags/floodrelief/follow', cookie)).json().data).toEqual([]);
    expect((await api('POST', '/hashtags/x/follow', cookie)).statusCode).toBe(400);
    expect((await api('POST', '/hashtags/floodrelief/follow')).statusCode).toBe(401);
  });
});
