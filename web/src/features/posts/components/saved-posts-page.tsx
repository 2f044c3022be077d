import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { PostList } from './post-list';

/** /savedposts: what I saved, newest saved first; unsave from the card. */
export function SavedPostsPage({ viewerId }: { viewerId: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Saved posts</h1>
      <PostList
        list={{ saved: true }}
        viewerId={viewerId}
        empty={
          <>
            <p className="font-semibold text-slate-900">Nothing saved yet</p>
            <p className="text-sm text-slate-600">Use Save on a post to keep it here.</p>
            <Link to={paths.home} className="mt-2 text-sm font-medium text-brand-700 hover:underline">
              Browse the feed
            </Link>
          </>
        }
      />
    </div>
  );
}
