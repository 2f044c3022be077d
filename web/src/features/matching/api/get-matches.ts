import type { MyMatches } from '@muster/contract/matching';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { matchKeys } from './match-keys';

export async function getMatches(): Promise<MyMatches[]> {
  return (await api.get<{ data: MyMatches[] }>('/matches')).data;
}

/** My open needs, wants and provisions with their best matches; a matchFound notice refetches it (realtime.ts). */
export function useMatchesQuery() {
  return useQuery({ queryKey: matchKeys.all, queryFn: getMatches });
}
