import type { Post } from '@muster/contract/posts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from './post-keys';

type Page = { data: Post[]; meta: { nextCursor: string | null } };

/**
 * Applies a change to one post wherever it is cached — every list and its detail — so a like or
 * a save shows at once on every screen (optimistic: post-toggle.ts).
 */
export function updateCachedPost(queryClient: QueryClient, id: string, change: (post: Post) => Post) {
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: postKeys.lists }, (data) =>
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
  queryClient.setQueriesData<InfiniteData<Page>>({ queryKey: postKeys.lists }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.filter((post) => post._id !== id) })) }
      : data,
  );
  queryClient.removeQueries({ queryKey: postKeys.detail(id) });
}

/** The post as cached: its own page's copy, else the first list's that holds it. */
export function findCachedPost(queryClient: QueryClient, id: string): Post | undefined {
  const own = queryClient.getQueryData<Post>(postKeys.detail(id));
  if (own) return own;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<Page>>({ queryKey: postKeys.lists })) {
    const post = data?.pages.flatMap((p) => p.data).find((p) => p._id === id);
    if (post) return post;
  }
  return undefined;
}
