// `node --import tsx bench/match-score.ts`: how many pairs matching.score.ts scores per second, on
// synthetic posts shaped like real ones (30 lexemes, 6 in the title, half with a point, a quarter
// naming a language). Measures the pure scoring only; the candidate query is the real cost of a
// match. Not a test.
import {
  type MatchSide,
  type Reach,
  scoreMatch,
  type Vocabulary,
} from '../src/features/matching/matching.score.js';

const POSTS = 2000;
const PAIRS = 1_000_000;
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;

const words = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
const languages = ['tagalog', 'isizulu', 'english', 'portugues', 'swahili'];
const categories = ['Energy', 'Food', 'Transport', 'Translation', 'Medical supplies', 'Skills', 'Design'];
const vocabulary: Vocabulary = {
  generic: new Set(words.slice(0, 150)),
  languages: new Map(languages.map((l) => [l, l])),
  languageWork: new Set(['translation']),
  baseLanguage: 'english',
};
const reaches: Reach[] = ['local', 'regional', 'remote'];

const sides: MatchSide[] = Array.from({ length: POSTS }, () => {
  const lexemes = Array.from({ length: 30 }, () => pick(words));
  if (random() < 0.25) lexemes.push(pick(languages));
  const category = pick(categories);
  return {
    category,
    lexemes,
    titleLexemes: [...lexemes.slice(0, 6), category.toLowerCase()],
    categoryLexemes: [category.toLowerCase()],
    placeLexemes: ['cebu', 'citi'],
    coordinates: random() < 0.5 ? [-180 + random() * 360, -60 + random() * 120] : null,
    reach: pick(reaches),
    createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 60))),
  };
});

for (let round = 0; round < 3; round += 1) {
  const started = process.hrtime.bigint();
  let matched = 0;
  for (let i = 0; i < PAIRS; i += 1) {
    const s = scoreMatch(sides[i % POSTS]!, sides[(i * 7919 + 1) % POSTS]!, vocabulary);
    if (s.score >= 0.55) matched += 1;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${Math.round(PAIRS / seconds).toLocaleString('en')} pairs/s (${matched} matched)`);
}
