import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useTrendingHashtagsQuery } from '../api/get-trending-hashtags';

/** Spec §2 "Trending hashtags panel", every state. */
export function TrendingHashtagsPanel() {
  const query = useTrendingHashtagsQuery();
  const tags = query.data ?? [];
  return (
    <section aria-labelledby="trending-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id="trending-heading" className="font-semibold text-slate-900">Trending Hashtags</h2>
        <Link to={paths.hashtags} className="text-sm font-medium text-brand-700 hover:underline">See all</Link>
      </div>
      {query.isPending ? (
        <ul className="mt-3 space-y-3" aria-label="Loading trending hashtags">
          {[0, 1, 2, 3, 4].map((i) => <li key={i} className="h-4 animate-pulse rounded bg-slate-100" />)}
        </ul>
      ) : query.isError ? (
        <p className="mt-3 text-sm text-slate-600">Couldn't load trending hashtags</p>
      ) : tags.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No trending hashtags found</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {tags.slice(0, 5).map((t) => (
            <li key={t.name}>
              <Link to={paths.hashtag(t.name)} className="flex items-center justify-between py-2 text-sm hover:text-brand-700">
                <span className="font-medium text-slate-900">#{t.name}</span>
                <span className="text-slate-500">{t.count} posts</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {tags.length > 5 && <Link to={paths.hashtags} className="mt-2 block text-sm font-medium text-brand-700 hover:underline md:hidden">View all hashtags</Link>}
    </section>
  );
}
