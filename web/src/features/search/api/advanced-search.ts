import { SEARCH_PAGE_SIZE } from '@muster/contract/limits';
import type { AdvancedSearchResult, SearchSection } from '@muster/contract/search';
import { SEARCH_TRENDING_CACHE_MS } from '@muster/contract/search-constants';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { pageIsFull } from '../lib/search-rules';
import { searchKeys } from './search-keys';

export type SearchParams = {
  query: string;
  section?: SearchSection;
  category?: string;
  /** Verified organisations first (decision 069): people, posters and posts. */
  verifiedFirst?: boolean;
  /** "Near me" (issue 37): needs, provisions and missions within the circle; people are not narrowed. */
  near?: { lat: number; lon: number; radiusKm: number } | undefined;
};

export async function advancedSearch(p: SearchParams & { page?: number }): Promise<AdvancedSearchResult> {
  const params = new URLSearchParams({
    query: p.query,
    page: String(p.page ?? 1),
    limit: String(SEARCH_PAGE_SIZE),
  });
  if (p.section && p.section !== 'all') params.set('section', p.section);
  if (p.category) params.set('category', p.category);
  if (p.verifiedFirst) params.set('verifiedFirst', 'true');
  if (p.near) {
    params.set('lat', String(p.near.lat));
    params.set('lon', String(p.near.lon));
    params.set('radiusKm', String(p.near.radiusKm));
  }
  return (await api.get<{ data: AdvancedSearchResult }>(`/users/advanced-search?${params}`)).data;
}

/** The /search pages: page after page of 20, more assumed while a page comes back full. */
export function useSearchPagesQuery(p: SearchParams) {
  return useInfiniteQuery({
    queryKey: searchKeys.pages(p),
    queryFn: ({ pageParam }) => advancedSearch({ ...p, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, page) => (pageIsFull(last) ? page + 1 : undefined),
    enabled: p.query.trim() !== '',
    // Spec §8: search failures are logged, not shown; the page offers its empty state instead.
    retry: false,
  });
}

export async function getSearchTrending(): Promise<Array<{ name: string; count: number }>> {
  return (await api.get<{ data: Array<{ name: string; count: number }> }>('/hashtags/trending')).data;
}

/** Spec §9: search trending is cached 15 minutes (the home panel keeps its own 10-minute copy). */
export function useSearchTrendingQuery(enabled = true) {
  return useQuery({
    queryKey: searchKeys.trending,
    queryFn: getSearchTrending,
    staleTime: SEARCH_TRENDING_CACHE_MS,
    enabled,
    retry: false,
  });
}
