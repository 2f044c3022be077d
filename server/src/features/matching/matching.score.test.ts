import { describe, expect, it } from 'vitest';
import { distanceKm, isMatch, MATCH_THRESHOLD, type MatchSide, scoreMatch } from './matching.score.js';

const generic = new Set(['need', 'help', 'avail']);
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
      generic,
    );
    expect(s).toEqual({
      score: expect.any(Number),
      category: 'energy',
      sharedLexemes: ['generat'],
      distanceKm: 1,
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
    expect(scoreMatch(a, b, generic).score).toBe(scoreMatch(b, a, generic).score);
  });

  it('does not count generic words, the shared category twice, or place names when the distance is known', () => {
    const s = scoreMatch(
      side({ lexemes: ['cebu', 'citi', 'energi', 'need', 'help'] }),
      side({ lexemes: ['cebu', 'citi', 'energi', 'need', 'help'] }),
      generic,
    );
    expect(s.sharedLexemes).toEqual([]);
    // A category and a place alone are not a match.
    expect(isMatch(s)).toBe(false);
  });

  it('counts place names as words when there is no distance to speak for them', () => {
    const s = scoreMatch(
      side({ coordinates: null, lexemes: ['cebu', 'generat'] }),
      side({ coordinates: null, lexemes: ['cebu', 'generat'] }),
      generic,
    );
    expect(s.sharedLexemes).toEqual(['cebu', 'generat']);
    expect(s.distanceKm).toBeNull();
  });

  it('does not match one shared word across different categories', () => {
    const s = scoreMatch(
      side({ lexemes: ['hospit', 'insulin'] }),
      side({ category: 'Transport', categoryLexemes: ['transport'], lexemes: ['hospit', 'van'] }),
      generic,
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
      generic,
    );
    expect(isMatch(s)).toBe(true);
  });

  it('scores lower as places are further apart and posts further apart in time', () => {
    const base = side({ lexemes: ['generat'] });
    const near = scoreMatch(base, side({ lexemes: ['generat'] }), generic).score;
    const far = scoreMatch(
      base,
      side({ lexemes: ['generat'], coordinates: [120.9842, 14.5995] }),
      generic,
    ).score;
    const old = scoreMatch(base, side({ lexemes: ['generat'], createdAt: day(-70) }), generic).score;
    expect(far).toBeLessThan(near);
    expect(old).toBeLessThan(near);
    expect(near).toBeLessThanOrEqual(1);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0);
  });
});

describe('shared words in passing', () => {
  it('count half as much as words of a title: two long texts sharing small talk do not match', () => {
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
      generic,
    );
    expect(passing.sharedLexemes).toEqual(['weekend', 'clinic']);
    expect(isMatch(passing)).toBe(false);
    const titled = scoreMatch(
      side({ ...body, coordinates: null, titleLexemes: ['church', 'van', 'clinic', 'weekend'] }),
      side({ ...other, coordinates: null }),
      generic,
    );
    expect(titled.score).toBeGreaterThan(passing.score);
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
