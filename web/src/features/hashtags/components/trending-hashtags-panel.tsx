import { useId } from 'react';
import { ListError } from '../../../components/list-error';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useIdle } from '../../../lib/use-idle';
import { useAllHashtagsQuery, useTrendingHashtagsQuery } from '../api/get-trending-hashtags';

/**
 * The spec's small screen ends at 768 px (Tailwind's md:). Home moves the panel to its right column
 * only from 1024 px, so between the two it is inline but not "small": See all is its link there, as
 * on the desktop (decision 048).
 */
const NOT_SMALL = '(min-width: 768px)';
const PANEL_ROWS = 5;

/**
 * Spec §2 "Trending hashtags panel", every state. `inline` is the panel as small screens show it,
 * above the feed: there a 'View all hashtags' link follows the rows when more than 5 hashtags are
 * trending. The panel's own list stops at 5, so whether there are more is asked of the full list
 * (the one /hashtags shows, so opening it is then instant), and only on a small screen. Both are
 * asked for at the start-up's panels step, after a tab's first screen (lib/use-idle.ts).
 */
export function TrendingHashtagsPanel({ variant = 'aside' }: { variant?: 'aside' | 'inline' }) {
  const idle = useIdle();
  const query = useTrendingHashtagsQuery(idle);
  const small = !useMediaQuery(NOT_SMALL) && variant === 'inline';
  const all = useAllHashtagsQuery(idle && small);
  const tags = query.data ?? [];
  const more = small && (all.data?.length ?? 0) > PANEL_ROWS;
  // One heading id per panel, wherever it is rendered (home picks the column by width).
  const heading = useId();
  return (
    <section aria-labelledby={heading} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between">
        <h2 id={heading} className="font-semibold text-slate-900">
          Trending Hashtags
        </h2>
        <Link to={paths.hashtags} className="text-sm font-medium text-brand-700 hover:underline">
          See all
        </Link>
      </div>
      {query.isPending ? (
        // As tall as the loaded rows, so the feed below does not move when they arrive (CLS).
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Loading trending hashtags">
          {[0, 1, 2, 3, 4].map((i) => (
            <li key={i} className="py-2">
              <div className="h-5 animate-pulse rounded bg-slate-100" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ListError
          query={query}
          what="trending hashtags"
          message="Couldn't load trending hashtags"
          className="mt-3"
        />
      ) : tags.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No trending hashtags found</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {tags.slice(0, PANEL_ROWS).map((t) => (
            <li key={t.name}>
              <Link
                to={paths.hashtag(t.name)}
                className="flex items-center justify-between gap-3 py-2 text-sm hover:text-brand-700"
              >
                <span className="min-w-0 truncate font-medium text-slate-900">#{t.name}</span>{' '}
                <span className="shrink-0 text-slate-500">{t.count} posts</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Link
          to={paths.hashtags}
          className="mt-2 block text-sm font-medium text-brand-700 hover:underline md:hidden"
        >
          View all hashtags
        </Link>
      )}
    </section>
  );
}
