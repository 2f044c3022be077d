import { z } from 'zod';
import { MAP_SEARCH_MAX_RESULTS, MAP_SEARCH_MIN_CHARS } from './limits.js';

export const geoSearchQuerySchema = z.object({
  q: z.string().trim().min(MAP_SEARCH_MIN_CHARS, `Type at least ${MAP_SEARCH_MIN_CHARS} characters`).max(100),
});

/** A place as the composer stores it in a post's mapLocation: [longitude, latitude]. */
export const placeSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
});
export type Place = z.infer<typeof placeSchema>;

export const geoSearchResponseSchema = z.object({ data: z.array(placeSchema).max(MAP_SEARCH_MAX_RESULTS) });

/*
 * Approximate places (issue 16, decision 022). A post's or a mission's place is shown to everyone
 * but those it belongs to (its author, an accepted helper, the mission's members) about 1 km
 * wide, without the street: a need for insulin must not print where its author lives.
 */

/** Coordinates are rounded to this many decimals: at most ±0.005° each way, under 0.8 km off. */
export const APPROXIMATE_DECIMALS = 2;
/** The coarsest parts of an address kept (city, province, region, country). */
export const APPROXIMATE_ADDRESS_PARTS = 4;

/** A place as people other than its owners see it: no street, ~1 km, and saying so. */
export type ApproximatePlace = {
  address: string;
  name?: string;
  coordinates?: [number, number];
  approximate: true;
};
/** A place as its owner gave it (a mapLocation in a request). */
export type GivenPlace = {
  address: string;
  name?: string | undefined;
  coordinates?: [number, number] | undefined;
  placeId?: string | undefined;
};

const roundTo = (x: number) => {
  const f = 10 ** APPROXIMATE_DECIMALS;
  // `|| 0`: no "-0" in the JSON of a place just west of Greenwich.
  return Math.round(x * f) / f || 0;
};

/** [longitude, latitude] snapped to the 0.01° grid: the same point always gives the same cell, so repeats do not average out to the truth. */
export function approximateCoordinates([lng, lat]: [number, number]): [number, number] {
  return [roundTo(lng), roundTo(lat)];
}

// Words that make a part of an address a street line. Unambiguous words count anywhere in the part
// ("Calle Mayor", "Rizal Street"); short or common ones only as its last word ("Main St", but not
// "St. Louis"); compounds by their ending ("Hauptstraße").
const STREET_ANYWHERE = new Set(
  (
    'street road avenue boulevard blvd highway hwy lane alley calle avenida rua rue carrera jalan jl soi purok sitio barangay brgy ' +
    'subdivision subd compound building bldg'
  ).split(' '),
);
const STREET_LAST = new Set(
  'st rd ave av dr ln ct pl sq way drive court place close crescent terrace walk row mews parkway pkwy ext extension'.split(
    ' ',
  ),
);
const STREET_ENDINGS = /(straße|strasse|str\.|gasse|weg|platz|straat|gatan|vej)$/iu;
/**
 * A house, unit, lot or block number: "12", "12B", "#4", "12-14" ("Lot 3", "Unit 4B", "Zone 2" are
 * street lines by it). A postcode has four digits or more, or mixes letters ("SW1A"): it is dropped alone.
 */
const HOUSE_NUMBER = /^#?\d{1,3}[a-z]?([-/]\d{1,3}[a-z]?)?$/iu;
const HAS_DIGIT = /\d/u;

const words = (part: string) => part.split(/\s+/u).filter(Boolean);
const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[.,;:()]+$/u, '')
    .replace(/^[(]+/u, '');

/** The part is a street line (a street, a house or unit number, a numbered block or zone). */
function isStreetLevel(part: string) {
  const ws = words(part);
  if (ws.some((w) => HOUSE_NUMBER.test(w) || STREET_ANYWHERE.has(bare(w)) || STREET_ENDINGS.test(w)))
    return true;
  return ws.length > 1 && STREET_LAST.has(bare(ws.at(-1)!));
}

/**
 * The place without the street: addresses run from fine to coarse, so every part up to the last
 * street line (a street, a house or unit number, a numbered zone; a named building before it) goes,
 * postcodes go, and at most the coarsest four parts stay. "12 Rizal Street, Tacloban City, Leyte,
 * Philippines" → "Tacloban City, Leyte, Philippines"; "Cebu City" stays. May be '' (a street alone).
 */
export function approximateAddress(address: string): string {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  let kept: string[] = [];
  for (const part of parts) {
    if (isStreetLevel(part)) {
      kept = [];
      continue;
    }
    // A postcode beside a place ("DC 20500", "London SW1A 2AA") goes; the place stays.
    const rest = words(part)
      .filter((w) => !HAS_DIGIT.test(w))
      .join(' ');
    if (rest && kept.at(-1)?.toLowerCase() !== rest.toLowerCase()) kept.push(rest);
  }
  return kept.slice(-APPROXIMATE_ADDRESS_PARTS).join(', ');
}

/**
 * A place as everyone but its owners sees it: coordinates on the 0.01° grid, the address without
 * the street; the name only when it is one of the address's kept parts (a city's name, not a
 * shop's or a street's); never the geocoder's place id, which would look the exact point up again.
 */
export function approximatePlace(place: GivenPlace): ApproximatePlace {
  const address = approximateAddress(place.address);
  const name = place.name?.trim();
  const keptName =
    name && address.split(', ').some((p) => p.toLowerCase() === name.toLowerCase()) ? name : undefined;
  return {
    address,
    ...(keptName ? { name: keptName } : {}),
    ...(place.coordinates ? { coordinates: approximateCoordinates(place.coordinates) } : {}),
    approximate: true,
  };
}

/**
 * A place in a response (a post's or a mission's mapLocation): exact for those it belongs to, else
 * approximate (`approximate: true`, no street, no place id; see approximatePlace).
 */
export const shownPlaceSchema = z.object({
  address: z.string(),
  name: z.string().optional(),
  coordinates: z.tuple([z.number(), z.number()]).optional(),
  placeId: z.string().optional(),
  approximate: z.literal(true).optional(),
});
export type ShownPlace = z.infer<typeof shownPlaceSchema>;
