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
});
