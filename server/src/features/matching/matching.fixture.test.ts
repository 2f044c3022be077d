import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInUser } from '../../../test/factories.js';
import { apiCaller, buildTestApp, type TestApp } from '../../../test/helpers.js';
import {
  type FixturePost,
  fixtureMatches,
  fixtureNeeds,
  fixtureOffers,
  fixturePlaces,
} from './matching.fixture.js';
import { findSubject } from './matching.queries.js';
import { MATCH_THRESHOLD, scoreMatch } from './matching.score.js';
import { sideOf, vocabularyOf } from './matching.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('finds the labelled pairs across cities and countries, and not the near misses (precision and recall printed)', async () => {
  const api = apiCaller(t);
  const [seeker, provider] = [
    await signedInUser(t, { firstName: 'Ana', lastName: 'Cruz' }),
    await signedInUser(t, { firstName: 'Maria', lastName: 'Santos' }),
  ];
  const ids = new Map<string, string>();
  const post = async (key: string, by: typeof seeker, p: FixturePost) => {
    const { place, ...body } = p;
    const res = await api('POST', '/posts/create', by.cookie, {
      ...body,
      ...(place ? { mapLocation: fixturePlaces[place] } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.set(res.json().data._id as string, key);
  };
  // Half the needs before the offers and half after, so pairs are met from both sides.
  const needs = Object.entries(fixtureNeeds);
  const half = Math.ceil(needs.length / 2);
  for (const [key, p] of needs.slice(0, half)) await post(key, seeker, p);
  for (const [key, p] of Object.entries(fixtureOffers)) await post(key, provider, p);
  for (const [key, p] of needs.slice(half)) await post(key, seeker, p);
  expect(ids.size).toBeGreaterThanOrEqual(60);

  const rows = await t.db
    .selectFrom('postMatches')
    .select(['needId', 'provisionId', 'score', 'reasons'])
    .where('score', '>=', MATCH_THRESHOLD)
    .execute();
  const found = new Map(
    rows.map((r) => [
      `${ids.get(r.needId)}:${ids.get(r.provisionId)}`,
      { score: r.score, reasons: r.reasons },
    ]),
  );
  const right = new Set(fixtureMatches.map(([n, o]) => `${n}:${o}`));
  const truePositives = [...found.keys()].filter((p) => right.has(p)).length;
  const precision = found.size ? truePositives / found.size : 0;
  const recall = truePositives / right.size;

  // Why a missed pair missed: scored again as matching would score it.
  const idOf = new Map([...ids].map(([id, key]) => [key, id]));
  const vocabulary = await vocabularyOf(t.db);
  const missed = [];
  for (const p of [...right].filter((p) => !found.has(p))) {
    const [need, offer] = await Promise.all(p.split(':').map((k) => findSubject(t.db, idOf.get(k)!)));
    missed.push(`${p} ${JSON.stringify(scoreMatch(sideOf(need!), sideOf(offer!), vocabulary))}`);
  }
  const wrong = [...found]
    .filter(([p]) => !right.has(p))
    .map(([p, m]) => `${p} ${m.score} ${JSON.stringify(m.reasons)}`);
  process.stdout.write(
    [
      `matching, harder fixture: ${ids.size} posts in ${Object.keys(fixturePlaces).length} places, ` +
        `${Object.keys(fixtureNeeds).length * Object.keys(fixtureOffers).length} need–offer pairs`,
      `  ${found.size} found, ${truePositives} right of ${right.size}; precision ${precision.toFixed(2)}, recall ${recall.toFixed(2)}`,
      `  wrong: ${wrong.length ? `\n    ${wrong.join('\n    ')}` : 'none'}`,
      `  missed: ${missed.length ? `\n    ${missed.join('\n    ')}` : 'none'}`,
    ].join('\n') + '\n',
  );
  // Measured 0.89 and 0.97 when written (decision 050); the old scoring made 0.45 and 0.97 of it.
  expect(precision).toBeGreaterThanOrEqual(0.85);
  expect(recall).toBeGreaterThanOrEqual(0.95);
  // The issue's own cases: a generator across the world, voice notes in another language.
  expect(found.has('generatorCebu:generatorDurban')).toBe(false);
  expect(found.has('zuluVoiceNotes:tagalogTranslator')).toBe(false);
  expect(found.has('tagalogLisbon:tagalogTranslator')).toBe(true);
}, 600_000);
