import type { Post } from '@muster/contract/posts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from './get-posts';

type Page = { data: Post[]; meta: { nextCursor: string | null } };

/**
 * Applies a change to one post wherever it is cached — every list and its detail — so a like or
 * a save shows at once on every screen (optimistic, rolled back by invalidation on failure).
 */
export function updateCachedPost(queryClient: QueryClient, id: string, change: (post: Post) => Post) {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: [...postKeys.all, 'list'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            data: p.data.map((post) => (post._id === id ? change(post) : post)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Post>(postKeys.detail(id), (post) => (post ? change(post) : post));
}

export function removeCachedPost(queryClient: QueryClient, id: string) {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: [...postKeys.all, 'list'] }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((post) => post._id !== id) })) }
      : data,
  );
  queryClient.removeQueries({ queryKey: postKeys.detail(id) });
}
