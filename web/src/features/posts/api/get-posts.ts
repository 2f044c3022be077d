import type { Post } from '@muster/contract/posts';
import type { SessionUser } from '@muster/contract/users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { takeEarlyGet } from '../../../lib/early-get';
import { sessionKeys } from '../../../lib/session-keys';
import { postKeys } from './post-keys';
import { listUrl, type PostList } from './post-list-url';

export type PostsPage = { data: Post[]; meta: { nextCursor: string | null } };

export type { PostList };

export function getPosts(list: PostList, cursor?: string): Promise<PostsPage> {
  const url = listUrl(list);
  return api.get<PostsPage>(
    cursor ? `${url}${url.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : url,
  );
}

/**
 * A list of posts, page by page. The first page of the home feed may already be on its way
 * (app/boot.ts asks for it once the session check answers): the first fetch takes that answer if
 * it was asked for the person signed in now (lib/early-get.ts), so it is one request, not two.
 */
export function usePostsQuery(list: PostList) {
  return useInfiniteQuery({
    queryKey: postKeys.list(list),
    queryFn: ({ pageParam, client }) =>
      (pageParam === undefined
        ? takeEarlyGet<PostsPage>(listUrl(list), client.getQueryData<SessionUser>(sessionKeys.me)?._id)
        : undefined) ?? getPosts(list, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
