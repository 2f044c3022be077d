import type { Post } from '@muster/contract/posts';
import { FileX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { usePostQuery } from '../api/get-post';
import { PostCard } from './post-card';

/** "Rafael Costa: Trucks to move seed stock", or the start of its text when it has no title. */
function postHeading(post: Post): string {
  const about = post.title || post.content.replace(/\s+/g, ' ').trim();
  const name = personName(post.author);
  if (!about) return `Post by ${name}`;
  return `${name}: ${about.length > 60 ? `${about.slice(0, 59).trimEnd()}…` : about}`;
}

/** /post/{postId}: the card with all its comments. */
export function SinglePostPage({ viewerId }: { viewerId: string }) {
  const { postId = '' } = useParams();
  const query = usePostQuery(postId);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      {/* Also the document title (decision 038): whose post, and what it is about. */}
      <h1 className="sr-only" aria-busy={query.isPending}>
        {query.data ? postHeading(query.data) : query.isError ? 'Post not found' : 'Post'}
      </h1>
      {query.isPending ? (
        <div role="status" className="flex justify-center py-20">
          <span
            className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
            aria-hidden="true"
          />
          <span className="sr-only">Loading…</span>
        </div>
      ) : query.isError || !query.data ? (
        <div className="flex flex-col items-center gap-3 py-20 text-center">
          <FileX className="size-10 text-slate-300" aria-hidden="true" />
          <p className="text-lg font-semibold text-slate-900">This post no longer exists</p>
          <Link
            to={paths.home}
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Back to the feed
          </Link>
        </div>
      ) : (
        <PostCard post={query.data} viewerId={viewerId} showAllComments />
      )}
    </div>
  );
}
