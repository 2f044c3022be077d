import type { Post } from '@muster/contract/posts';
import { ListError } from '../../../components/list-error';
import { ArrowUp, Inbox } from 'lucide-react';
import { memo, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { useNear } from '../../../lib/use-near';
import { type PostList as PostListKind, usePostsQuery } from '../api/get-posts';
import { useNewFeedPosts, useShowNewFeedPostsMutation } from '../api/new-feed-posts';
import { type MissionAction, PostCard } from './post-card';

export function PostSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5" aria-hidden="true">
      <div className="flex gap-3">
        <div className="size-11 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-3 w-40 rounded bg-slate-200" />
          <div className="h-3 w-24 rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-4 space-y-2">
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
      </div>
    </div>
  );
}

/**
 * The home feed's "New posts" pill: posts the socket announced (new-feed-posts.ts) wait behind it
 * rather than pushing what I am reading down; pressing it slides them in at the top and scrolls
 * there. It stays under the top bar while I scroll; the status region announces it.
 */
function NewPostsPill({ loaded, onShown }: { loaded: Post[]; onShown: (ids: string[]) => void }) {
  const fresh = useNewFeedPosts(loaded);
  const show = useShowNewFeedPostsMutation();
  return (
    // In the flow above the first post (it covers nothing at rest), sticky under the top bar once
    // scrolled; the wrapper lets clicks through to the posts beside the pill.
    <div
      role="status"
      className={`pointer-events-none sticky top-16 z-20 flex justify-center md:top-20 ${fresh.length ? 'pb-3' : ''}`}
    >
      {fresh.length > 0 && (
        <button
          type="button"
          disabled={show.isPending}
          onClick={() =>
            show.mutate(undefined, {
              onSuccess: (ids) => {
                onShown(ids);
                const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                window.scrollTo({ top: 0, behavior: still ? 'auto' : 'smooth' });
              },
            })
          }
          className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white shadow-lg ring-1 ring-brand-700/20 hover:bg-brand-700 disabled:opacity-80"
        >
          <ArrowUp className="size-4" aria-hidden="true" /> {show.isPending ? 'Loading...' : 'New posts'}
        </button>
      )}
    </div>
  );
}

/**
 * Cards in the first render of a list, and in each render after it (decision 027): one card a
 * task, since Lighthouse counts each task's time over 50 ms (×4 on a phone) as blocking, and three
 * cards a task were each over it.
 */
const FIRST_POSTS = 2;
const MORE_POSTS = 1;
/** How far below the screen the list's end may be while cards are still added: one screen more. */
const RENDER_AHEAD = '0px 0px 100% 0px';

/**
 * How many of `total` posts to render yet: a few at first, then one more each time the main
 * thread is free, while the list's end is within a screen of being seen (`nearEnd`). Twenty cards
 * in one render were the home page's longest task on a phone (Lighthouse's total blocking time);
 * a card at a time, the page answers taps between them. Each next card is rendered in a
 * transition, which React splits into slices of a few milliseconds (yielding to the browser
 * between them) where an ordinary update renders in one task: on a slow phone a card was a task
 * of 0.1 s or more, all of it blocking time (decision 027). And cards no one has scrolled near
 * wait: each one added was a render, a commit and a layout of the page, ~15–40 ms here, in the
 * seconds a phone's first screen is judged by (decision 037).
 */
function useRenderedCount(total: number, nearEnd: boolean): number {
  const [count, setCount] = useState(FIRST_POSTS);
  useEffect(() => {
    if (count >= total || !nearEnd) return;
    const more = () => startTransition(() => setCount((c) => c + MORE_POSTS));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(more, { timeout: 250 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(more, 0);
    return () => window.clearTimeout(id);
  }, [count, total, nearEnd]);
  return Math.min(count, total);
}

/**
 * One card of the list; memoised, so each next card (useRenderedCount) renders only itself
 * rather than every card above it again.
 */
const PostRow = memo(function PostRow({
  post,
  viewerId,
  missionAction,
  arrived,
}: {
  post: Post;
  viewerId: string;
  missionAction?: MissionAction;
  arrived: boolean;
}) {
  return (
    // A card off the screen is laid out and painted only when scrolled near: on a phone even the
    // first ones are below home's composer and panels, and laying out two cards was a task of
    // ~0.17 s under Lighthouse's slowdown (decision 032).
    <div
      className={`${arrived ? 'motion-safe:animate-slide-in' : ''} [contain-intrinsic-size:auto_24rem] [content-visibility:auto]`}
    >
      <PostCard post={post} viewerId={viewerId} missionAction={missionAction} />
    </div>
  );
});

/**
 * A list of posts that loads the next page as its end scrolls into view. The home feed passes
 * `announceNewPosts` for the "New posts" pill.
 */
export function PostList({
  list,
  viewerId,
  empty,
  missionAction,
  announceNewPosts = false,
}: {
  list: PostListKind;
  viewerId: string;
  empty: React.ReactNode;
  missionAction?: MissionAction;
  announceNewPosts?: boolean;
}) {
  const query = usePostsQuery(list);
  // A page of posts is rendered in a transition (time-sliced, see useRenderedCount) rather than in
  // the query's own update, which React renders in one task: until then the list shows what it
  // showed before (the skeleton, or the pages before this one).
  const data = useDeferredValue(query.data);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const loaded = data?.pages.flatMap((p) => p.data).length ?? 0;
  const [end, setEnd] = useState<HTMLDivElement | null>(null);
  const nearEnd = useNear(end, RENDER_AHEAD);
  const rendered = useRenderedCount(loaded, nearEnd);
  const sentinel = useLoadMoreOnScroll(query, rendered >= loaded);
  const { hasNextPage, isFetchingNextPage } = query;

  if (query.isError) return <ListError query={query} what="posts" />;
  if (!data) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }
  const posts = data.pages.flatMap((p) => p.data);
  const pill = announceNewPosts && (
    <NewPostsPill loaded={posts} onShown={(ids) => setArrived(new Set(ids))} />
  );
  if (!posts.length) {
    return (
      <div>
        {pill}
        <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Inbox className="size-9 text-slate-300" aria-hidden="true" />
          {empty}
        </div>
      </div>
    );
  }
  return (
    <div>
      {pill}
      <div className="space-y-4">
        {posts.slice(0, rendered).map((post) => (
          <PostRow
            key={post._id}
            post={post}
            viewerId={viewerId}
            missionAction={missionAction}
            arrived={arrived.has(post._id)}
          />
        ))}
        <div ref={setEnd} />
        {/* Only while cards are being added: a skeleton left below them pulsed for as long as the
            page was open, repainting it every frame for no one (decision 037). */}
        {rendered < posts.length && nearEnd && <PostSkeleton />}
        {/* The next page is asked for only once every loaded card is on the page. */}
        <div ref={sentinel} />
        {isFetchingNextPage && <PostSkeleton />}
        {!hasNextPage && rendered === posts.length && posts.length > 5 && (
          <p className="py-4 text-center text-sm text-slate-500">You're all caught up.</p>
        )}
      </div>
    </div>
  );
}
