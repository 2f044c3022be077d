import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from './limits.js';
import { NEAR_RADIUS_DEFAULT_KM, nearSchema, remoteOriginSchema } from './map.js';
import { missionTypes } from './missions-constants.js';
import { needStatuses, postKinds } from './posts-constants.js';
import { SEARCH_QUERY_MAX, searchSections } from './search-constants.js';
import { publicUserSchema } from './users.js';

// The constants the shell needs at start-up live in a zod-free module (decision 030).
export * from './search-constants.js';

/**
 * Global search (issue 14, spec §2 "Global search box", §4 "Search overlay", §5 "Search", §9):
 * `GET /users/advanced-search` over people, needs, provisions, missions and hashtags.
 */

export const advancedSearchQuerySchema = z
  .object({
    query: z
      .string({ error: 'Type something to search for' })
      .trim()
      .min(1, 'Type something to search for')
      .max(SEARCH_QUERY_MAX, `Searches are at most ${SEARCH_QUERY_MAX} characters`),
    page: z.coerce.number().int().min(1).max(50).default(1),
    limit: z.coerce.number().int().min(1).max(50).default(SEARCH_PAGE_SIZE),
    /** Narrows the answer to one section (the /search/* pages); all sections by default. */
    section: z.enum(searchSections).default('all'),
    /** With section needs or provisions: one category only. */
    category: z.string().trim().max(60).optional(),
    /**
     * Verified organisations first (decision 069): people, and the posts and posters of each
     * category group, by a verified organisation come before the others; the ranking holds within each.
     */
    verifiedFirst: z
      .enum(['true', 'false'], 'verifiedFirst is true or false')
      .optional()
      .transform((v) => v === 'true'),
    /**
     * "Near me" (issue 37): a circle narrowing needs, provisions and missions to those whose public,
     * approximate place (decision 022) is within `radiusKm` of `lat`,`lon` (NEAR_RADIUS_DEFAULT_KM
     * when only the centre is given); a thing with no place is then left out. People are not narrowed:
     * their place is city-level text they chose to show, not a point (decision 081).
     */
    lat: nearSchema.shape.lat.optional(),
    lon: nearSchema.shape.lon.optional(),
    radiusKm: nearSchema.shape.radiusKm.optional(),
  })
  .superRefine((q, ctx) => {
    // A centre is both numbers or neither; a radius means nothing without one.
    if ((q.lat === undefined) !== (q.lon === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [q.lat === undefined ? 'lat' : 'lon'],
        message: 'Give both lat and lon for a place to search near',
      });
    else if (q.lat === undefined && q.radiusKm !== undefined)
      ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'A radius needs lat and lon' });
  });
export type AdvancedSearchQuery = z.infer<typeof advancedSearchQuerySchema>;

/** The query's circle, when it has one (its radius NEAR_RADIUS_DEFAULT_KM when none was given). */
export function nearOfSearch(q: Pick<AdvancedSearchQuery, 'lat' | 'lon' | 'radiusKm'>) {
  return q.lat === undefined || q.lon === undefined
    ? undefined
    : { lat: q.lat, lon: q.lon, radiusKm: q.radiusKm ?? NEAR_RADIUS_DEFAULT_KM };
}

/** A matching need or provision, as a row of a category group. */
export const searchPostSchema = z.object({
  _id: z.string(),
  kind: z.enum(postKinds),
  title: z.string(),
  excerpt: z.string(),
  status: z.enum(needStatuses).nullable(),
  createdAt: z.string(),
  author: publicUserSchema,
});

/** Needs (or provisions) grouped by category: who posted them, how many match, and the posts. */
export const categoryMatchSchema = z.object({
  category: z.string(),
  users: z.array(publicUserSchema),
  count: z.number(),
  /** The ids of the group's best matches, in rank order, at most 20 (`count` says how many match). */
  postIds: z.array(z.string()),
  posts: z.array(searchPostSchema),
});
export type CategoryMatch = z.infer<typeof categoryMatchSchema>;

export const missionMatchSchema = z.object({
  _id: z.string(),
  title: z.string(),
  photo: z.string(),
  type: z.enum(missionTypes),
  partnersCount: z.number(),
  collaboratorsCount: z.number(),
});
export type MissionMatch = z.infer<typeof missionMatchSchema>;

/**
 * Another Muster's need, want or provision matching the query (issue 38, decision 089): what a
 * category group's post shows, its category and place, and where it lives (`remote`). It has no
 * page here: it opens on its home server.
 */
export const remoteMatchSchema = z.object({
  kind: z.enum(['need', 'want', 'provision']),
  title: z.string(),
  excerpt: z.string(),
  category: z.string().nullable(),
  status: z.enum(needStatuses).nullable(),
  emergency: z.boolean(),
  /** The approximate, city-level place its server gave, if any. */
  place: z.string().nullable(),
  createdAt: z.string(),
  remote: remoteOriginSchema,
});
export type RemoteMatch = z.infer<typeof remoteMatchSchema>;

export const advancedSearchResponseSchema = z.object({
  data: z.object({
    users: z.array(publicUserSchema),
    needsMatches: z.array(categoryMatchSchema),
    provisionsMatches: z.array(categoryMatchSchema),
    missionMatches: z.array(missionMatchSchema),
    /**
     * Needs and wants (section needs), provisions (section provisions) or both (all) from other
     * servers, by the same words, category and circle, paged as the sections are. The server always
     * sends it ([] when federation is off); optional for answers cached before it existed.
     */
    remoteMatches: z.array(remoteMatchSchema).optional(),
    /** Only when the query holds '#' words: those hashtags, with how many posts carry each. */
    hashtags: z.array(z.object({ name: z.string(), count: z.number() })).optional(),
  }),
});
export type AdvancedSearchResult = z.infer<typeof advancedSearchResponseSchema>['data'];
