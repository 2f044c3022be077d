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
