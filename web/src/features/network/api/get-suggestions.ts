import type { Suggestion } from '@muster/contract/network';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys, networkStaleTimes } from './network-keys';

export async function getSuggestions(): Promise<Suggestion[]> {
  return (await api.get<{ data: Suggestion[] }>('/users/suggestions')).data;
}

/** People you may know, best first (the server ranks by mutual connections, hashtags, place). */
export function useSuggestionsQuery(enabled = true) {
  return useQuery({
    queryKey: networkKeys.suggestions,
    queryFn: getSuggestions,
    staleTime: networkStaleTimes.suggestions,
    enabled,
  });
}
