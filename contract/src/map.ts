import { z } from 'zod';
import { MAP_ITEMS_MAX, MAP_SINCE_DAYS, mapKinds, NEAR_RADIUS_MAX_KM, type Bbox } from './map-constants.js';
import { needStatuses } from './posts-constants.js';

// The constants light pages need live in a zod-free module (decision 030).
export * from './map-constants.js';

/*
 * The map of where help is needed (issue 37): needs, wants, provisions and missions in a viewport,
 * drawn at their public, approximate place only (decision 022). The same filters make the open
 * data exports (`mapFiltersSchema`), and an alert keeps a subset of them.
 */

const commaList = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .string()
    .trim()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.enum(values, `${name} are ${values.join(', ')}`))
        .min(1, `Name at least one of ${values.join(', ')}`),
    )
    .transform((list) => [...new Set(list)]);

/** "west,south,east,north" in degrees: west < east (no crossing of the antimeridian), south < north. */
export const bboxSchema = z
  .string()
  .trim()
  .transform((s, ctx): Bbox => {
    const parts = s.split(',').map((v) => Number(v.trim()));
    if (parts.length !== 4 || parts.some((v) => !Number.isFinite(v))) {
      ctx.addIssue({ code: 'custom', message: 'bbox is four numbers: west,south,east,north' });
      return z.NEVER;
    }
    const [west, south, east, north] = parts as Bbox;
    if (west < -180 || east > 180 || south < -90 || north > 90 || west >= east || south >= north) {
      ctx.addIssue({
        code: 'custom',
        message: 'bbox is west,south,east,north within -180..180 and -90..90, west below east',
      });
      return z.NEVER;
    }
    return [west, south, east, north];
  });

/** The filters the map and the open data share. */
export const mapFiltersSchema = z.object({
  /** The viewport; the exports take all places when it is left out. */
  bbox: bboxSchema.optional(),
  kinds: commaList(mapKinds, 'kinds').default([...mapKinds]),
  category: z.string().trim().min(1).max(60).optional(),
  /** Needs' and wants' status (provisions and missions have none and always fit): open by default. */
  status: commaList(needStatuses, 'statuses').default(['open']),
  /** Only emergency needs (those marked with an emergency sign). */
  emergency: z
    .enum(['true', 'false'], 'emergency is true or false')
    .optional()
    .transform((v) => v === 'true'),
  /** Posted within the last this many days; all time when left out. */
  sinceDays: z.coerce
    .number()
    .int()
    .refine(
      (d) => (MAP_SINCE_DAYS as readonly number[]).includes(d),
      `sinceDays is one of ${MAP_SINCE_DAYS.join(', ')}`,
    )
    .optional(),
});
export type MapFilters = z.infer<typeof mapFiltersSchema>;

export const mapQuerySchema = mapFiltersSchema.extend({
  bbox: bboxSchema,
  limit: z.coerce.number().int().min(1).max(MAP_ITEMS_MAX).default(MAP_ITEMS_MAX),
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

/**
 * Where another Muster's listing lives (issue 38, decision 089), on a search result or a pin from
 * elsewhere: its server (host[:port], shown as "From <server>"), its page there, its Note's id (what
 * Offer help names, `remoteOfferSchema`) and its author's actor.
 */
export const remoteOriginSchema = z.object({
  server: z.string(),
  url: z.string(),
  objectId: z.string(),
  authorUri: z.string(),
});
export type RemoteOrigin = z.infer<typeof remoteOriginSchema>;

/** At most this many listings from other servers in one map answer, after the local items. */
export const MAP_REMOTE_ITEMS = 100;

/** One pin: a post or a mission at its public place. */
export const mapItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(mapKinds),
  title: z.string(),
  category: z.string().nullable(),
  /** Needs and wants: open, fulfilled or expired; null for provisions and missions. */
  status: z.enum(needStatuses).nullable(),
  emergency: z.boolean(),
  /** [longitude, latitude] on the public 0.01° grid (decision 022): never the exact place. */
  coordinates: z.tuple([z.number(), z.number()]),
  /** The public, city-level place text. */
  place: z.string(),
  createdAt: z.string(),
  /**
   * Only on another Muster's need, want or provision (decision 089): where it lives. Its `_id` is
   * then the Note's id, its place the approximate one its server sent; it has no page here.
   */
  remote: remoteOriginSchema.optional(),
});
export type MapItem = z.infer<typeof mapItemSchema>;

export const mapResponseSchema = z.object({
  data: z.object({
    /**
     * Newest first, at most `limit`; then another Muster's listings that fit (`remote` set), newest
     * first, at most MAP_REMOTE_ITEMS.
     */
    items: z.array(mapItemSchema),
    /** How many items fit the viewport and filters (other servers' included), counted up to MAP_TOTAL_CAP. */
    total: z.number(),
  }),
});
export type MapResponse = z.infer<typeof mapResponseSchema>;

/** The tile source the map draws on (MAP_TILE_URL), with the attribution its licence asks for. */
export const mapTilesResponseSchema = z.object({
  data: z.object({
    url: z.string(),
    attribution: z.string(),
    maxZoom: z.number().int(),
  }),
});
export type MapTiles = z.infer<typeof mapTilesResponseSchema>['data'];

/** A "near me" circle: the map's, search's and an alert's. */
export const nearSchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  radiusKm: z.coerce.number().min(1).max(NEAR_RADIUS_MAX_KM),
});
export type Near = z.infer<typeof nearSchema>;
