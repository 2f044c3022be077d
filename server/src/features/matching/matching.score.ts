/**
 * How well a need or want and a provision fit (issue 16, decision 020): a pure function of the two
 * posts, the same whichever was written first, with no clock but their own dates — so a pair scores
 * the same from either side, on every run, in every test.
 *
 * Four signals, each 0–1, weighted and summed: shared words (the strongest: "generator" in both),
 * the same category, how close the places are, and how close in time they were posted. Distance
 * counts only when both posts have a place and the help has to travel; otherwise the other weights
 * are scaled up to stand in for it, so a pair without places is neither helped nor hurt. Words are
 * PostgreSQL's English lexemes (stemmed: "generators" meets "generator"), without the words every
 * post uses ("need", "help", "available"), without the category's own words when the categories
 * already agree (counted once, not twice), and without place names when the distance already speaks
 * for them (a town's name is not what two posts have in common).
 *
 * Two rules rule a pair out whatever it shares (issue 32, decision 050): places further apart than
 * the help can travel (a generator in Durban is no answer to a need in Cebu; a translation can be),
 * and two pieces of language work in different languages ("isiZulu voice notes" and "Tagalog
 * translation"). Names of languages and places are qualifiers: they add to a pair that shares a
 * telling word, and never make one alone.
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

/**
 * How far a post's help can travel (decision 050): `local` needs someone or something there (food,
 * shelter, a ride, a generator, hands), `regional` can be sent (supplies, equipment, and anything we
 * cannot tell), `remote` is done from anywhere (translation, design, research, code, or a post that
 * says "online" or "remotely").
 */
export type Reach = 'local' | 'regional' | 'remote';
export const REACH_KM: Readonly<Record<Reach, number>> = {
  local: 50,
  regional: 500,
  remote: Number.POSITIVE_INFINITY,
};

// Categories are free text; these say what kind of help one names (whole words, after normalCategory).
const REGIONAL_CATEGORY =
  /\b(supply|supplies|items?|clothes|clothing|books?|equipment|goods|donations?|parcels?|kits?|furniture|toys?|gear|devices?|medicines?)\b/;
const LOCAL_CATEGORY =
  /\b(food|meals?|groceries|cooking|shelter|housing|accommodation|rooms?|space|transport|transportation|rides?|lifts?|drivers?|driving|evacuation|tools?|power|energy|electricity|generators?|fuel|water|sanitation|rescue|clean-?up|cleaning|repairs?|construction|labou?r|childcare|babysitting|care|caregiving|volunteers?|medical|health|healthcare|first aid|nursing|blood|pets?|animals?)\b/;
const REMOTE_CATEGORY =
  /\b(translation|translations|interpreting|interpretation|languages?|design|research|writing|editing|coding|programming|software|tech|technology|web|data|legal|law|advice|counsell?ing|mentoring|mentorship|media|video|music|audio|marketing|fundraising|funding|grants?|money|accounting|admin|administration)\b/;
/** Words in a post that say it is done from a distance, or that it is not. */
const REMOTE_TEXT =
  /\b(remote|remotely|online|virtual|virtually|video calls?|by phone|by email|over the phone|from anywhere|worldwide)\b/i;
const IN_PERSON_TEXT = /\b(in[ -]person|on[ -]site|face[ -]to[ -]face)\b/i;

/**
 * A post's reach: "in person" makes any post local; then its category decides (things that can be
 * sent before the places they are needed in: "Medical supplies" is regional, "Medical" local); a
 * category that names neither is remote when its text says so, else regional. The text never
 * loosens a local or regional category: "our remote village" still needs the water filters there.
 */
export function reachOf(post: { category: string | null; title: string; content: string }): Reach {
  const category = normalCategory(post.category);
  const text = `${post.title}\n${post.content}`;
  if (IN_PERSON_TEXT.test(text)) return 'local';
  if (REGIONAL_CATEGORY.test(category)) return 'regional';
  if (LOCAL_CATEGORY.test(category)) return 'local';
  if (REMOTE_CATEGORY.test(category) || REMOTE_TEXT.test(text)) return 'remote';
  return 'regional';
}

