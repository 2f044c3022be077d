import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  isMatch,
  MATCH_THRESHOLD,
  type MatchSide,
  reachBox,
  reachOf,
  scoreMatch,
  type Vocabulary,
} from './matching.score.js';

/** As vocabularyLexemes builds it from PostgreSQL's stemmer (matching.test.ts checks a few). */
const vocabulary: Vocabulary = {
  generic: new Set(['need', 'help', 'avail', 'offer']),
  languages: new Map([
    ['tagalog', 'Tagalog'],
    ['filipino', 'Tagalog'],
    ['waray', 'Waray'],
    ['isizulu', 'Zulu'],
    ['zulu', 'Zulu'],
    ['english', 'English'],
    ['portugues', 'Portuguese'],
  ]),
  languageWork: new Set(['translat', 'interpret', 'languag']),
  baseLanguage: 'English',
};
const cebu: [number, number] = [123.8854, 10.3157];
const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));

/** A post's side; its words are in its title unless `titleLexemes` says otherwise. */
function side(over: Partial<MatchSide> = {}): MatchSide {
  const s = {
    category: 'Energy',
    lexemes: [] as readonly string[],
    categoryLexemes: ['energi'],
    placeLexemes: ['cebu', 'citi'],
    coordinates: cebu,
    reach: 'local' as const,
    createdAt: day(0),
    ...over,
  };
  return { ...s, titleLexemes: over.titleLexemes ?? s.lexemes };
}

describe('scoreMatch', () => {
  it('matches a shared category and a telling word nearby, and says why', () => {
    const s = scoreMatch(
      side({ lexemes: ['cebu', 'energi', 'generat', 'need'] }),
      side({ category: ' energy ', lexemes: ['cebu', 'energi', 'generat', 'avail'] }),
      vocabulary,
    );
    expect(s).toEqual({
      score: expect.any(Number),
      category: 'energy',
      sharedLexemes: ['generat'],
      distanceKm: 1,
      ruledOut: null,
    });
    expect(isMatch(s)).toBe(true);
  });

  it('is the same whichever post came first', () => {
    const a = side({ lexemes: ['generat', 'fuel', 'pump'], createdAt: day(0) });
    const b = side({
      category: 'Tools',
      categoryLexemes: ['tool'],
      lexemes: ['generat', 'pump'],
      coordinates: [124.0, 10.5],
      createdAt: day(20),
    });
    expect(scoreMatch(a, b, vocabulary).score).toBe(scoreMatch(b, a, vocabulary).score);
  });

  it('does not count generic words, the shared category twice, or place names when the distance is known', () => {
    const s = scoreMatch(
      side({ lexemes: ['cebu', 'citi', 'energi', 'need', 'help'] }),
      side({ lexemes: ['cebu', 'citi', 'energi', 'need', 'help'] }),
      vocabulary,
    );
    expect(s.sharedLexemes).toEqual([]);
    // A category and a place alone are not a match.
    expect(isMatch(s)).toBe(false);
  });

  it('counts place names as words when there is no distance to speak for them', () => {
    const s = scoreMatch(
      side({ coordinates: null, lexemes: ['cebu', 'generat'] }),
      side({ coordinates: null, lexemes: ['cebu', 'generat'] }),
      vocabulary,
    );
    expect(s.sharedLexemes).toEqual(['cebu', 'generat']);
    expect(s.distanceKm).toBeNull();
  });

  it('does not match one shared word across different categories', () => {
    const s = scoreMatch(
      side({ lexemes: ['hospit', 'insulin'] }),
      side({ category: 'Transport', categoryLexemes: ['transport'], lexemes: ['hospit', 'van'] }),
      vocabulary,
    );
    expect(s.category).toBeNull();
    expect(s.sharedLexemes).toEqual(['hospit']);
    expect(isMatch(s)).toBe(false);
  });

  it('matches many shared words across different categories', () => {
    const s = scoreMatch(
      side({
        category: 'Baby supplies',
        categoryLexemes: ['babi', 'suppli'],
        lexemes: ['babi', 'diaper', 'formula', 'infant'],
      }),
      side({
        category: 'Baby items',
        categoryLexemes: ['babi', 'item'],
        lexemes: ['babi', 'diaper', 'formula', 'infant'],
      }),
      vocabulary,
    );
    expect(isMatch(s)).toBe(true);
  });

  it('scores lower as places are further apart and posts further apart in time', () => {
    const base = side({ lexemes: ['generat'] });
    const near = scoreMatch(base, side({ lexemes: ['generat'] }), vocabulary).score;
    const far = scoreMatch(
      base,
      side({ lexemes: ['generat'], coordinates: [120.9842, 14.5995] }),
      vocabulary,
    ).score;
    const old = scoreMatch(base, side({ lexemes: ['generat'], createdAt: day(-70) }), vocabulary).score;
    expect(far).toBeLessThan(near);
    expect(old).toBeLessThan(near);
    expect(near).toBeLessThanOrEqual(1);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0);
  });
});

