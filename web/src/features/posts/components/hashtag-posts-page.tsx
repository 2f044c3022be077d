import { Hash } from 'lucide-react';
import { useParams } from 'react-router';
import { PostList } from './post-list';

/** /hashtag/{hashtag}: the posts that use it. */
export function HashtagPostsPage({ viewerId }: { viewerId: string }) {
  const { hashtag = '' } = useParams();
  const tag = hashtag.toLowerCase();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="mb-4 flex items-center gap-2 text-2xl font-bold text-slate-900"><Hash className="size-6 text-brand-600" aria-hidden="true" />{tag}</h1>
      <PostList key={tag} list={{ hashtag: tag }} viewerId={viewerId} empty={<p className="text-sm text-slate-600">No posts use #{tag} yet. Be the first: add it to your next post.</p>} />
    </div>
  );
}
