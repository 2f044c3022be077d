import type { Post, PostKind } from '@muster/contract/posts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PostsPage = { data: Post[]; meta: { nextCursor: string | null } };

/**
 * Which list: the home feed, one kind (hunts), a hashtag's posts, my saved posts, a person's posts
 * (`kind: 'needs'`: only their needs, wants and provisions, the profile's Needs & Provisions tab).
 */
export type PostList = { feed: true; kind?: PostKind } | { hashtag: string } | { saved: true } | { author: string; kind?: 'needs' } | { mission: string };

export const postKeys = {
  all: ['posts'] as const,
  list: (list: PostList) => ['posts', 'list', list] as const,
  detail: (id: string) => ['posts', 'detail', id] as const,
  comments: (id: string) => ['posts', 'comments', id] as const,
  /** Ids of posts the socket announced for my home feed, not loaded yet (client state, never fetched). */
  newInFeed: ['posts', 'new-in-feed'] as const,
};

function listUrl(list: PostList): string {
  if ('hashtag' in list) return `/posts/hashtag/${encodeURIComponent(list.hashtag)}`;
  if ('saved' in list) return '/posts/saved';
  if ('author' in list) return `/posts/user/${encodeURIComponent(list.author)}${list.kind ? `?kind=${list.kind}` : ''}`;
  // A mission's updates timeline (newest first), served by the missions feature.
  if ('mission' in list) return `/missions/${encodeURIComponent(list.mission)}/updates`;
  return list.kind ? `/posts/feed?kind=${list.kind}` : '/posts/feed';
}

export function getPosts(list: PostList, cursor?: string): Promise<PostsPage> {
  const url = listUrl(list);
  return api.get<PostsPage>(cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url);
}

export function usePostsQuery(list: PostList) {
  return useInfiniteQuery({
    queryKey: postKeys.list(list),
    queryFn: ({ pageParam }) => getPosts(list, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
