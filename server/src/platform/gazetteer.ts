import {
  ALTERNATE,
  foldedWords,
  foldKey,
  type Gazetteer,
  LATER_WORD,
  loadGazetteer,
  type Name,
  OWN,
  PROVINCE_IS_SECOND_LEVEL,
  refKind,
  refTown,
  type Town,
  VOCABULARY_ALTERNATES_POP,
} from './gazetteer-data.js';

export { foldedWords } from './gazetteer-data.js';

/*
 * The offline gazetteer's rules (decision 041, and 049 for the data): place search over GeoNames'
 * towns (`searchTowns`); the city-level vocabulary of public places — the towns, their provinces and
 * their countries — so that a public place's text is made of these names only, and a street, a
 * house number or "behind the market" cannot reach it (nothing is deleted from what was typed, the
 * text is built from the list); and the nearest town to a point.
 */

/** A place at city level: each part a name from the gazetteer or a geocoder's structured part. */
export type CityParts = { locality?: string; region?: string; country?: string };

/** How far the nearest gazetteer town may be for a point to be called by it, and by its province. */
export const CITY_RADIUS_KM = 50;
export const REGION_RADIUS_KM = 150;

type Index = Gazetteer & {
  /** Provinces, countries and the names people give them, folded, to how they are shown (towns are looked up in `keys`). */
  names: Map<string, Name>;
  /** The most words any recognised name has. */
  longest: number;
};

let index: Index | undefined;

// Countries as people write them, to their ISO codes (the English names and the codes are known already).
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  'united states of america': 'US',
  america: 'US',
  uk: 'GB',
  'u k': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  'czech republic': 'CZ',
  uae: 'AE',
  drc: 'CD',
  'congo kinshasa': 'CD',
  'democratic republic of the congo': 'CD',
  'congo brazzaville': 'CG',
  'cote d ivoire': 'CI',
  'ivory coast': 'CI',
  burma: 'MM',
  turkiye: 'TR',
  holland: 'NL',
  'the netherlands': 'NL',
  swaziland: 'SZ',
  'cape verde': 'CV',
  'cabo verde': 'CV',
  'east timor': 'TL',
  espana: 'ES',
  deutschland: 'DE',
  italia: 'IT',
  pilipinas: 'PH',
  nippon: 'JP',
  россия: 'RU',
};
// Regions people name that GeoNames does not hold as a province.
const REGION_NAMES: Record<string, string> = {
  'metro manila': 'Metro Manila',
  ncr: 'Metro Manila',
  dc: 'District of Columbia',
};

/** Not places, but what a collaboration or a profile often says instead of one. */
const NOT_A_PLACE_NAMES: Record<string, string> = {
  remote: 'Remote',
  online: 'Online',
  anywhere: 'Anywhere',
  worldwide: 'Worldwide',
};

/**
 * Words that may sit beside a name without being one ("Cebu City", "City of Manila", "Ashanti and
 * Volta", "Greater London"). They are never shown: only the names they stand beside are.
 */
const BESIDE_A_NAME = new Set(
  'city town municipality province state region county district prefecture metro metropolitan greater area of the and'.split(
    ' ',
  ),
);

/**
 * Words a province's name holds beside the name of its town ("State of Berlin", "Nairobi County",
 * "Bogota D.C."): such a province is the town itself, and is not shown twice.
 */
const REGION_WORDS = new Set(
  'state of province county region oblast governorate prefecture city capital district federal metropolitan municipality area the f d c'.split(
    ' ',
  ),
);
const sameName = (town: string, region: string) =>
  foldedWords(region)
    .filter((w) => !REGION_WORDS.has(w))
    .join(' ') === foldKey(town);

/** A town's province, unless it only says the town's name again. */
export const shownRegion = (town: Town) =>
  town.region && !sameName(town.name, town.region) ? town.region : '';

