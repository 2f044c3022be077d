import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { buildTestApp, silentLogger, type TestApp } from '../../test/helpers.js';
import { createLocalMediaStore } from '../platform/media/media.js';
import { DEMO_LOGIN } from './demo.js';
import { seedDemoData } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('loads the demo people once; the demo sign-in works and sees its notifications', async () => {
  const media = createLocalMediaStore(path.join(os.tmpdir(), `muster-seed-${process.pid}`));
  expect(await seedDemoData(t.db, media, silentLogger)).toBe(true);
  expect(await seedDemoData(t.db, media, silentLogger)).toBe(false);

  const people = await t.db.selectFrom('users').select(['username', 'profilePicture', 'headline']).execute();
  expect(people.length).toBeGreaterThanOrEqual(10);
  for (const p of people) {
    expect(p.profilePicture).toMatch(/^\/media\/.+\.webp$/);
    expect(p.headline).not.toBe('');
  }

  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const notes = await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: { cookie } });
  expect(notes.json().data.length).toBeGreaterThanOrEqual(3);

  const collab = (await t.app.inject({ method: 'GET', url: '/api/v1/collaboration?limit=100' })).json().data;
  const categories = new Set(collab.map((r: { category: string }) => r.category));
  for (const c of ['emergency', 'healthcare', 'creative', 'adventure', 'business', 'sports', 'science']) expect(categories).toContain(c);
  expect(collab.every((r: { image: string | null }) => r.image)).toBe(true);

  const chats = (await t.app.inject({ method: 'GET', url: '/api/v1/chats', headers: { cookie } })).json().data;
  expect(chats.length).toBe(2);
  expect(chats.some((c: { unreadCount: number }) => c.unreadCount > 0)).toBe(true);

  const feed = (await t.app.inject({ method: 'GET', url: '/api/v1/posts/feed?limit=100', headers: { cookie } })).json().data;
  expect(feed).toHaveLength(100);
  expect(new Set(feed.map((p: { kind: string }) => p.kind))).toEqual(new Set(['need', 'want', 'provision', 'general']));
  expect(feed.some((p: { image: string | null }) => p.image)).toBe(true);
  expect(feed.some((p: { emergencyEmoji: string | null }) => p.emergencyEmoji)).toBe(true);
  const trending = (await t.app.inject({ method: 'GET', url: '/api/v1/hashtags/trending', headers: { cookie } })).json().data;
  expect(trending).toHaveLength(5);
});
