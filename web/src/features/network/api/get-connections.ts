import type { Connection } from '@muster/contract/network';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { networkKeys } from './network-keys';

type Page = { data: Connection[]; meta: { nextCursor: string | null } };

export function getConnections(cursor?: string): Promise<Page> {
  return api.get<Page>(cursor ? `/connections?cursor=${encodeURIComponent(cursor)}` : '/connections');
}

/** My connections, newest first, a page at a time. */
export function useConnectionsQuery() {
  return useInfiniteQuery({
    queryKey: networkKeys.connections,
    queryFn: ({ pageParam }) => getConnections(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
