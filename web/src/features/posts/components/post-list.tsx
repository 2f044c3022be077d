import { Inbox } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { type PostList as PostListKind, usePostsQuery } from '../api/get-posts';
import { type MissionAction, PostCard } from './post-card';

function PostSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl border border-slate-200 bg-white p-5" aria-hidden="true">
      <div className="flex gap-3"><div className="size-11 rounded-full bg-slate-200" /><div className="flex-1 space-y-2"><div className="h-3 w-40 rounded bg-slate-200" /><div className="h-3 w-24 rounded bg-slate-100" /></div></div>
      <div className="mt-4 space-y-2"><div className="h-3 rounded bg-slate-100" /><div className="h-3 w-5/6 rounded bg-slate-100" /></div>
    </div>
  );
}

/** A list of posts that loads the next page as its end scrolls into view. */
export function PostList({ list, viewerId, empty, missionAction }: { list: PostListKind; viewerId: string; empty: React.ReactNode; missionAction?: MissionAction }) {
  const query = usePostsQuery(list);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '600px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) {
    return (
      <div className="space-y-4" role="status" aria-label="Loading posts">
        <PostSkeleton /><PostSkeleton />
      </div>
    );
  }
  if (query.isError) return <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">Couldn't load posts. Please try again.</p>;
  const posts = query.data.pages.flatMap((p) => p.data);
  if (!posts.length) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Inbox className="size-9 text-slate-300" aria-hidden="true" />
        {empty}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {posts.map((post) => <PostCard key={post._id} post={post} viewerId={viewerId} missionAction={missionAction} />)}
      <div ref={sentinel} />
      {isFetchingNextPage && <PostSkeleton />}
      {!hasNextPage && posts.length > 5 && <p className="py-4 text-center text-sm text-slate-500">You're all caught up.</p>}
    </div>
  );
}
