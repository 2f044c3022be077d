import type { Connection } from '@muster/contract/network';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys, networkStaleTimes } from './network-keys';

type Page = { data: Connection[]; meta: { nextCursor: string | null } };

export function getPersonConnections(userId: string, cursor?: string): Promise<Page> {
  const url = `/users/${encodeURIComponent(userId)}/connections`;
  return api.get<Page>(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url);
}

/** Someone's connections, as their privacy setting lets me see them (a profile's Connections tab). */
export function usePersonConnectionsQuery(userId: string) {
  return useInfiniteQuery({
    queryKey: networkKeys.connectionsOf(userId),
    queryFn: ({ pageParam }) => getPersonConnections(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    staleTime: networkStaleTimes.personConnections,
  });
}