/** A pair's reach is the shorter of its two: an offer made online does not bring a generator. */
const pairReach = (a: Reach, b: Reach): Reach => (REACH_KM[a] <= REACH_KM[b] ? a : b);

/** The lexemes scoring treats apart, each asked of PostgreSQL's stemmer once (matching.queries.ts). */
export type Vocabulary = {
  /** Lexemes that never count as a shared word ("need", "help", "available" …). */
  generic: ReadonlySet<string>;
  /** Each lexeme that names a language (matching.languages.ts), with the language it names. */
  languages: ReadonlyMap<string, string>;
  /** Lexemes that make a post language work when in its title or category ("translat", "interpret" …). */
  languageWork: ReadonlySet<string>;
  /** English: the posts' own language, a target only when it is the only one a post names. */
  baseLanguage: string;
};

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
  /** How far its help can travel (reachOf). */
  reach: Reach;
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
  /** Why the pair can never be a match, whatever it shares (score 0): too far for what is asked, or languages that differ. */
  ruledOut: 'distance' | 'language' | null;
};

export const normalCategory = (c: string | null) => (c ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

const DAY_MS = 86_400_000;
const EARTH_KM = 6371;

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
  return Math.max(1, Math.round(2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)))));
}

/** Degrees of latitude and longitude a box is widened by: the cells distanceKm measures between are up to 0.005° off each way. */
const CELL_MARGIN_DEG = 0.02;

/**
 * The latitudes and longitudes within `km` of a point (a little more, never less), for the
 * candidate query to leave out posts that scoring would rule out as too far. `west`/`east` are
 * null when the box wraps a pole or the antimeridian (only latitude then bounds it); the whole is
 * null when nothing does.
 */
export function reachBox(
  point: readonly [number, number],
  km: number,
): { south: number; north: number; west: number | null; east: number | null } | null {
  if (!Number.isFinite(km)) return null;
  const [lng, lat] = point;
  const r = km / EARTH_KM;
  const deg = (x: number) => (x * 180) / Math.PI;
  const south = lat - deg(r) - CELL_MARGIN_DEG;
  const north = lat + deg(r) + CELL_MARGIN_DEG;
  if (south <= -90 || north >= 90)
    return { south: Math.max(south, -90), north: Math.min(north, 90), west: null, east: null };
  // The widest a circle of radius r gets in longitude at this latitude (a tangent great circle).
  const dLng = deg(Math.asin(Math.min(1, Math.sin(r) / Math.cos((lat * Math.PI) / 180)))) + CELL_MARGIN_DEG;
  const [west, east] = [lng - dLng, lng + dLng];
  if (west < -180 || east > 180) return { south, north, west: null, east: null };
  return { south, north, west, east };
}

/**
 * A shared word counts 1 when either post has it in its title or category, ½ when both only
 * mention it in passing (a long text shares many such words with any other); the signal is
 * 1 − 2^−count: one title word 0.5, two 0.75, three 0.875.
 */
function wordSignal(shared: readonly string[], titled: ReadonlySet<string>) {
  const count = shared.reduce((n, l) => n + (titled.has(l) ? 1 : 0.5), 0);
  return 1 - 2 ** -count;
}

function recencySignal(a: Date, b: Date) {
  const days = Math.abs(a.getTime() - b.getTime()) / DAY_MS;
  if (days <= RECENCY_FULL_DAYS) return 1;
  return Math.max(0, 1 - (days - RECENCY_FULL_DAYS) / (RECENCY_ZERO_DAYS - RECENCY_FULL_DAYS));
}

/** The languages a post asks for or offers: those it names, English left out when it names another. */
function targetLanguages(side: MatchSide, v: Vocabulary): Set<string> {
  const named = new Set<string>();
  for (const l of side.lexemes) {
    const language = v.languages.get(l);
    if (language !== undefined) named.add(language);
  }
  if (named.size > 1) named.delete(v.baseLanguage);
  return named;
}

