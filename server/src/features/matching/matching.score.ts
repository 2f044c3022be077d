/**
 * How well a need or want and a provision fit (issue 16, decision 020): a pure function of the two
 * posts, the same whichever was written first, with no clock but their own dates — so a pair scores
 * the same from either side, on every run, in every test.
 *
 * Four signals, each 0–1, weighted and summed: shared words (the strongest: "generator" in both),
 * the same category, how close the places are, and how close in time they were posted. Distance
 * counts only when both posts have a place; otherwise the other weights are scaled up to stand in
 * for it, so a pair without places is neither helped nor hurt. Words are PostgreSQL's English
 * lexemes (stemmed: "generators" meets "generator"), without the words every post uses ("need",
 * "help", "available"), without the category's own words when the categories already agree
 * (counted once, not twice), and without place names when the distance already speaks for them (a
 * town's name is not what two posts have in common).
 */

export const MATCH_WEIGHTS = { words: 0.45, category: 0.25, distance: 0.2, recency: 0.1 } as const;
/** From this score up a pair is a match: a shared category alone, even nearby, is not enough; a category and one telling word is. */
export const MATCH_THRESHOLD = 0.55;
/** Posts further apart in time than this are never compared (and score 0 on recency from RECENCY_ZERO_DAYS). */
export const MATCH_WINDOW_DAYS = 90;
const RECENCY_FULL_DAYS = 7;
const RECENCY_ZERO_DAYS = 60;
/** Distance halves its signal at this many kilometres. */
const DISTANCE_HALF_KM = 25;
/** Words shown as a reason, at most. */
const WORDS_SHOWN = 5;

export type MatchSide = {
  category: string | null;
  /** Every lexeme of the post's search vector (title, category, text). */
  lexemes: readonly string[];
  /** The lexemes of its title and category: a word there says what the post is about. */
  titleLexemes: readonly string[];
  /** The lexemes of its category alone. */
  categoryLexemes: readonly string[];
  /** The lexemes of its place's name and address. */
  placeLexemes: readonly string[];
  /** [longitude, latitude], when the post has a place with a point. */
  coordinates: readonly [number, number] | null;
  createdAt: Date;
};

export type Scored = {
  score: number;
  /** The category both share (as `b` writes it), or null. */
  category: string | null;
  /** The lexemes both share that count, in `a`'s order. */
  sharedLexemes: string[];
  /** Whole kilometres apart (at least 1), or null without two places. */
  distanceKm: number | null;
};

export const normalCategory = (c: string | null) => (c ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

const DAY_MS = 86_400_000;

/**
 * Kilometres between two points, measured between their ~1 km cells (two decimals of a degree):
 * a distance shown to a stranger must not say more about where someone is than the approximate
 * place they would be shown (issue 16, item 3).
 */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const cell = (x: number) => Math.round(x * 100) / 100;
  const rad = (d: number) => (d * Math.PI) / 180;
  const [lng1, lat1, lng2, lat2] = [cell(a[0]), cell(a[1]), cell(b[0]), cell(b[1])];
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return Math.max(1, Math.round(2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)))));
}

/**
 * A shared word counts 1 when either post has it in its title or category, ½ when both only
 * mention it in passing (a long text shares many such words with any other); the signal is
 * 1 − 2^−count: one title word 0.5, two 0.75, three 0.875.
 */
function wordSignal(shared: readonly string[], a: MatchSide, b: MatchSide) {
  const titled = new Set([...a.titleLexemes, ...b.titleLexemes]);
  const count = shared.reduce((n, l) => n + (titled.has(l) ? 1 : 0.5), 0);
  return 1 - 2 ** -count;
}

function recencySignal(a: Date, b: Date) {
  const days = Math.abs(a.getTime() - b.getTime()) / DAY_MS;
  if (days <= RECENCY_FULL_DAYS) return 1;
  return Math.max(0, 1 - (days - RECENCY_FULL_DAYS) / (RECENCY_ZERO_DAYS - RECENCY_FULL_DAYS));
}

/** The score of a pair and why; `generic` are the lexemes that never count as shared words. */
export function scoreMatch(a: MatchSide, b: MatchSide, generic: ReadonlySet<string>): Scored {
  const sameCategory =
    normalCategory(a.category) !== '' && normalCategory(a.category) === normalCategory(b.category);
  const km = a.coordinates && b.coordinates ? distanceKm(a.coordinates, b.coordinates) : null;
  const left = new Set(generic);
  if (sameCategory) for (const l of [...a.categoryLexemes, ...b.categoryLexemes]) left.add(l);
  if (km !== null) for (const l of [...a.placeLexemes, ...b.placeLexemes]) left.add(l);
  const theirs = new Set(b.lexemes);
  const shared = [...new Set(a.lexemes)].filter((l) => theirs.has(l) && !left.has(l));

  let sum =
    MATCH_WEIGHTS.words * wordSignal(shared, a, b) +
    MATCH_WEIGHTS.category * (sameCategory ? 1 : 0) +
    MATCH_WEIGHTS.recency * recencySignal(a.createdAt, b.createdAt);
  let weights = MATCH_WEIGHTS.words + MATCH_WEIGHTS.category + MATCH_WEIGHTS.recency;
  if (km !== null) {
    sum += MATCH_WEIGHTS.distance / (1 + km / DISTANCE_HALF_KM);
    weights += MATCH_WEIGHTS.distance;
  }
  return {
    score: Math.round((sum / weights) * 1000) / 1000,
    category: sameCategory ? (b.category ?? '').trim() : null,
    sharedLexemes: shared.slice(0, WORDS_SHOWN),
    distanceKm: km,
  };
}

/** A pair is a match from the threshold up. */
export const isMatch = (s: Scored) => s.score >= MATCH_THRESHOLD;