function load(): Index {
  const g = loadGazetteer();
  const names = new Map<string, Name>();
  // The longest town name read in a text: "Ho Chi Minh City", "Sault Ste. Marie"…
  let longest = 6;
  const add = (key: string, name: Name) => {
    if (!key) return;
    longest = Math.max(longest, key.split(' ').length);
    const had = names.get(key);
    if (!had || had.pop < name.pop) names.set(key, name);
  };
  // Provinces: as big as the towns of theirs the list holds.
  const provincePop = new Map<string, number>();
  const addPop = (region: string, pop: number) =>
    provincePop.set(region, (provincePop.get(region) ?? 0) + pop);
  for (const town of g.towns) {
    if (town.region) addPop(town.region, town.pop);
    // Where the province is the second level, the first ("Eastern Visayas") is a name people write too.
    if (town.sub && PROVINCE_IS_SECOND_LEVEL.has(town.cc)) addPop(town.sub, town.pop);
  }
  for (const [region, pop] of provincePop) add(foldKey(region), { shown: region, pop });
  // Countries win over a town or a province of the same name (a huge population).
  for (const [cc, shown] of g.countries) {
    for (const key of g.countryWords.get(cc)!)
      if (key.length > 2) add(key, { shown, pop: Number.MAX_SAFE_INTEGER, cc });
  }
  for (const [alias, cc] of Object.entries(COUNTRY_ALIASES)) {
    const shown = g.countries.get(cc);
    if (shown) add(foldKey(alias), { shown, pop: Number.MAX_SAFE_INTEGER, cc });
  }
  for (const [alias, shown] of Object.entries({ ...REGION_NAMES, ...NOT_A_PLACE_NAMES }))
    add(alias, { shown, pop: Number.MAX_SAFE_INTEGER });
  return { ...g, names, longest };
}