describe('shared words in passing', () => {
  it('count half as much as words of a title, and only beside one: two long texts sharing small talk do not match', () => {
    const body = { lexemes: ['church', 'van', 'weekend', 'clinic'], titleLexemes: ['church', 'van'] };
    const other = {
      category: 'Health',
      categoryLexemes: ['health'],
      lexemes: ['pharmacist', 'clinic', 'weekend'],
      titleLexemes: ['pharmacist'],
    };
    const passing = scoreMatch(
      side({ ...body, coordinates: null }),
      side({ ...other, coordinates: null }),
      vocabulary,
    );
    expect(passing.sharedLexemes).toEqual([]);
    expect(isMatch(passing)).toBe(false);
    const titled = scoreMatch(
      side({ ...body, coordinates: null, titleLexemes: ['church', 'van', 'clinic', 'weekend'] }),
      side({ ...other, coordinates: null }),
      vocabulary,
    );
    expect(titled.sharedLexemes).toEqual(['weekend', 'clinic']);
    expect(titled.score).toBeGreaterThan(passing.score);
  });

  it('do not make a match of one category and a word in passing, even nearby (issue 32: solar lamps for a generator)', () => {
    const generator = side({
      lexemes: ['generat', 'pump', 'power'],
      titleLexemes: ['generat', 'pump', 'energi'],
    });
    const solar = side({
      lexemes: ['solar', 'lamp', 'power'],
      titleLexemes: ['solar', 'lamp', 'energi'],
      coordinates: [123.9494, 10.3103],
    });
    const s = scoreMatch(generator, solar, vocabulary);
    expect(s.sharedLexemes).toEqual([]);
    expect(isMatch(s)).toBe(false);
    // Beside a title word they add to it.
    const withTitle = scoreMatch(
      generator,
      side({ lexemes: ['generat', 'power'], titleLexemes: ['generat', 'energi'] }),
      vocabulary,
    );
    const titleAlone = scoreMatch(
      generator,
      side({ lexemes: ['generat'], titleLexemes: ['generat', 'energi'] }),
      vocabulary,
    );
    expect(withTitle.sharedLexemes).toEqual(['generat', 'power']);
    expect(withTitle.score).toBeGreaterThan(titleAlone.score);
  });
});

describe('distanceKm', () => {
  it('measures between ~1 km cells and says at least 1', () => {
    expect(distanceKm(cebu, [123.8856, 10.3159])).toBe(1);
    // Cebu City to Manila is about 570 km.
    expect(distanceKm(cebu, [120.9842, 14.5995])).toBeGreaterThan(550);
    expect(distanceKm(cebu, [120.9842, 14.5995])).toBeLessThan(590);
  });
});

// Issue 32, item 2 (decision 050): places ([longitude, latitude]) from the issue.
const mandaue: [number, number] = [123.9223, 10.3236];
const durban: [number, number] = [31.0218, -29.8587];
const lisbon: [number, number] = [-9.1393, 38.7223];
const tacloban: [number, number] = [125.0, 11.2436];
const manila: [number, number] = [120.9842, 14.5995];

