import type { AdvancedSearchResult } from '@muster/contract/search';
import {
  extractSearchHashtags,
  RECENT_PROFILES_SHOWN,
  SEARCH_HISTORY_SHOWN,
  SEARCH_PREVIEW,
  SEARCH_TRENDING_INLINE,
  SEARCH_TRENDING_PANEL,
} from '@muster/contract/search-constants';
import { Clock, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSearchTrendingQuery } from '../api/advanced-search';
import {
  clearSearchHistory,
  hasMoreThanPreview,
  isEmptyResult,
  readRecentProfiles,
  readSearchHistory,
  searchSectionPath,
  type PreviewSection,
} from '../lib/search-rules';
import {
  CategoryResult,
  HashtagResult,
  ITEM,
  MissionResult,
  NoResults,
  PersonResult,
  RemoteRowLink,
  SearchPrompt,
} from './search-rows';

/** What the /search pages read from navigation state. */
/** `verifiedFirst`: the results page's "Verified organisations first" (decision 069). */
export type SearchState = { query?: string; category?: string; verifiedFirst?: boolean };

function Section({
  title,
  more,
  onOpen,
  children,
}: {
  title: string;
  more?: { to: string; state?: SearchState } | null;
  onOpen?: () => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="py-2">
      <div className="flex items-center justify-between px-3 pb-1">
        <h3 id={id} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {title}
        </h3>
        {more && (
          <Link
            {...ITEM}
            to={more.to}
            state={more.state}
            onClick={onOpen}
            className="rounded text-xs font-semibold text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            View All
          </Link>
        )}
      </div>
      <ul>{children}</ul>
    </section>
  );
}

function TrendingSection({ rows, onOpen }: { rows: number; onOpen: () => void }) {
  const trending = useSearchTrendingQuery();
  const tags = trending.data ?? [];
  if (trending.isPending)
    return (
      <div
        role="status"
        aria-label="Loading trending hashtags"
        className="mx-3 my-2 h-16 animate-pulse rounded-xl bg-slate-100"
      />
    );
  // Spec §8: a failed trending list falls back to nothing rather than an error in the box.
  if (tags.length === 0) return null;
  return (
    <Section
      title="Trending Hashtags"
      more={tags.length > rows ? { to: paths.hashtags } : null}
      onOpen={onOpen}
    >
      {tags.slice(0, rows).map((t) => (
        <li key={t.name}>
          <HashtagResult name={t.name} count={t.count} onOpen={onOpen} />
        </li>
      ))}
    </Section>
  );
}

