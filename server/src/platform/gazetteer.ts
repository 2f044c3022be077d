import { createRequire } from 'node:module';

/*
 * The city-level vocabulary of public places (issue 31, item 3; decision 041): the ~7,300 cities
 * of the offline gazetteer (the npm package city-timezones, which place search already uses), their
 * provinces and their countries. A public place's text is made of these names only, so a street,
 * a house number or "behind the market" cannot reach it: nothing is deleted from what was typed,
 * the text is built from the list.
 */

type Row = {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  country: string;
  province: string;
};

/** A place at city level: each part a name from the gazetteer or a geocoder's structured part. */
export type CityParts = { locality?: string; region?: string; country?: string };

/** How far the nearest gazetteer city may be for a point to be called by it, and by its province. */
export const CITY_RADIUS_KM = 50;
export const REGION_RADIUS_KM = 150;

/** A city, a province or a country, as its name is shown; `country`: the gazetteer's, when the name is one. */
type Name = { shown: string; pop: number; country?: string };

type Index = {
  /** Cities by 1° cell ("lat,lng" of the cell's south-west corner), for the nearest one. */
  cells: Map<string, Row[]>;
  /** Every name, folded ("cebu", "united kingdom"), to how it is shown. */
  names: Map<string, Name>;
  /** The most words any name has. */
  longest: number;
};

let index: Index | undefined;

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