describe('how far help can travel', () => {
  it('tells in-person help, things that can be sent and work done from anywhere apart', () => {
    const post = (category: string, title = '', content = '') => reachOf({ category, title, content });
    expect(post('Energy', 'Generator for the water pump')).toBe('local');
    expect(post('Food')).toBe('local');
    expect(post('Shelter')).toBe('local');
    expect(post('Transport')).toBe('local');
    expect(post('Tools')).toBe('local');
    expect(post('Medical supplies')).toBe('regional');
    expect(post('Baby items')).toBe('regional');
    expect(post('Translation')).toBe('remote');
    expect(post('Design')).toBe('remote');
    expect(post('Research')).toBe('remote');
    expect(post('Funding')).toBe('remote');
    // A category that says neither: its words decide, else it may be sent.
    expect(post('Education', 'Maths tutor', 'Twice a week online.')).toBe('remote');
    expect(post('Skills', 'Data help', 'I can work remotely.')).toBe('remote');
    expect(post('Education', 'Maths tutor', 'Twice a week.')).toBe('regional');
    // Words never loosen what must be there, and "in person" tightens anything.
    expect(post('Water', 'Filters for our remote village')).toBe('local');
    expect(post('Translation', 'Interpreter', 'In person at the Saturday workshop.')).toBe('local');
  });

  it('matches a need in Cebu City with an offer in Mandaue, and not with the same offer in Durban', () => {
    const need = side({ lexemes: ['generat', 'pump'] });
    const near = scoreMatch(need, side({ lexemes: ['generat', 'fuel'], coordinates: mandaue }), vocabulary);
    expect(near.distanceKm).toBeGreaterThanOrEqual(3);
    expect(near.distanceKm).toBeLessThanOrEqual(5);
    expect(isMatch(near)).toBe(true);
    const far = scoreMatch(need, side({ lexemes: ['generat', 'fuel'], coordinates: durban }), vocabulary);
    expect(far).toMatchObject({ score: 0, ruledOut: 'distance' });
    expect(far.distanceKm).toBeGreaterThan(10_000);
    expect(isMatch(far)).toBe(false);
    // The same from the other side.
    expect(scoreMatch(side({ lexemes: ['generat'], coordinates: durban }), need, vocabulary).ruledOut).toBe(
      'distance',
    );
  });

  it('sends things a few hundred kilometres, not across the sea to the other end of the country', () => {
    const supplies = {
      category: 'Medical supplies',
      categoryLexemes: ['medic', 'suppli'],
      reach: 'regional' as const,
    };
    const need = side({ ...supplies, lexemes: ['insulin'] });
    expect(
      isMatch(
        scoreMatch(need, side({ ...supplies, lexemes: ['insulin'], coordinates: tacloban }), vocabulary),
      ),
    ).toBe(true);
    expect(
      scoreMatch(
        side({ ...supplies, lexemes: ['insulin'], coordinates: tacloban }),
        side({ ...supplies, lexemes: ['insulin'], coordinates: manila }),
        vocabulary,
      ).ruledOut,
    ).toBe('distance');
  });

  it('matches work done from anywhere across continents, its distance neither helping nor hurting', () => {
    const design = { category: 'Design', categoryLexemes: ['design'], reach: 'remote' as const };
    const need = side({ ...design, lexemes: ['logo', 'poster'] });
    const across = scoreMatch(
      need,
      side({ ...design, lexemes: ['logo', 'poster'], coordinates: lisbon }),
      vocabulary,
    );
    const nextDoor = scoreMatch(need, side({ ...design, lexemes: ['logo', 'poster'] }), vocabulary);
    expect(across.distanceKm).toBeGreaterThan(10_000);
    expect(isMatch(across)).toBe(true);
    expect(across.score).toBe(nextDoor.score);
    // An offer made online does not bring a generator: the shorter reach of the two holds.
    expect(
      scoreMatch(
        side({ lexemes: ['generat'] }),
        side({ lexemes: ['generat'], reach: 'remote', coordinates: lisbon }),
        vocabulary,
      ).ruledOut,
    ).toBe('distance');
  });
});

