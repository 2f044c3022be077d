import { FileX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePostQuery } from '../api/get-post';
import { PostCard } from './post-card';

/** /post/{postId}: the card with all its comments. */
export function SinglePostPage({ viewerId }: { viewerId: string }) {
  const { postId = '' } = useParams();
  const query = usePostQuery(postId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="sr-only">Post</h1>
      {query.isPending ? (
        <div role="status" className="flex justify-center py-20"><span className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" /><span className="sr-only">Loading…</span></div>
      ) : query.isError || !query.data ? (
        <div className="flex flex-col items-center gap-3 py-20 text-center">
          <FileX className="size-10 text-slate-300" aria-hidden="true" />
          <p className="text-lg font-semibold text-slate-900">This post no longer exists</p>
          <Link to={paths.home} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">Back to the feed</Link>
        </div>
      ) : (
        <PostCard post={query.data} viewerId={viewerId} showAllComments />
      )}
    </div>
  );
}
