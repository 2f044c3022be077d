import type { Post } from '@muster/contract/posts';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import type { PostsPage } from './get-posts';
import { withNewestPage } from './new-feed-posts';
import { boardKeys } from './post-keys';

/** The board's filters as the page holds them ('' = none). */
export type BoardFilters = { category: string; place: string };

type BoardData = InfiniteData<PostsPage, string | undefined>;

export function getEmergencyBoard(filters: BoardFilters, cursor?: string): Promise<PostsPage> {
  const query = new URLSearchParams();
  if (filters.category.trim()) query.set('category', filters.category.trim());
  if (filters.place.trim()) query.set('place', filters.place.trim());
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  return api.get<PostsPage>(`/posts/emergency${qs ? `?${qs}` : ''}`);
}

/**
 * `/journalist`'s list. Live: the socket says when something new is posted (showNewBoardPosts);
 * while it is down the board polls every 30 s like every live list, and a reconnect refetches it.
 */
export function useEmergencyBoardQuery(filters: BoardFilters) {
  return useInfiniteQuery({
    queryKey: boardKeys.list(filters),
    queryFn: ({ pageParam }) => getEmergencyBoard(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    ...useLiveQueryOptions(),
  });
}

/**
 * A `board.posted` event: the open board fetches its newest page — with its filters, and only
 * what this viewer may see, as the server decides — and puts the posts it did not show yet on top.
 * Answers those posts (none when no board is open, or the new post is not for these filters).
 */
export async function showNewBoardPosts(queryClient: QueryClient, filters: BoardFilters): Promise<Post[]> {
  const key = boardKeys.list(filters);
  if (!queryClient.getQueryCache().find({ queryKey: key, exact: true })?.isActive()) return [];
  const newest = await getEmergencyBoard(filters);
  const shown = new Set(
    queryClient.getQueryData<BoardData>(key)?.pages.flatMap((p) => p.data.map((post) => post._id)),
  );
  queryClient.setQueryData<BoardData>(key, (data) => withNewestPage(data, newest));
  return newest.data.filter((p) => !shown.has(p._id));
}
