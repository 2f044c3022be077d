import { Hash } from 'lucide-react';
import { ListError } from '../../../components/list-error';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useAllHashtagsQuery } from '../api/get-trending-hashtags';

/** /hashtags: every hashtag used this week; the count is posts + needs + provisions (spec §3). */
export function HashtagsPage() {
  const query = useAllHashtagsQuery();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Hashtags</h1>
      <p className="mt-1 text-sm text-slate-600">What people are talking about this week.</p>
      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {query.isPending ? (
          <p role="status" className="p-5 text-sm text-slate-600">
            Loading hashtags…
          </p>
        ) : query.isError ? (
          <ListError
            query={query}
            what="trending hashtags"
            message="Couldn't load trending hashtags"
            className="m-4"
          />
        ) : !query.data.length ? (
          <div className="flex flex-col items-center gap-2 p-10 text-center">
            <Hash className="size-9 text-slate-300" aria-hidden="true" />
            <p className="text-sm text-slate-600">No trending hashtags found</p>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {query.data.map((h) => (
              <li key={h.name}>
                <Link
                  to={paths.hashtag(h.name)}
                  className="flex items-center justify-between px-5 py-3 hover:bg-slate-50"
                >
                  <span className="font-medium text-slate-900">#{h.name}</span>
                  <span className="text-sm text-slate-500">
                    {h.postCount + h.needCount + h.provisionCount} posts
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
