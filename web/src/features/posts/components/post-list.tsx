import type { Post } from '@muster/contract/posts';
import { ArrowUp, Inbox } from 'lucide-react';
import { useState } from 'react';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { type PostList as PostListKind, usePostsQuery } from '../api/get-posts';
import { useNewFeedPosts, useShowNewFeedPostsMutation } from '../api/new-feed-posts';
import { type MissionAction, PostCard } from './post-card';

export function PostSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5" aria-hidden="true">
      <div className="flex gap-3"><div className="size-11 rounded-full bg-slate-200" /><div className="flex-1 space-y-2"><div className="h-3 w-40 rounded bg-slate-200" /><div className="h-3 w-24 rounded bg-slate-100" /></div></div>
      <div className="mt-4 space-y-2"><div className="h-3 rounded bg-slate-100" /><div className="h-3 w-5/6 rounded bg-slate-100" /></div>
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
    <div role="status" className={`pointer-events-none sticky top-16 z-20 flex justify-center md:top-20 ${fresh.length ? 'pb-3' : ''}`}>
      {fresh.length > 0 && (
        <button type="button" disabled={show.isPending}
          onClick={() => show.mutate(undefined, {
            onSuccess: (ids) => {
              onShown(ids);
              const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
              window.scrollTo({ top: 0, behavior: still ? 'auto' : 'smooth' });
            },
          })}
          className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white shadow-lg ring-1 ring-brand-700/20 hover:bg-brand-700 disabled:opacity-80">
          <ArrowUp className="size-4" aria-hidden="true" /> {show.isPending ? 'Loading...' : 'New posts'}
        </button>
      )}
    </div>
  );
}

/**
 * A list of posts that loads the next page as its end scrolls into view. The home feed passes
 * `announceNewPosts` for the "New posts" pill.
 */
export function PostList({ list, viewerId, empty, missionAction, announceNewPosts = false }: { list: PostListKind; viewerId: string; empty: React.ReactNode; missionAction?: MissionAction; announceNewPosts?: boolean }) {
  const query = usePostsQuery(list);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const sentinel = useLoadMoreOnScroll(query);
  const { hasNextPage, isFetchingNextPage } = query;

  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading posts">
        <PostSkeleton /><PostSkeleton />
      </div>
    );
  }
  if (query.isError) return <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">Couldn't load posts. Please try again.</p>;
  const posts = query.data.pages.flatMap((p) => p.data);
  const pill = announceNewPosts && <NewPostsPill loaded={posts} onShown={(ids) => setArrived(new Set(ids))} />;
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
        {posts.map((post) => (
          <div key={post._id} className={arrived.has(post._id) ? 'motion-safe:animate-slide-in' : undefined}>
            <PostCard post={post} viewerId={viewerId} missionAction={missionAction} />
          </div>
        ))}
        <div ref={sentinel} />
        {isFetchingNextPage && <PostSkeleton />}
        {!hasNextPage && posts.length > 5 && <p className="py-4 text-center text-sm text-slate-500">You're all caught up.</p>}
      </div>
    </div>
  );
}
