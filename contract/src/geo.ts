import { z } from 'zod';
import { MAP_SEARCH_MAX_RESULTS, MAP_SEARCH_MIN_CHARS } from './limits.js';

export const geoSearchQuerySchema = z.object({
  q: z.string().trim().min(MAP_SEARCH_MIN_CHARS, `Type at least ${MAP_SEARCH_MIN_CHARS} characters`).max(100),
});

/**
 * A place's city-level parts as the geocoder structures them (issue 31, decision 041): the public
 * text of a place is built from these alone, never cut out of the address line.
 */
export const placePartsSchema = z.strictObject({
  locality: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
});
export type PlaceParts = z.infer<typeof placePartsSchema>;

/** A place as the composer stores it in a post's mapLocation: [longitude, latitude]. */
export const placeSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]),
  parts: placePartsSchema.optional(),
});
export type Place = z.infer<typeof placeSchema>;

/**
 * A place as a person chose it in the place picker (issue 32, item 1): one the search found, with
 * its point, or the words they typed when the search found nothing they meant, kept as typed —
 * a name and an address, no point, no place id (a post's mapLocation allows both).
 */
export const chosenPlaceSchema = z.object({
  placeId: z.string().optional(),
  name: z.string(),
  address: z.string(),
  coordinates: z.tuple([z.number(), z.number()]).optional(),
  parts: placePartsSchema.optional(),
});
export type ChosenPlace = z.infer<typeof chosenPlaceSchema>;

/** What the picker keeps when a person keeps their words: the words, and nothing the search did not give. */
export const placeKeptAsTyped = (text: string): ChosenPlace => ({ name: text.trim(), address: text.trim() });

/**
 * A form whose place box holds words that were neither picked nor kept does not send without them
 * (decision 049): it stops here, the words still in the box.
 */
export const placeNotChosenMessage = (text: string) =>
  `Pick a place from the list, or keep '${text.trim()}' as typed.`;

export const geoSearchResponseSchema = z.object({ data: z.array(placeSchema).max(MAP_SEARCH_MAX_RESULTS) });

/*
 * Approximate places (issue 16, decision 022). A post's or a mission's place is shown to everyone
 * but those it belongs to (its author, an accepted helper, the mission's members) about 1 km
 * wide, at city level: a need for insulin must not print where its author lives. The public text
 * is built on the server from city-level parts (server/src/platform/places.ts, decision 041).
 */

/** Coordinates are rounded to this many decimals: at most ±0.005° each way, under 0.8 km off. */
export const APPROXIMATE_DECIMALS = 2;
/** A place as people other than its owners see it: city-level text, ~1 km, and saying so. */
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
  parts?: PlaceParts | undefined;
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

/**
 * A place in a response (a post's or a mission's mapLocation): exact for those it belongs to, else
 * approximate (`approximate: true`, city-level text, no place id; decision 041).
 */
export const shownPlaceSchema = z.object({
  address: z.string(),
  name: z.string().optional(),
  coordinates: z.tuple([z.number(), z.number()]).optional(),
  placeId: z.string().optional(),
  parts: placePartsSchema.optional(),
  approximate: z.literal(true).optional(),
});
export type ShownPlace = z.infer<typeof shownPlaceSchema>;
