import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hashtagKeys } from './hashtag-keys';

/** Spec §9: the panel shows the top 5, cached for 10 minutes. */
const PANEL_STALE_MS = 10 * 60_000;

export async function getTrendingHashtags(): Promise<Array<{ name: string; count: number }>> {
  return (await api.get<{ data: Array<{ name: string; count: number }> }>('/hashtags/trending')).data.slice(
    0,
    5,
  );
}

export function useTrendingHashtagsQuery(enabled = true) {
  return useQuery({
    queryKey: hashtagKeys.trending,
    queryFn: getTrendingHashtags,
    staleTime: PANEL_STALE_MS,
    enabled,
  });
}

export type HashtagCounts = { name: string; postCount: number; needCount: number; provisionCount: number };

export async function getAllHashtags(): Promise<HashtagCounts[]> {
  return (await api.get<{ data: HashtagCounts[] }>('/posts/trending-hashtags')).data;
}

export function useAllHashtagsQuery(enabled = true) {
  return useQuery({
    queryKey: hashtagKeys.everything,
    queryFn: getAllHashtags,
    staleTime: PANEL_STALE_MS,
    enabled,
  });
}
