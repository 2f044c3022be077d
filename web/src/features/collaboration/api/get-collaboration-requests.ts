import type { CollaborationCategoryId, CollaborationRequest } from '@muster/contract/collaboration';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys } from './collaboration-keys';

type Page = { data: CollaborationRequest[]; meta: { nextCursor: string | null } };

export function getCollaborationRequests(
  categoryId: CollaborationCategoryId,
  cursor?: string,
): Promise<Page> {
  const base = categoryId === 'all' ? '/collaboration' : `/collaboration/category/${categoryId}`;
  return api.get<Page>(cursor ? `${base}?cursor=${encodeURIComponent(cursor)}` : base);
}

export function useCollaborationRequestsQuery(categoryId: CollaborationCategoryId) {
  return useInfiniteQuery({
    queryKey: collaborationKeys.list(categoryId),
    queryFn: ({ pageParam }) => getCollaborationRequests(categoryId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
