import type { AdvancedSearchResult, CategoryMatch, SearchSection } from '@muster/contract/search';
import { BadgeCheck, MapIcon, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useSearchPagesQuery } from '../api/advanced-search';
import { isEmptyResult, peopleLabel, searchSectionPath } from '../lib/search-rules';
import type { SearchState } from './search-panel';
import {
  Avatars,
  HashtagResult,
  MissionResult,
  NoResults,
  PersonResult,
  RemoteResult,
  type RemoteOfferTarget,
  SearchPrompt,
} from './search-rows';
import { personName } from '../../../lib/person-name';
import { VerifiedBadge } from '../../../components/verified-badge';
import { ShowMore } from '../../../components/person-row';
import { NearMeControl, type NearCircle } from './near-me-control';

const titles: Record<SearchSection, string> = {
  all: 'Search results',
  users: 'People',
  needs: 'Needs',
  provisions: 'Provisions',
  missions: 'Missions',
};

/** Another Muster's listings (decision 089), under the local ones of the same kind. */
const remoteTitles: Record<SearchSection, string> = {
  all: 'From other servers',
  users: 'From other servers',
  needs: 'Needs from other servers',
  provisions: 'Provisions from other servers',
  missions: 'From other servers',
};

/** The map's query for a search section (decision 079: the map keeps its filters in the URL). */
function mapQueryOf(section: SearchSection, category: string | undefined): string {
  const kinds =
    section === 'needs'
      ? 'need,want'
      : section === 'provisions'
        ? 'provision'
        : section === 'missions'
          ? 'mission'
          : undefined;
  const q = new URLSearchParams();
  if (kinds) q.set('kinds', kinds);
  if (category) q.set('category', category);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Pages of one search, folded into one answer: a category met again on a later page is merged into the first. */
function merge(pages: AdvancedSearchResult[]): AdvancedSearchResult {
  const groups = (pick: (r: AdvancedSearchResult) => CategoryMatch[]) => {
    const byCategory = new Map<string, CategoryMatch>();
    for (const g of pages.flatMap(pick)) {
      const seen = byCategory.get(g.category);
      if (!seen)
        byCategory.set(g.category, {
          ...g,
          users: [...g.users],
          posts: [...g.posts],
          postIds: [...g.postIds],
        });
      else {
        seen.users.push(...g.users.filter((u) => !seen.users.some((s) => s._id === u._id)));
        seen.posts.push(...g.posts.filter((p) => !seen.postIds.includes(p._id)));
        seen.postIds.push(...g.postIds.filter((id) => !seen.postIds.includes(id)));
        // The same group met again (results moved between pages): its count is the server's total, not a part.
        seen.count = Math.max(seen.count, g.count);
      }
    }
    return [...byCategory.values()];
  };
  const unique = <T extends { _id: string }>(items: T[]) =>
    items.filter((x, i) => items.findIndex((y) => y._id === x._id) === i);
  return {
    users: unique(pages.flatMap((p) => p.users)),
    needsMatches: groups((p) => p.needsMatches),
    provisionsMatches: groups((p) => p.provisionsMatches),
    missionMatches: unique(pages.flatMap((p) => p.missionMatches)),
    remoteMatches: pages
      .flatMap((p) => p.remoteMatches ?? [])
      .filter((m, i, all) => all.findIndex((x) => x.remote.objectId === m.remote.objectId) === i),
    hashtags: pages[0]?.hashtags,
  };
}

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-2 font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A category of needs or provisions on the pages: 'N people', then each matching post. */
function CategoryBlock({
  group,
  kind,
  query,
  linkCategory,
}: {
  group: CategoryMatch;
  kind: 'needs' | 'provisions';
  query: string;
  linkCategory: boolean;
}) {
  const { text } = peopleLabel(group);
  const to = kind === 'needs' ? searchSectionPath('needs') : searchSectionPath('provisions');
  return (
    <li className="py-3">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          {linkCategory ? (
            <Link
              to={to}
              state={{ query, category: group.category } satisfies SearchState}
              className="font-semibold text-slate-900 hover:underline"
            >
              {group.category}
            </Link>
          ) : (
            <p className="font-semibold text-slate-900">{group.category}</p>
          )}
          <p className="text-xs text-slate-600">{text}</p>
        </div>
        <Avatars users={group.users} />
      </div>
      {group.posts.length > 0 && (
        <ul className="mt-2 space-y-1">
          {group.posts.map((p) => (
            <li key={p._id}>
              <Link to={paths.post(p._id)} className="block rounded-xl px-3 py-2 hover:bg-slate-50">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {p.title || p.excerpt}
                </span>
                {p.title && p.excerpt && (
                  <span className="line-clamp-2 text-sm text-slate-600">{p.excerpt}</span>
                )}
                <span className="block text-xs text-slate-500">
                  {personName(p.author)}
                  <VerifiedBadge organisation={p.author.verifiedOrg} inLink className="[&_svg]:size-3.5" />
                  {p.status === 'fulfilled' ? ' · Fulfilled' : p.status === 'expired' ? ' · Expired' : ''}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-label="Loading results" className="space-y-3">
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className="animate-pulse rounded-2xl border border-slate-200 bg-white p-4"
          aria-hidden="true"
        >
          <div className="h-4 w-32 rounded bg-slate-200" />
          {[0, 1, 2].map((j) => (
            <div key={j} className="mt-3 flex items-center gap-3">
              <div className="size-10 rounded-full bg-slate-200" />
              <div className="h-3 w-48 max-w-full rounded bg-slate-100" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * `/search` and its sections (spec §2 route table): the query (and category) arrive as navigation
 * state; opened directly there is none, so the page offers its own input rather than a blank page.
 */
export function SearchResultsPage({
  section,
  alertButton,
  renderRemoteOfferHelp,
}: {
  section: SearchSection;
  /** "Get alerts like this" (issue 37 item 2), handed in by app/: the alerts feature's dialog. */
  alertButton?: (draft: { words: string; category?: string; kinds: string[] }) => React.ReactNode;
  /** Offer help on another server's open need or want (decision 089), handed in by app/: the federation feature's. */
  renderRemoteOfferHelp?: (listing: RemoteOfferTarget) => React.ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as SearchState;
  const query = typeof state.query === 'string' ? state.query.trim() : '';
  const category =
    section === 'needs' || section === 'provisions'
      ? typeof state.category === 'string' && state.category
        ? state.category
        : undefined
      : undefined;
  const [draft, setDraft] = useState(query);
  const [draftFor, setDraftFor] = useState(query);
  // A new search arriving from the top bar replaces what was typed here.
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(query);
  }
  // Kept in navigation state with the query, so Back and reload keep the order chosen.
  const verifiedFirst = state.verifiedFirst === true;
  // "Near me" lives in this page's memory only: the browser's place is never stored (issue 37).
  const [near, setNear] = useState<NearCircle>();
  const results = useSearchPagesQuery({
    query,
    section,
    category,
    verifiedFirst,
    near: section === 'users' ? undefined : near,
  });
  const data = results.data ? merge(results.data.pages) : null;
  const inputId = useId();

  const show = (s: SearchSection) => section === 'all' || section === s;
  const heading = category ? `${titles[section]}: ${category}` : titles[section];

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
        {/* Issue 37: the same kind of thing (and category) on the map; the words themselves are no map filter. */}
        <Link
          to={`${paths.map}${mapQueryOf(section, category)}`}
          className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          <MapIcon className="size-4" aria-hidden="true" /> Show on map
        </Link>
        {query &&
          section !== 'users' &&
          section !== 'missions' &&
          alertButton?.({
            words: query,
            ...(category ? { category } : {}),
            kinds: section === 'provisions' ? ['provision'] : ['need', 'want'],
          })}
      </div>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = draft.trim();
          if (!q) return;
          // Kept in navigation state like every other search, so Back and reload agree.
          navigate(location.pathname, {
            replace: true,
            state: { query: q, category, verifiedFirst } satisfies SearchState,
          });
        }}
        className="relative"
      >
        <label htmlFor={inputId} className="sr-only">
          Search
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search people, needs, missions..."
          autoComplete="off"
          className="h-11 w-full rounded-full border border-slate-200 bg-white pl-9 pr-4 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
      </form>
      {section !== 'users' && <NearMeControl value={near} onChange={setNear} />}
      {section !== 'missions' && (
        <label className="flex w-fit cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={verifiedFirst}
            onChange={(e) =>
              navigate(location.pathname, {
                replace: true,
                state: { ...state, verifiedFirst: e.target.checked } satisfies SearchState,
              })
            }
            className="size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
          />
          <BadgeCheck className="size-4 fill-sky-600 text-white" aria-hidden="true" />
          Verified organisations first
        </label>
      )}

      {!query ? (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <SearchPrompt />
        </div>
      ) : results.isPending ? (
        <Skeleton />
      ) : !data || isEmptyResult(data) ? (
        <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <NoResults query={query} />
        </div>
      ) : (
        <>
          {show('users') && data.users.length > 0 && (
            <Block title="People">
              <ul>
                {data.users.map((u) => (
                  <li key={u._id}>
                    <PersonResult user={u} />
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {show('needs') && data.needsMatches.length > 0 && (
            <Block title="Needs">
              <ul className="divide-y divide-slate-100">
                {data.needsMatches.map((g) => (
                  <CategoryBlock
                    key={g.category}
                    group={g}
                    kind="needs"
                    query={query}
                    linkCategory={!category}
                  />
                ))}
              </ul>
            </Block>
          )}
          {show('provisions') && data.provisionsMatches.length > 0 && (
            <Block title="Provisions">
              <ul className="divide-y divide-slate-100">
                {data.provisionsMatches.map((g) => (
                  <CategoryBlock
                    key={g.category}
                    group={g}
                    kind="provisions"
                    query={query}
                    linkCategory={!category}
                  />
                ))}
              </ul>
            </Block>
          )}
          {(show('needs') || show('provisions')) && (data.remoteMatches?.length ?? 0) > 0 && (
            <Block title={remoteTitles[section]}>
              <ul className="divide-y divide-slate-100">
                {data.remoteMatches!.map((m) => (
                  <li key={m.remote.objectId}>
                    <RemoteResult match={m} query={query} renderOfferHelp={renderRemoteOfferHelp} />
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {show('missions') && data.missionMatches.length > 0 && (
            <Block title="Missions">
              <ul>
                {data.missionMatches.map((m) => (
                  <li key={m._id}>
                    <MissionResult mission={m} />
                  </li>
                ))}
              </ul>
            </Block>
          )}
          {section === 'all' && (data.hashtags?.length ?? 0) > 0 && (
            <Block title="Hashtags">
              <ul>
                {data.hashtags!.map((h) => (
                  <li key={h.name}>
                    <HashtagResult name={h.name} count={h.count} />
                  </li>
                ))}
              </ul>
            </Block>
          )}
          <ShowMore query={results} label="Load more" className="" />
        </>
      )}
    </div>
  );
}