// Countries as people write them, to the gazetteer's name for them.
const COUNTRY_ALIASES: Record<string, string> = {
  usa: 'United States of America',
  us: 'United States of America',
  'u s a': 'United States of America',
  'u s': 'United States of America',
  'united states': 'United States of America',
  america: 'United States of America',
  uk: 'United Kingdom',
  'u k': 'United Kingdom',
  'great britain': 'United Kingdom',
  britain: 'United Kingdom',
  czechia: 'Czech Republic',
  uae: 'United Arab Emirates',
  drc: 'Congo (Kinshasa)',
  'cote d ivoire': 'Ivory Coast',
  espana: 'Spain',
  deutschland: 'Germany',
  italia: 'Italy',
  pilipinas: 'Philippines',
  nippon: 'Japan',
  россия: 'Russia',
};
/** How a gazetteer country is shown, where its list name is not the one people use. */
const COUNTRY_SHOWN: Record<string, string> = {
  'United States of America': 'United States',
  'Czech Republic': 'Czechia',
};
export const shownCountry = (country: string) => COUNTRY_SHOWN[country] ?? country;
// Regions people name that the list does not hold as a province.
const REGION_NAMES: Record<string, string> = {
  england: 'England',
  scotland: 'Scotland',
  wales: 'Wales',
  'northern ireland': 'Northern Ireland',
  'metro manila': 'Metro Manila',
  ncr: 'Metro Manila',
  dc: 'District of Columbia',
  'district of columbia': 'District of Columbia',
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

function load(): Index {
  const rows = (createRequire(import.meta.url)('city-timezones') as { cityMapping: Row[] }).cityMapping;
  const cells = new Map<string, Row[]>();
  const names = new Map<string, Name>();
  let longest = 1;
  const add = (name: string, shown: string, pop: number, country?: string) => {
    const key = foldedWords(name).join(' ');
    if (!key) return;
    longest = Math.max(longest, key.split(' ').length);
    const had = names.get(key);
    // One folded name, several places ("Roma" in Australia and the USA): the biggest's spelling.
    if (!had || had.pop < pop) names.set(key, { shown, pop, ...(country ? { country } : {}) });
  };
  const countryPop = new Map<string, number>();
  const provincePop = new Map<string, number>();
  for (const row of rows) {
    const cell = `${Math.floor(row.lat)},${Math.floor(row.lng)}`;
    const list = cells.get(cell);
    if (list) list.push(row);
    else cells.set(cell, [row]);
    add(row.city, row.city, row.pop);
    add(row.city_ascii, row.city, row.pop);
    if (row.province)
      provincePop.set(
        `${row.province}\n${row.country}`,
        (provincePop.get(`${row.province}\n${row.country}`) ?? 0) + row.pop,
      );
    countryPop.set(row.country, (countryPop.get(row.country) ?? 0) + row.pop);
  }
  for (const [key, pop] of provincePop) add(key.split('\n')[0]!, key.split('\n')[0]!, pop);
  // Countries win over a city or a province of the same name (a huge population).
  for (const [country] of countryPop) add(country, shownCountry(country), Number.MAX_SAFE_INTEGER, country);
  for (const [alias, country] of Object.entries(COUNTRY_ALIASES))
    add(alias, shownCountry(country), Number.MAX_SAFE_INTEGER, country);
  for (const [alias, shown] of Object.entries({ ...REGION_NAMES, ...NOT_A_PLACE_NAMES }))
    add(alias, shown, Number.MAX_SAFE_INTEGER);
  return { cells, names, longest };
}

const loaded = () => (index ??= load());

/** Great-circle distance in km between two [longitude, latitude] points. */
export function distanceKm([lng1, lat1]: [number, number], [lng2, lat2]: [number, number]): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The city-level parts for a point (give it the rounded one): the nearest gazetteer city, its
 * province and country within CITY_RADIUS_KM; only the province and country up to
 * REGION_RADIUS_KM (a village far from any listed city is not given a city it is not in); else
 * nothing (the open sea, a desert). `country` (the gazetteer's name, as the place's own text
 * says): only that country's cities count — near a border the nearest listed city may be across
 * it (Hohoe, Ghana is nearest Kpalimé, Togo) — and with none near, the country alone.
 */
export function nearestCityParts(point: [number, number], country?: string): CityParts {
  const { cells } = loaded();
  const [lng, lat] = point;
  // 1° of latitude is ~111 km: two cells each way reach past REGION_RADIUS_KM; longitude's cells
  // narrow towards the poles, so more of them are looked at there.
  const dLat = 2;
  const dLng = Math.min(180, Math.ceil(2 / Math.max(0.05, Math.cos((lat * Math.PI) / 180))));
  let best: Row | undefined;
  let bestKm = Infinity;
  for (let y = Math.floor(lat) - dLat; y <= Math.floor(lat) + dLat; y++) {
    for (let i = -dLng; i <= dLng; i++) {
      const x = ((((Math.floor(lng) + i + 180) % 360) + 360) % 360) - 180;
      for (const row of cells.get(`${y},${x}`) ?? []) {
        if (country && row.country !== country) continue;
        const km = distanceKm(point, [row.lng, row.lat]);
        if (km < bestKm) [best, bestKm] = [row, km];
      }
    }
  }
  if (!best || bestKm > REGION_RADIUS_KM) return country ? { country: shownCountry(country) } : {};
  const region = best.province && best.province !== best.city ? best.province : undefined;
  return {
    ...(bestKm <= CITY_RADIUS_KM ? { locality: best.city } : {}),
    ...(region ? { region } : {}),
    country: shownCountry(best.country),
  };
}

/**
 * The gazetteer's names found in a text typed by hand, as they are shown, coarsest last and at
 * most three: "Mango Ave. corner Gen. Maxilom, Cebu City" → ["Cebu"]. The text is cut at commas
 * (and / ; | ( ) line breaks), and a piece counts only when every word of it is part of a name,
 * a postcode or a word that goes beside a name ("City", "Province", "of"): "Via Roma" is a street
 * that holds a city's name, not Rome, and says nothing.
 */
export function recognisedNames(text: string): string[] {
  return recognised(text).map((n) => n.shown);
}

/** The gazetteer's name of the country a text typed by hand names (its last one), if it names one. */
export function countryNamedIn(text: string): string | undefined {
  return recognised(text)
    .filter((n) => n.country)
    .at(-1)?.country;
}

function recognised(text: string): Name[] {
  const { names, longest } = loaded();
  const found: Name[] = [];
  for (const piece of text.split(/[,;/|()\n]+|\s[-–—]\s/u)) {
    const ws = foldedWords(piece);
    const inPiece: Name[] = [];
    let covered = ws.length > 0;
    for (let i = 0; i < ws.length && covered;) {
      let step = 0;
      for (let n = Math.min(longest, ws.length - i); n > 0 && !step; n--) {
        const name = names.get(ws.slice(i, i + n).join(' '));
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
