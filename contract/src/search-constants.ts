/**
 * Zod-free half of search.ts (decision 030): the search box's limits, storage keys and hashtag
 * rule, which the signed-in shell's search panel reads at start-up. Importing search.ts builds all
 * of its zod schemas on load, a cost the shell's start-up task paid for these constants; it
 * re-exports everything here, so the server, the forms and the tests keep importing from it.
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
/**
 * Ours (issue 32, decision 051): the best matching post titles a Needs or Provisions group row of the
 * dropdown shows under its category, so what was searched for is visible before Enter.
 */
export const SEARCH_GROUP_TITLES = 3;
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
