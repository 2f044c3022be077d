import { SEARCH_DEBOUNCE_MS } from '@muster/contract/limits';
import { ListError } from '../../../components/list-error';
import { BOARD_PLACE_MAX } from '@muster/contract/board';
import { CATEGORY_MAX, type Post } from '@muster/contract/posts';
import { useQueryClient } from '@tanstack/react-query';
import { Inbox, MapPin, Siren, Tag, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { onRealtimeEvent } from '../../../lib/realtime/events';
import { useRealtimeConnected } from '../../../lib/realtime/status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { type BoardFilters, showNewBoardPosts, useEmergencyBoardQuery } from '../api/get-emergency-board';
import { type MissionAction, PostCard } from './post-card';
import { PostSkeleton } from './post-list';

/** The socket's state, in words and a dot: a newsroom wants to know the board is really live. */
function LiveIndicator() {
  const live = useRealtimeConnected();
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold ring-1 ${live ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200'}`}
    >
      <span className="relative flex size-2.5" aria-hidden="true">
        {live && (
          <span className="absolute inline-flex size-full rounded-full bg-emerald-400 opacity-75 motion-safe:animate-ping" />
        )}
        <span
          className={`relative inline-flex size-2.5 rounded-full ${live ? 'bg-emerald-500' : 'bg-slate-400'}`}
        />
      </span>
      {live ? 'Live' : 'Reconnecting · checking every 30 s'}
    </span>
  );
}

/** What the live region says when posts arrive: the one post in a few words, or how many. */
function arrivalNotice(added: Post[]): string {
  if (added.length > 1) return `${added.length} new posts on the board`;
  const [post] = added;
  const what = (post!.title || post!.content).replace(/\s+/g, ' ').slice(0, 80);
  return `New on the board from ${personName(post!.author)}: ${what}`;
}

const field =
  'w-full rounded-lg border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/**
 * `/journalist` (issue 16): the live emergency board — emergency-marked posts and mission updates,
 * newest first, filtered by category and place (kept in the address, so a newsroom can bookmark its
 * board). New posts slide in at the top as they are posted, announced politely to screen readers.
 */
export function EmergencyBoardPage({
  viewerId,
  missionAction,
}: {
  viewerId: string;
  missionAction?: MissionAction;
}) {
  const [params, setParams] = useSearchParams();
  const [category, setCategory] = useState(() => params.get('category') ?? '');
  const [place, setPlace] = useState(() => params.get('place') ?? '');
  const settledCategory = useDebouncedValue(category.trim(), SEARCH_DEBOUNCE_MS);
  const settledPlace = useDebouncedValue(place.trim(), SEARCH_DEBOUNCE_MS);
  const filters: BoardFilters = useMemo(
    () => ({ category: settledCategory, place: settledPlace }),
    [settledCategory, settledPlace],
  );
  const filtered = Boolean(filters.category || filters.place);

  // The address changed under the page (a bookmark opened, the menu's link, back): its filters win.
  const fromAddress = { category: params.get('category') ?? '', place: params.get('place') ?? '' };
  const [seen, setSeen] = useState(fromAddress);
  if (seen.category !== fromAddress.category || seen.place !== fromAddress.place) {
    setSeen(fromAddress);
    if (fromAddress.category !== filters.category) setCategory(fromAddress.category);
    if (fromAddress.place !== filters.place) setPlace(fromAddress.place);
  }

  // Settled filters go into the address, once each: only when they change, never because the
  // address did (setParams is new on every navigation, and a write then would undo the address).
  const written = useRef(filters);
  useEffect(() => {
    if (written.current === filters) return;
    written.current = filters;
    const next = new URLSearchParams();
    if (filters.category) next.set('category', filters.category);
    if (filters.place) next.set('place', filters.place);
    setParams(next, { replace: true });
  }, [filters, setParams]);

  const query = useEmergencyBoardQuery(filters);
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState<ReadonlySet<string>>(() => new Set());
  const [notice, setNotice] = useState('');

  useEffect(() => {
    // One fetch at a time: a burst of events while one runs is one more fetch after it.
    let running = false;
    let again = false;
    let stopped = false;
    const catchUp = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const added = await showNewBoardPosts(queryClient, filters);
          if (stopped || !added.length) continue;
          setArrived(new Set(added.map((p) => p._id)));
          setNotice(arrivalNotice(added));
        } while (again && !stopped);
      } catch {
        // Missed here, caught up by the next event, the 30-second poll or the refetch on reconnect.
      } finally {
        running = false;
      }
    };
    const off = onRealtimeEvent('board.posted', () => void catchUp());
    return () => {
      stopped = true;
      off();
    };
  }, [queryClient, filters]);

  const sentinel = useLoadMoreOnScroll(query);
  const { hasNextPage, isFetchingNextPage } = query;

  const posts = query.data?.pages.flatMap((p) => p.data) ?? [];
  // The categories on the board so far, as suggestions; any other is typed.
  const categories = [...new Set(posts.map((p) => p.category).filter((c): c is string => Boolean(c)))].sort(
    (a, b) => a.localeCompare(b),
  );
  const clear = () => {
    setCategory('');
    setPlace('');
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <Siren className="size-6 text-red-600" aria-hidden="true" /> Emergency board
        </h1>
        <LiveIndicator />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Emergency-marked posts and mission updates from across Muster, newest first. New ones appear here the
        moment they are posted: keep this page open.
      </p>

      <form
        role="search"
        aria-label="Filter the board"
        className="mt-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="block text-sm font-medium text-slate-700">
          Category
          <span className="relative mt-1 block">
            <Tag
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={category}
              onChange={(e) => setCategory(e.target.value)}
              maxLength={CATEGORY_MAX}
              list="board-categories"
              placeholder="Any category"
              className={field}
            />
          </span>
          <datalist id="board-categories">
            {categories.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Place
          <span className="relative mt-1 block">
            <MapPin
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={place}
              onChange={(e) => setPlace(e.target.value)}
              maxLength={BOARD_PLACE_MAX}
              placeholder="Town, district or region"
              className={field}
            />
          </span>
        </label>
        {(category || place) && (
          <button
            type="button"
            onClick={clear}
            className="inline-flex items-center justify-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            <X className="size-4" aria-hidden="true" /> Clear filters
          </button>
        )}
      </form>

      <p role="status" aria-live="polite" className="sr-only">
        {notice}
      </p>

      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-4" role="status" aria-label="Loading the board">
            <PostSkeleton />
            <PostSkeleton />
          </div>
        ) : query.isError ? (
          <ListError query={query} what="the board" />
        ) : posts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <Inbox className="size-9 text-slate-300" aria-hidden="true" />
            {filtered ? (
              <>
                <p className="text-sm text-slate-600">
                  Nothing on the board for these filters yet. New posts that match will appear here.
                </p>
                <button
                  type="button"
                  onClick={clear}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  Clear filters
                </button>
              </>
            ) : (
              <>
                <p className="text-sm text-slate-600">
                  The board is quiet. Posts marked with 🚨, 🆘, ⚠️ or 🔥 and mission updates appear here as
                  they are posted.
                </p>
                <Link to={paths.home} className="text-sm font-semibold text-brand-700 hover:underline">
                  Share an update from your feed
                </Link>
              </>
            )}
          </div>
        ) : (
          <div className="space-y-4">
            {posts.map((post) => (
              <div
                key={post._id}
                className={arrived.has(post._id) ? 'motion-safe:animate-slide-in' : undefined}
              >
                <PostCard post={post} viewerId={viewerId} missionAction={missionAction} />
              </div>
            ))}
            <div ref={sentinel} />
            {isFetchingNextPage && <PostSkeleton />}
            {!hasNextPage && posts.length > 5 && (
              <p className="py-4 text-center text-sm text-slate-500">That's everything on the board.</p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
