import type { Post } from '@muster/contract/posts';
import {
  type InfiniteData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { getPosts, type PostList, type PostsPage } from './get-posts';
import { postKeys } from './post-keys';

type FeedData = InfiniteData<PostsPage, string | undefined>;

const homeFeed: PostList = { feed: true };
const none: string[] = [];
/** Enough to know there is something new; the pill does not count them. */
const REMEMBERED = 100;

/**
 * A post.created event (a post in my network): remembered for the "New posts" pill while the home
 * feed is on screen. Elsewhere it is not needed (the feed refetches when it is opened), nor for my
 * own posts (writing one already refreshed the feed).
 */
export function noteNewFeedPost(
  queryClient: QueryClient,
  post: { _id: string; authorId: string },
  viewerId: string,
) {
  if (post.authorId === viewerId) return;
  if (
    !queryClient
      .getQueryCache()
      .find({ queryKey: postKeys.list(homeFeed), exact: true })
      ?.isActive()
  )
    return;
  queryClient.setQueryData<string[]>(postKeys.newInFeed, (ids = none) =>
    ids.includes(post._id) ? ids : [post._id, ...ids].slice(0, REMEMBERED),
  );
}

/** Announced posts not in the loaded feed yet (one the feed fetched by itself is not new). */
export function useNewFeedPosts(loaded: Post[]): string[] {
  const { data } = useQuery({
    queryKey: postKeys.newInFeed,
    queryFn: () => none,
    enabled: false,
    initialData: none,
  });
  if (!data.length) return none;
  const known = new Set(loaded.map((p) => p._id));
  return data.filter((id) => !known.has(id));
}

/**
 * The newest page put in front of the loaded feed, each post once. When none of it is already
 * loaded, more arrived than a page holds and the pages below no longer join up with it, so the
 * feed starts again from the newest page.
 */
export function withNewestPage(data: FeedData | undefined, newest: PostsPage): FeedData {
  const [first, ...rest] = data?.pages ?? [];
  const known = new Set(data?.pages.flatMap((p) => p.data.map((post) => post._id)));
  if (!data || !first || !newest.data.some((p) => known.has(p._id)))
    return { pages: [newest], pageParams: [undefined] };
  const added = newest.data.filter((p) => !known.has(p._id));
  return { ...data, pages: [{ ...first, data: [...added, ...first.data] }, ...rest] };
}

/**
 * The pill's click: fetches the feed's first page only (not every page loaded, as a refetch of
 * the infinite list would) and slides the new posts in at the top. Answers the ids that came in.
 */
export function useShowNewFeedPostsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const key = postKeys.list(homeFeed);
      const newest = await getPosts(homeFeed);
      const before = new Set(
        queryClient.getQueryData<FeedData>(key)?.pages.flatMap((p) => p.data.map((post) => post._id)),
      );
      queryClient.setQueryData<FeedData>(key, (data) => withNewestPage(data, newest));
      queryClient.setQueryData(postKeys.newInFeed, none);
      return newest.data.map((p) => p._id).filter((id) => !before.has(id));
    },
  });
}
