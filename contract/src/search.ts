import { z } from 'zod';
import { SEARCH_PAGE_SIZE } from './limits.js';
import { missionTypes } from './missions.js';
import { needStatuses, postKinds } from './posts.js';
import { publicUserSchema } from './users.js';

/**
 * Global search (issue 14, spec §2 "Global search box", §4 "Search overlay", §5 "Search", §9):
 * `GET /users/advanced-search` over people, needs, provisions, missions and hashtags.
 */

/** Spec §9: history kept 7, shown 5; recent profiles kept 5, shown 3; trending 3 inline, 5 in the panel. */
export const SEARCH_HISTORY_KEPT = 7;
export const SEARCH_HISTORY_SHOWN = 5;
export const RECENT_PROFILES_KEPT = 5;
export const RECENT_PROFILES_SHOWN = 3;
export const SEARCH_TRENDING_INLINE = 3;
export const SEARCH_TRENDING_PANEL = 5;
/** Spec §9: search trending is cached 15 minutes. */
export const SEARCH_TRENDING_CACHE_MS = 15 * 60_000;
/** How many of each section the dropdown previews; 'View All' shows when a section holds more. */
export const SEARCH_PREVIEW = { users: 4, needs: 2, provisions: 2, missions: 2, hashtags: 2 } as const;
/** Browser storage keys (spec §3 "Local browser storage"). */
export const SEARCH_HISTORY_KEY = 'searchHistory';
export const RECENT_PROFILES_KEY = 'recentProfiles';

export const SEARCH_QUERY_MAX = 200;
export const searchSections = ['all', 'users', 'needs', 'provisions', 'missions'] as const;
export type SearchSection = (typeof searchSections)[number];

/**
 * Spec §5: hashtags are extracted only when the query contains '#': space-separated words that
 * start with '#' and are longer than one character, with the '#' removed.
 */
export function extractSearchHashtags(query: string): string[] {
  if (!query.includes('#')) return [];
  return query
    .split(' ')
    .filter((w) => w.startsWith('#') && w.length > 1)
    .map((w) => w.slice(1));
}

export const advancedSearchQuerySchema = z.object({
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
});
export type AdvancedSearchQuery = z.infer<typeof advancedSearchQuerySchema>;

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

export const advancedSearchResponseSchema = z.object({
  data: z.object({
    users: z.array(publicUserSchema),
    needsMatches: z.array(categoryMatchSchema),
    provisionsMatches: z.array(categoryMatchSchema),
    missionMatches: z.array(missionMatchSchema),
    /** Only when the query holds '#' words: those hashtags, with how many posts carry each. */
    hashtags: z.array(z.object({ name: z.string(), count: z.number() })).optional(),
  }),
});
export type AdvancedSearchResult = z.infer<typeof advancedSearchResponseSchema>['data'];
