import type { PublicUser } from '@muster/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';

export async function searchPeople(query: string): Promise<PublicUser[]> {
  return (await api.get<{ data: PublicUser[] }>(`/users/search?query=${encodeURIComponent(query)}`)).data;
}

export function useMentionSuggestionsQuery(query: string | null) {
  return useQuery({
    queryKey: postKeys.mentions(query),
    queryFn: () => searchPeople(query!),
    enabled: !!query,
    staleTime: 60_000,
  });
}

/** Tags I have used before (spec §7: an array, or an object with a hashtags field). */
export async function getHistoricalHashtags(): Promise<string[]> {
  const body = await api.get<{ data: string[] | { hashtags: string[] } }>('/posts/hashtags/historical');
  return Array.isArray(body.data) ? body.data : body.data.hashtags;
}

export function useHistoricalHashtagsQuery(enabled: boolean) {
  return useQuery({
    queryKey: postKeys.historicalHashtags,
    queryFn: getHistoricalHashtags,
    enabled,
    staleTime: 5 * 60_000,
  });
}