/** With no query: recent searches, recently viewed profiles, trending, and the invitation to search. */
function Idle({ onPick, onOpen }: { onPick: (q: string) => void; onOpen: () => void }) {
  const [history, setHistory] = useState(readSearchHistory);
  const [recents] = useState(readRecentProfiles);
  const shown = history.slice(0, SEARCH_HISTORY_SHOWN);
  const people = recents.slice(0, RECENT_PROFILES_SHOWN);
  const historyId = useId();
  return (
    <>
      {shown.length > 0 && (
        <section aria-labelledby={historyId} className="py-2">
          <div className="flex items-center justify-between px-3 pb-1">
            <h3 id={historyId} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Recent Searches
            </h3>
            <button
              {...ITEM}
              type="button"
              className="rounded text-xs font-semibold text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500"
              onClick={() => {
                clearSearchHistory();
                setHistory([]);
              }}
            >
              Clear All
            </button>
          </div>
          <ul>
            {shown.map((q) => (
              <li key={q}>
                <button
                  {...ITEM}
                  type="button"
                  onClick={() => onPick(q)}
                  className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
                >
                  <Clock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
                  <span className="truncate">{q}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {people.length > 0 && (
        <Section title="Recently Viewed">
          {people.map((p) => (
            <li key={p._id}>
              <PersonResult user={p} onOpen={onOpen} />
            </li>
          ))}
        </Section>
      )}
      <TrendingSection rows={SEARCH_TRENDING_PANEL} onOpen={onOpen} />
      <SearchPrompt />
    </>
  );
}

/** Another Muster's listings the dropdown shows (decision 089); the results page lists them all. */
const REMOTE_PREVIEW = 2;

function more(section: PreviewSection, count: number, to: string, state: SearchState) {
  return hasMoreThanPreview(section, count) ? { to, state } : null;
}

function Results({ query, data, onOpen }: { query: string; data: AdvancedSearchResult; onOpen: () => void }) {
  const state: SearchState = { query };
  const hashtags = extractSearchHashtags(query).length > 0 ? (data.hashtags ?? []) : [];
  if (isEmptyResult(data)) return <NoResults query={query} />;
  return (
    <>
      <TrendingSection rows={SEARCH_TRENDING_INLINE} onOpen={onOpen} />
      {data.users.length > 0 && (
        <Section
          title="People"
          more={more('users', data.users.length, searchSectionPath('all'), state)}
          onOpen={onOpen}
        >
          {data.users.slice(0, SEARCH_PREVIEW.users).map((u) => (
            <li key={u._id}>
              <PersonResult user={u} onOpen={onOpen} />
            </li>
          ))}
        </Section>
      )}
      {data.needsMatches.length > 0 && (
        <Section
          title="Needs"
          more={more('needs', data.needsMatches.length, searchSectionPath('needs'), state)}
          onOpen={onOpen}
        >
          {data.needsMatches.slice(0, SEARCH_PREVIEW.needs).map((g) => (
            <li key={g.category}>
              <CategoryResult
                group={g}
                to={searchSectionPath('needs')}
                state={{ query, category: g.category } satisfies SearchState}
                query={query}
                onOpen={onOpen}
              />
            </li>
          ))}
        </Section>
      )}
      {data.provisionsMatches.length > 0 && (
        <Section
          title="Provisions"
          more={more('provisions', data.provisionsMatches.length, searchSectionPath('provisions'), state)}
          onOpen={onOpen}
        >
          {data.provisionsMatches.slice(0, SEARCH_PREVIEW.provisions).map((g) => (
            <li key={g.category}>
              <CategoryResult
                group={g}
                to={searchSectionPath('provisions')}
                state={{ query, category: g.category } satisfies SearchState}
                query={query}
                onOpen={onOpen}
              />
            </li>
          ))}
        </Section>
      )}
      {(data.remoteMatches?.length ?? 0) > 0 && (
        <Section
          title="From other servers"
          more={data.remoteMatches!.length > REMOTE_PREVIEW ? { to: paths.search, state } : null}
          onOpen={onOpen}
        >
          {data.remoteMatches!.slice(0, REMOTE_PREVIEW).map((m) => (
            <li key={m.remote.objectId}>
              <RemoteRowLink match={m} query={query} onOpen={onOpen} />
            </li>
          ))}
        </Section>
      )}
      {data.missionMatches.length > 0 && (
        <Section
          title="Missions"
          more={more('missions', data.missionMatches.length, searchSectionPath('missions'), state)}
          onOpen={onOpen}
        >
          {data.missionMatches.slice(0, SEARCH_PREVIEW.missions).map((m) => (
            <li key={m._id}>
              <MissionResult mission={m} onOpen={onOpen} />
            </li>
          ))}
        </Section>
      )}
      {hashtags.length > 0 && (
        <Section
          title="Hashtags"
          more={more('hashtags', hashtags.length, paths.search, state)}
          onOpen={onOpen}
        >
          {hashtags.slice(0, SEARCH_PREVIEW.hashtags).map((h) => (
            <li key={h.name}>
              <HashtagResult name={h.name} count={h.count} onOpen={onOpen} />
            </li>
          ))}
        </Section>
      )}
      <div className="border-t border-slate-100 p-2">
        <Link
          {...ITEM}
          to={paths.search}
          state={state}
          onClick={onOpen}
          className="block rounded-xl px-3 py-2 text-center text-sm font-semibold text-brand-700 outline-none hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          Show more results
        </Link>
      </div>
    </>
  );
}

export type SearchPanelProps = {
  query: string;
  results: { query: string; data: AdvancedSearchResult } | null;
  loading: boolean;
  /** A recent search picked: search for it. */
  onPick: (q: string) => void;
  /** A result opened: the box closes. */
  onOpen: () => void;
};

/** The contents of the dropdown (wide screens) and of the overlay (small screens). */
export function SearchPanel({ query, results, loading, onPick, onOpen }: SearchPanelProps) {
  const term = query.trim();
  return (
    <div className="divide-y divide-slate-100">
      {loading && (
        <div role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
          <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Searching...
        </div>
      )}
      {!term ? (
        <Idle onPick={onPick} onOpen={onOpen} />
      ) : results ? (
        <Results query={results.query} data={results.data} onOpen={onOpen} />
      ) : null}
    </div>
  );
}
