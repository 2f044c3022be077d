import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './limits.js';
import { mapFiltersSchema } from './map.js';
import { mapKinds } from './map-constants.js';
import { needStatuses } from './posts-constants.js';

/*
 * Open data for responders (issue 37 item 3, decision 078): the public needs, wants, provisions
 * and missions, filtered like the map, as CSV with an HXL hashtag row, as GeoJSON, and as a paged
 * JSON list for dashboards. Only what a stranger may read, at its public approximate place
 * (decision 022), and no person: no author's name, username or id.
 */

/** The exports' query: the map's filters, the viewport optional (all of Muster without it). */
export const openDataQuerySchema = mapFiltersSchema;
export type OpenDataQuery = z.infer<typeof openDataQuerySchema>;

/** The dashboards' page: the same filters, keyset paged (DESIGN.md §3: 20 by default, at most 100). */
export const openDataPageQuerySchema = mapFiltersSchema.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type OpenDataPageQuery = z.infer<typeof openDataPageQuerySchema>;

/**
 * The columns of the CSV, in order: the header row's names, then the HXL hashtag row
 * (https://hxlstandard.org, core hashtags and attributes). The JSON item's fields carry the same
 * names. `#sector` holds Muster's own category (free text), not an IASC cluster code.
 */
export const OPEN_DATA_COLUMNS = [
  { name: 'id', hxl: '#item+id' },
  { name: 'kind', hxl: '#item+type' },
  { name: 'title', hxl: '#item+name' },
  { name: 'description', hxl: '#description' },
  { name: 'category', hxl: '#sector' },
  { name: 'status', hxl: '#status' },
  { name: 'emergency', hxl: '#indicator+emergency' },
  { name: 'latitude', hxl: '#geo+lat' },
  { name: 'longitude', hxl: '#geo+lon' },
  { name: 'place', hxl: '#loc+name' },
  { name: 'created', hxl: '#date+reported' },
  { name: 'expires', hxl: '#date+end' },
  { name: 'url', hxl: '#meta+url' },
] as const;

/** The licence every answer states (OPEN_DATA_LICENSE, OPEN_DATA_LICENSE_URL). */
export const openDataLicenseSchema = z.object({ name: z.string(), url: z.string() });
export type OpenDataLicense = z.infer<typeof openDataLicenseSchema>;

/** One item: a post (need, want, provision) or a mission, as anyone may read it. */
export const openDataItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(mapKinds),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  /** Needs and wants: open, fulfilled or expired; null for provisions and missions. */
  status: z.enum(needStatuses).nullable(),
  emergency: z.boolean(),
  /** [longitude, latitude] on the public 0.01° grid (decision 022), or null: no place given. */
  coordinates: z.tuple([z.number(), z.number()]).nullable(),
  /** The public, city-level place text, or null. */
  place: z.string().nullable(),
  createdAt: z.string(),
  /** Needs and wants: when they close; null otherwise. */
  expiresAt: z.string().nullable(),
  /** The item's page in the web app. */
  url: z.string(),
});
export type OpenDataItem = z.infer<typeof openDataItemSchema>;

export const openDataPageResponseSchema = z.object({
  data: z.array(openDataItemSchema),
  meta: z.object({
    /** Pass as `cursor` for the next page; null on the last. */
    nextCursor: z.string().nullable(),
    license: openDataLicenseSchema,
  }),
});
export type OpenDataPageResponse = z.infer<typeof openDataPageResponseSchema>;

/** The GeoJSON answer (RFC 7946), for the OpenAPI document: `license` is a foreign member. */
export const openDataFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  license: openDataLicenseSchema,
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: z.string(),
      /** A Point at [longitude, latitude], or null for an item with no place (RFC 7946 §3.2). */
      geometry: z
        .object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) })
        .nullable(),
      properties: openDataItemSchema.omit({ _id: true, coordinates: true }),
    }),
  ),
});

/** The CSV answer, for the OpenAPI document: a header row, the HXL row, then one row an item. */
export const openDataCsvSchema = z.string();