const isLanguageWork = (side: MatchSide, v: Vocabulary) =>
  side.titleLexemes.some((l) => v.languageWork.has(l));

/** The score of a pair and why. */
export function scoreMatch(a: MatchSide, b: MatchSide, v: Vocabulary): Scored {
  const sameCategory =
    normalCategory(a.category) !== '' && normalCategory(a.category) === normalCategory(b.category);
  const km = a.coordinates && b.coordinates ? distanceKm(a.coordinates, b.coordinates) : null;
  const reach = pairReach(a.reach, b.reach);
  const said = { category: sameCategory ? (b.category ?? '').trim() : null, distanceKm: km };
  const never = (why: 'distance' | 'language'): Scored => ({
    score: 0,
    sharedLexemes: [],
    ...said,
    ruledOut: why,
  });
  if (km !== null && km > REACH_KM[reach]) return never('distance');

  // Between two pieces of language work the language is what is asked and offered: none in
  // common, no match; one in common, a telling word. Anywhere else a language only qualifies.
  const languageWork = isLanguageWork(a, v) && isLanguageWork(b, v);
  const [ours, theirLanguages] = languageWork ? [targetLanguages(a, v), targetLanguages(b, v)] : [];
  const bothSpeak = new Set([...(ours ?? [])].filter((l) => theirLanguages!.has(l)));
  if (ours?.size && theirLanguages!.size && !bothSpeak.size) return never('language');

  const categoryWords = sameCategory ? new Set([...a.categoryLexemes, ...b.categoryLexemes]) : null;
  const places = new Set([...a.placeLexemes, ...b.placeLexemes]);
  const theirs = new Set(b.lexemes);
  // Between two pieces of language work, a language both work in says as much as a title word.
  const titled = new Set([...a.titleLexemes, ...b.titleLexemes]);
  // A match needs a telling word: one that either title names and that is neither a place nor a
  // language outside language work. Words both only mention in passing, place names and languages
  // count beside one, never alone ("power" in two texts, "Tagalog" in two posts).
  const counted: string[] = [];
  let telling = false;
  for (const l of new Set(a.lexemes)) {
    if (!theirs.has(l) || v.generic.has(l) || categoryWords?.has(l)) continue;
    // A place name both use: the distance speaks for it when known, else it qualifies.
    if (places.has(l)) {
      if (km === null) counted.push(l);
      continue;
    }
    const language = v.languages.get(l);
    if (language !== undefined && bothSpeak.has(language)) titled.add(l);
    if ((language === undefined || bothSpeak.has(language)) && titled.has(l)) telling = true;
    counted.push(l);
  }
  // The same language under two names ("isiZulu", "Zulu") is shared all the same.
  for (const language of bothSpeak) {
    if (counted.some((l) => v.languages.get(l) === language)) continue;
    const named = a.lexemes.find((l) => v.languages.get(l) === language);
    if (named === undefined) continue;
    counted.push(named);
    titled.add(named);
    telling = true;
  }
  const shared = telling ? counted : [];

  let sum =
    MATCH_WEIGHTS.words * wordSignal(shared, titled) +
    MATCH_WEIGHTS.category * (sameCategory ? 1 : 0) +
    MATCH_WEIGHTS.recency * recencySignal(a.createdAt, b.createdAt);
  let weights = MATCH_WEIGHTS.words + MATCH_WEIGHTS.category + MATCH_WEIGHTS.recency;
  // Work done from anywhere is neither helped nor hurt by where its two sides are.
  if (km !== null && reach !== 'remote') {
    sum += MATCH_WEIGHTS.distance / (1 + km / DISTANCE_HALF_KM);
    weights += MATCH_WEIGHTS.distance;
  }
  return {
    score: Math.round((sum / weights) * 1000) / 1000,
    ...said,
    sharedLexemes: shared.slice(0, WORDS_SHOWN),
    ruledOut: null,
  };
}

/** A pair is a match from the threshold up. */
export const isMatch = (s: Scored) => s.score >= MATCH_THRESHOLD;
