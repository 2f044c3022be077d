import os from 'node:os';
import path from 'node:path';
import type { MyMatches } from '@muster/contract/matching';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from '../../../test/factories.js';
import { apiCaller, buildTestApp, silentLogger, type TestApp } from '../../../test/helpers.js';
import { DEMO_LOGIN } from '../../db/demo.js';
import { seedDemoData } from '../../db/seed.js';
import { createLocalMediaStore } from '../../platform/media/media.js';
import { findCandidates, findCandidatesOfAll, findOpenSubjects } from './matching.queries.js';
import { vocabularyOf, wordsOf } from './matching.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(
    t.db,
    createLocalMediaStore(path.join(os.tmpdir(), `muster-seed-${process.pid}`)),
    silentLogger,
  );
}, 120_000);
afterAll(() => t.close());

it('gives the demo person real matches, with reasons, and tells them of the best few', async () => {
  const api = apiCaller(t);
  const cookie = await signIn(t, DEMO_LOGIN.username, DEMO_LOGIN.password);
  const mine = (await api('GET', '/matches', cookie)).json().data as MyMatches[];
  const matches = mine.flatMap((m) => m.matches.map((match) => ({ mine: m.post.title, ...match })));
  process.stdout.write(
    `demo matches:\n${matches.map((m) => `  ${m.mine} ↔ ${m.post.title} (${m.score}) ${JSON.stringify(m.reasons)}`).join('\n')}\n`,
  );
  expect(matches.length).toBeGreaterThanOrEqual(1);
  for (const m of matches) expect(m.reasons.category !== null || m.reasons.words.length > 0).toBe(true);
  const notices = (
    (await api('GET', '/notifications', cookie)).json().data as Array<{
      type: string;
      message: string;
      commentContent: string;
    }>
  ).filter((n) => n.type === 'matchFound');
  expect(notices.length).toBeGreaterThanOrEqual(1);
  expect(notices.length).toBeLessThanOrEqual(3);
  for (const n of notices) {
    expect(n.message).toMatch(/^Your (need|want|offer) '.+' may match .+'s (need|want|offer) '.+'$/);
    expect(n.commentContent).not.toBe('');
  }
});

it('finds, for every open post at once, the candidates findCandidates finds for each (the seed relies on it)', async () => {
  const subjects = await findOpenSubjects(t.db);
  const vocabulary = await vocabularyOf(t.db);
  const withWords = subjects.map((s) => ({ ...s, words: wordsOf(s, vocabulary) }));
  const all = await findCandidatesOfAll(t.db, withWords);
  expect(all.length).toBeGreaterThan(0);
  for (const s of withWords) {
    const one = await findCandidates(t.db, s, s.words);
    const batch = all.filter((c) => c.subjectId === s.id).map(({ subjectId: _, ...c }) => c);
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    expect(batch.sort(byId)).toEqual(one.sort(byId));
  }
});
