import { Check, Hash, Plus } from 'lucide-react';
import { useParams } from 'react-router';
import { useFollowedHashtagsQuery, useFollowHashtagMutation } from '../api/follow-hashtag';
import { PostList } from './post-list';

/** /hashtag/{hashtag}: the posts that use it. */
export function HashtagPostsPage({ viewerId }: { viewerId: string }) {
  const { hashtag = '' } = useParams();
  const tag = hashtag.toLowerCase();
  const followed = useFollowedHashtagsQuery();
  const follow = useFollowHashtagMutation();
  const following = followed.data?.includes(tag) ?? false;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex min-w-0 items-center gap-2 break-all text-2xl font-bold text-slate-900">
          <Hash className="size-6 shrink-0 text-brand-600" aria-hidden="true" />
          {tag}
        </h1>
        <button
          type="button"
          aria-pressed={following}
          disabled={followed.isPending}
          onClick={() => follow.tap(tag)}
          className={`inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold ${following ? 'border border-slate-300 text-slate-700 hover:bg-slate-50' : 'bg-brand-600 text-white hover:bg-brand-700'}`}
        >
          {following ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <Plus className="size-4" aria-hidden="true" />
          )}{' '}
          {following ? 'Following' : 'Follow'}
        </button>
      </div>
      <PostList
        key={tag}
        list={{ hashtag: tag }}
        viewerId={viewerId}
        empty={
          <p className="text-sm text-slate-600">
            No posts use #{tag} yet. Be the first: add it to your next post.
          </p>
        }
      />
    </div>
  );
}