/** Where the first key not below `key` is, in the sorted keys. */
function lowerBound(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * What a folded name read in typed text names, among towns that are `known`, provinces and
 * countries: the biggest town whose own name it is, or the province or country (`names`), whichever
 * is bigger; else a town whose own name is it and "City" ("Calbayog" → Calbayog City); else the
 * biggest big town whose alternate name it is ("Lisboa", "Москва", "Ozamis"), if it has four letters
 * or more ("Rue" is Butembo's in some language, "NY" New York's). An alternate never outweighs a
 * province of that name ("Samar" is a province of the Philippines, and Samara's name in Tagalog).
 */
function nameFor(g: Index, key: string): Name | undefined {
  const townNamed = (name: string, kinds: 'own' | 'alternate') => {
    let best: Name | undefined;
    for (let i = lowerBound(g.keys, name); i < g.keys.length && g.keys[i] === name; i++) {
      const ref = g.refs[i]!;
      const town = g.towns[refTown(ref)]!;
      const kind = refKind(ref);
      if (!town.known || kind === LATER_WORD) continue;
      if (kinds === 'own' ? kind !== OWN : kind !== ALTERNATE || town.pop < VOCABULARY_ALTERNATES_POP)
        continue;
      // One folded name, several places ("Valparaíso" in Chile and Indiana): the biggest's spelling.
      if (!best || best.pop < town.pop) best = { shown: town.name, pop: town.pop };
    }
    return best;
  };
  const own = townNamed(key, 'own');
  const other = g.names.get(key);
  if (own || other) return other && (!own || other.pop >= own.pop) ? other : own;
  return townNamed(`${key} city`, 'own') ?? (key.length >= 4 ? townNamed(key, 'alternate') : undefined);
}

const loaded = () => (index ??= load());

/** Builds the index now (a benchmark measures the search apart from the load). */
export function gazetteerLoadMs(): number {
  return loaded().loadMs;
}

/** Great-circle distance in km between two [longitude, latitude] points. */
export function distanceKm([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The city-level parts for a point (give it the rounded one): the town it is in, its province and
 * country, within CITY_RADIUS_KM; only the province and country up to REGION_RADIUS_KM (a farm far
 * from any listed town is not given a town it is not in); else nothing (the open sea, a desert).
 *
 * "The town it is in" weighs size against distance: the list holds villages of a thousand people
 * beside cities of millions, and a point 2 km from Cebu City's centre is in Cebu City, not in the
 * barangay 1 km away. A town reaches as far as the cube root of its people (a city's width grows
 * slower than its people, who live denser): the town with the least distance / reach wins.
 *
 * `country` (an ISO code, as countryNamedIn gives it): only that country's towns count — near a
 * border the nearest listed town may be across it (Hohoe, Ghana is near Kpalimé, Togo) — and with
 * none near, the country alone.
 */
export function nearestCityParts(point: [number, number], country?: string): CityParts {
  const g = loaded();
  const [lng, lat] = point;
  // 1° of latitude is ~111 km: two cells each way reach past REGION_RADIUS_KM; longitude's cells
  // narrow towards the poles, so more of them are looked at there.
  const dLat = 2;
  const dLng = Math.min(180, Math.ceil(2 / Math.max(0.05, Math.cos((lat * Math.PI) / 180))));
  let town: Town | undefined;
  let townScore = Infinity;
  let nearest: Town | undefined;
  let nearestKm = Infinity;
  for (let y = Math.floor(lat) - dLat; y <= Math.floor(lat) + dLat; y++) {
    for (let i = -dLng; i <= dLng; i++) {
      const x = ((((Math.floor(lng) + i + 180) % 360) + 360) % 360) - 180;
      for (const t of g.cells.get(`${y},${x}`) ?? []) {
        const row = g.towns[t]!;
        if (country && row.cc !== country) continue;
        const km = distanceKm(point, [row.lng, row.lat]);
        if (km < nearestKm) [nearest, nearestKm] = [row, km];
        if (km > CITY_RADIUS_KM) continue;
        const score = km / Math.cbrt(Math.max(row.pop, 1));
        if (score < townScore) [town, townScore] = [row, score];
      }
    }
  }
  const shownCountry = (cc: string) => g.countries.get(cc) ?? cc;
  const best = town ?? nearest;
  if (!best || nearestKm > REGION_RADIUS_KM) return country ? { country: shownCountry(country) } : {};
  const region = shownRegion(best);
  return {
    ...(town ? { locality: town.name } : {}),
    ...(region ? { region } : {}),
    country: shownCountry(best.cc),
  };
}

/**
 * The gazetteer's names found in a text typed by hand, as they are shown, coarsest last and at
 * most three: "Mango Ave. corner Gen. Maxilom, Cebu City" → ["Cebu City"]. The text is cut at commas
 * (and / ; | ( ) line breaks), and a piece counts only when every word of it is part of a name,
 * a postcode or a word that goes beside a name ("City", "Province", "of"): "Via Roma" is a street
 * that holds a city's name, not Rome, and says nothing.
 */
export function recognisedNames(text: string): string[] {
  return recognised(text).map((n) => n.shown);
}

/** The ISO code of the country a text typed by hand names (its last one), if it names one. */
export function countryNamedIn(text: string): string | undefined {
  return recognised(text)
    .filter((n) => n.cc)
    .at(-1)?.cc;
}

function recognised(text: string): Name[] {
  const g = loaded();
  const found: Name[] = [];
  for (const piece of text.split(/[,;/|()\n]+|\s[-–—]\s/u)) {
    const ws = foldedWords(piece);
    const inPiece: Name[] = [];
    let covered = ws.length > 0;
    for (let i = 0; i < ws.length && covered;) {
      let step = 0;
      for (let n = Math.min(g.longest, ws.length - i); n > 0 && !step; n--) {
        const name = nameFor(g, ws.slice(i, i + n).join(' '));
        if (name) {
          inPiece.push(name);
          step = n;
        }
      }
      if (!step && (BESIDE_A_NAME.has(ws[i]!) || /\p{N}/u.test(ws[i]!))) step = 1;
      if (step) i += step;
      else covered = false;
    }
    if (covered) for (const name of inPiece) if (!found.some((f) => f.shown === name.shown)) found.push(name);
  }
  return found.slice(-3);
}

/*
 * Place search (issue 32, item 1). A query is folded as names are (case, accents and punctuation
 * do not count) and matched against every town's name, ASCII name and alternate names. A town is
 * found by its name when one of these starts with the query, and weighed by its people times how
 * well the name fits:
 *
 *   ×10   a name that is the query ("Cebu" is an alternate name of Cebu City; "Talisay");
 *   ×1    its own name starting with it ("Lapu-Lapu" → Lapu-Lapu City), or a later word of its own
 *         name that is the query ("Francisco" → San Francisco);
 *   ×0.3  a later word of its own name starting with it;
 *   ×0.01 an alternate name starting with it (4 letters or more): "Köl" → Köln is Cologne, but
 *         another language's name of a big city should not push aside the towns actually so named.
 *
 * Only when that finds fewer than asked for, towns whose own name starts with the query after one
 * typo — a letter left out, added, changed or two swapped ("Mandue", "Cebu Ctiy") — come after
 * them, biggest first. Typos are looked for in the names of towns of VOCABULARY_POP people or more
 * and capitals (a word that names nothing, "Lahug", would otherwise find five villages that merely
 * look like it), in queries of 5 letters or more, with the first letter as typed (a name is rarely
 * mistyped there, and it keeps the look-ups few). After a comma, the words narrow the towns to
 * those whose province, county or country they start ("Talisay, Negros", "Talisay, Philippines").
 */

/** What a search found: the town, its address as shown, and the city-level parts of a public place. */
export type FoundTown = { town: Town; address: string; parts: CityParts };

const TYPO_MIN_LENGTH = 5;
const ALTERNATE_PREFIX_MIN_LENGTH = 4;
/** At most this many keys are read for one typo variant (a short variant starts many names). */
const TYPO_KEYS_PER_VARIANT = 400;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz ';
/** A name match always ranks above a typo: weights stay far below this. */
const NAME_MATCH = 1e12;

type Visit = (key: string, ref: number) => void;

/** Visits every key that starts with `prefix`: a range of the sorted keys; at most `most` of them. */
function keysStartingWith(g: Gazetteer, prefix: string, visit: Visit, most = Infinity): void {
  for (let i = lowerBound(g.keys, prefix), read = 0; i < g.keys.length && read < most; i++, read++) {
    const key = g.keys[i]!;
    if (!key.startsWith(prefix)) return;
    visit(key, g.refs[i]!);
  }
}

/** The query after one typo, each variant a prefix to look up; the first letter stays. */
function typoVariants(q: string): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < q.length; i++) {
    // Left out: only inside (a last letter left out is a shorter prefix, which says little).
    if (i < q.length - 1) out.add(q.slice(0, i) + q.slice(i + 1));
    if (i < q.length - 1) out.add(q.slice(0, i) + q[i + 1] + q[i] + q.slice(i + 2));
    for (const c of LETTERS) {
      out.add(q.slice(0, i) + c + q.slice(i));
      out.add(q.slice(0, i) + c + q.slice(i + 1));
    }
  }
  out.delete(q);
  for (const v of out) if (v.length < 3 || v.includes('  ') || v.endsWith(' ')) out.delete(v);
  return out;
}

/** Words of a town's province, county and country: what a query's words after a comma may start. */
function qualifierWords(g: Gazetteer, town: Town): string[] {
  return [
    ...foldedWords(`${town.region} ${town.sub} ${g.countries.get(town.cc) ?? ''}`),
    ...g.countryWords.get(town.cc)!.flatMap((k) => k.split(' ')),
  ];
}

/** Each town found for a folded query, with its score (NAME_MATCH + weight for a name match). */
function matches(
  g: Gazetteer,
  q: string,
  enough: number,
  keep: (town: Town) => boolean,
  // Two letters start ~30,000 names, of which only the biggest five are shown: the small towns
  // among them are passed over at once (unless that leaves too few).
  bigOnly = q.length < 3,
): Map<number, number> {
  const scores = new Map<number, number>();
  const kept = new Map<number, boolean>();
  const note = (t: number, score: number) => {
    const had = scores.get(t);
    if (had !== undefined && had >= score) return;
    let ok = kept.get(t);
    if (ok === undefined) kept.set(t, (ok = keep(g.towns[t]!)));
    if (ok) scores.set(t, score);
  };
  const byName: Visit = (key, ref) => {
    if (bigOnly && !g.towns[refTown(ref)]!.known) return;
    const kind = refKind(ref);
    const exact = key === q;
    // An alternate of three letters or fewer is a code or a short form ("Man" for Amman): weak.
    const fit = exact
      ? kind === LATER_WORD
        ? 1
        : kind === OWN || q.length >= ALTERNATE_PREFIX_MIN_LENGTH
          ? 10
          : 0.01
      : kind === OWN
        ? 1
        : kind === LATER_WORD
          ? 0.3
          : q.length >= ALTERNATE_PREFIX_MIN_LENGTH
            ? 0.01
            : 0;
    if (fit) note(refTown(ref), NAME_MATCH + g.towns[refTown(ref)]!.pop * fit);
  };
  keysStartingWith(g, q, byName);
  if (bigOnly && scores.size < enough) return matches(g, q, enough, keep, false);
  if (scores.size < enough && q.length >= TYPO_MIN_LENGTH) {
    const byTypo: Visit = (_key, ref) => {
      const town = g.towns[refTown(ref)]!;
      if (refKind(ref) === OWN && town.known) note(refTown(ref), town.pop);
    };
    for (const variant of typoVariants(q)) keysStartingWith(g, variant, byTypo, TYPO_KEYS_PER_VARIANT);
  }
  return scores;
}

/** The city-level parts of a town: its name, its province unless that only repeats it, its country. */
function partsOf(g: Gazetteer, town: Town): CityParts {
  const region = shownRegion(town);
  return {
    locality: town.name,
    ...(region ? { region } : {}),
    country: g.countries.get(town.cc) ?? town.cc,
  };
}

/** The `limit` towns a query finds, best first, each address shown once ("Cebu City, Central Visayas, Philippines"). */
export function searchTowns(query: string, limit: number): FoundTown[] {
  const g = loaded();
  const [head = '', ...rest] = query.split(',');
  const qualifiers = foldedWords(rest.join(' '));
  const keep = (town: Town) => {
    if (!qualifiers.length) return true;
    const words = qualifierWords(g, town);
    return qualifiers.every((q) => words.some((w) => w.startsWith(q)));
  };
  const words = foldedWords(head);
  const q = words.join(' ');
  let found = q.length >= 2 ? matches(g, q, limit, keep) : new Map<number, number>();
  // "Talisay City", "Municipality of Liloan": the list may hold the town by its name alone.
  const bare = words.filter((w) => !BESIDE_A_NAME.has(w)).join(' ');
  if (found.size === 0 && bare.length >= 2 && bare !== q) found = matches(g, bare, limit, keep);

  // The best few, without sorting every town a two-letter query finds: a town more than `limit`
  // places down can only be needed when one above it repeats an address.
  const top: Array<[number, number]> = [];
  const room = limit * 4;
  for (const entry of found) {
    if (top.length === room && entry[1] <= top[room - 1]![1]) continue;
    let at = top.length;
    while (at > 0 && top[at - 1]![1] < entry[1]) at--;
    top.splice(at, 0, entry);
    if (top.length > room) top.pop();
  }
  const out: FoundTown[] = [];
  const shown = new Set<string>();
  for (const [t] of top) {
    if (out.length >= limit) break;
    const town = g.towns[t]!;
    const parts = partsOf(g, town);
    let address = [parts.locality, parts.region, parts.country].filter(Boolean).join(', ');
    // Two towns of one name in one province ("Talisay, Calabarzon"): the county tells them apart.
    if (shown.has(address) && town.sub && !sameName(town.name, town.sub))
      address = [parts.locality, town.sub, parts.region, parts.country].filter(Boolean).join(', ');
    if (shown.has(address)) continue;
    shown.add(address);
    out.push({ town, address, parts });
  }
  return out;
}