describe('reachBox', () => {
  it('holds every point within reach and leaves far ones out', () => {
    const box = reachBox(cebu, 50)!;
    const inside = ([lng, lat]: readonly [number, number]) =>
      lat >= box.south && lat <= box.north && lng >= box.west! && lng <= box.east!;
    expect(inside(mandaue)).toBe(true);
    expect(inside(durban)).toBe(false);
    expect(inside(tacloban)).toBe(false);
    // Points just inside the radius, due north, south, east and west, are inside the box.
    for (const p of [
      [cebu[0], cebu[1] + 0.44],
      [cebu[0], cebu[1] - 0.44],
      [cebu[0] + 0.45, cebu[1]],
      [cebu[0] - 0.45, cebu[1]],
    ] as const) {
      expect(distanceKm(cebu, p)).toBeLessThanOrEqual(50);
      expect(inside(p)).toBe(true);
    }
  });

  it('bounds latitude only where the box would wrap, and nothing without a limit', () => {
    expect(reachBox([179.9, 0], 50)).toMatchObject({ west: null, east: null });
    expect(reachBox([20, 89.9], 50)).toMatchObject({ north: 90, west: null, east: null });
    expect(reachBox(cebu, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('languages and places qualify, they do not match alone', () => {
  const translation = {
    category: 'Translation',
    categoryLexemes: ['translat'],
    reach: 'remote' as const,
    coordinates: null,
  };

  it('does not pair isiZulu voice notes with Tagalog translation', () => {
    // The demo pair of the issue: same category, one hashtag in passing, different languages.
    const zulu = side({
      ...translation,
      lexemes: ['isizulu', 'voic', 'flood', 'alert', 'translat', 'preparedness'],
      titleLexemes: ['isizulu', 'voic', 'flood', 'alert', 'translat'],
    });
    const tagalog = side({
      ...translation,
      lexemes: ['tagalog', 'waray', 'translat', 'leaflet', 'preparedness'],
      titleLexemes: ['tagalog', 'waray', 'translat', 'leaflet'],
    });
    expect(scoreMatch(zulu, tagalog, vocabulary)).toMatchObject({ score: 0, ruledOut: 'language' });
    expect(scoreMatch(tagalog, zulu, vocabulary).ruledOut).toBe('language');
  });

  it('pairs a Tagalog translation needed with a Tagalog translator, under either name of the language', () => {
    const need = side({ ...translation, lexemes: ['tagalog', 'translat'] });
    const translator = side({ ...translation, lexemes: ['tagalog', 'translat'] });
    const s = scoreMatch(need, translator, vocabulary);
    expect(s.sharedLexemes).toEqual(['tagalog']);
    expect(isMatch(s)).toBe(true);
    const filipino = scoreMatch(
      need,
      side({ ...translation, lexemes: ['filipino', 'translat'] }),
      vocabulary,
    );
    expect(filipino.sharedLexemes).toEqual(['tagalog']);
    expect(filipino.score).toBe(s.score);
    expect(
      scoreMatch(side({ ...translation, lexemes: ['filipino', 'translat'] }), need, vocabulary).score,
    ).toBe(s.score);
  });

  it('leaves English out when a post names another language: it is where the work comes from', () => {
    const need = side({ ...translation, lexemes: ['english', 'isizulu', 'translat'] });
    const offer = side({ ...translation, lexemes: ['english', 'tagalog', 'translat'] });
    expect(scoreMatch(need, offer, vocabulary).ruledOut).toBe('language');
    // A translator who names no language may still be the one.
    expect(
      scoreMatch(need, side({ ...translation, lexemes: ['translat', 'leaflet'] }), vocabulary).ruledOut,
    ).toBeNull();
  });

  it('does not match two posts that share only "Tagalog"', () => {
    const s = scoreMatch(
      side({ category: 'Transport', categoryLexemes: ['transport'], lexemes: ['tagalog', 'ride', 'famili'] }),
      side({ category: 'Books', categoryLexemes: ['book'], lexemes: ['tagalog', 'storybook'] }),
      vocabulary,
    );
    expect(s.sharedLexemes).toEqual([]);
    expect(isMatch(s)).toBe(false);
    // Nor when they share the category too: outside language work a language only qualifies.
    const skills = { category: 'Skills', categoryLexemes: ['skill'], coordinates: null };
    const english = scoreMatch(
      side({ ...skills, lexemes: ['editor', 'yoruba', 'english'] }),
      side({ ...skills, lexemes: ['school', 'talk', 'english'] }),
      vocabulary,
    );
    expect(english.sharedLexemes).toEqual([]);
    expect(isMatch(english)).toBe(false);
  });

  it('counts a language or a place name beside a telling word', () => {
    const nurse = scoreMatch(
      side({
        category: 'Medical',
        categoryLexemes: ['medic'],
        lexemes: ['nurs', 'portugues'],
        coordinates: null,
      }),
      side({
        category: 'Health',
        categoryLexemes: ['health'],
        lexemes: ['nurs', 'portugues'],
        coordinates: null,
      }),
      vocabulary,
    );
    expect(nurse.sharedLexemes).toEqual(['nurs', 'portugues']);
    const placeOnly = scoreMatch(
      side({ coordinates: null, lexemes: ['cebu', 'generat'] }),
      side({ coordinates: null, lexemes: ['cebu', 'solar'] }),
      vocabulary,
    );
    expect(placeOnly.sharedLexemes).toEqual([]);
    expect(isMatch(placeOnly)).toBe(false);
  });
});
