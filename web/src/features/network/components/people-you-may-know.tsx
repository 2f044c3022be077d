import type { Suggestion } from '@muster/contract/network';
import { ListError } from '../../../components/list-error';
import { Clock, UserPlus, Users } from 'lucide-react';
import { useDeferredValue } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { buttonStyles, EmptyState, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { countOf } from '../../../lib/count';
import { paths } from '../../../lib/paths';
import { useIdle } from '../../../lib/use-idle';
import { useConnectMutation } from '../api/connect';
import { useSuggestionsQuery } from '../api/get-suggestions';
import { Avatar } from '../../../components/avatar';

const mutualNote = (s: Suggestion) =>
  s.mutualCount > 0 ? countOf(s.mutualCount, 'mutual connection') : undefined;

/** Connect to a suggested person; once asked, the button says Pending until the list drops them. */
function ConnectButton({ person }: { person: Suggestion }) {
  const connect = useConnectMutation();
  const name = `${person.firstName} ${person.lastName}`.trim();
  if (connect.isSuccess) {
    return (
      <span className={`${buttonStyles.quiet} pointer-events-none`} aria-live="polite">
        <Clock className="size-4" aria-hidden="true" /> Pending
      </span>
    );
  }
  return (
    <button
      type="button"
      className={buttonStyles.outline}
      disabled={connect.isPending}
      aria-label={`Connect with ${name}`}
      onClick={() =>
        connect.mutate(person._id, {
          onSuccess: (result) => toast.success(result.message),
          onError: (err) => toast.error(errorMessage(err, 'Could not send the request')),
        })
      }
    >
      <UserPlus className="size-4" aria-hidden="true" /> Connect
    </button>
  );
}

/**
 * People you may know (issue 11), ranked by the server. `panel`: a titled list for a side column
 * (home, /network), `strip`: cards that scroll sideways, for home on a narrow screen where the side
 * column is hidden (rendered only when there is someone to suggest). Asked for at the start-up's
 * panels step, after a tab's first screen (lib/use-idle.ts); the skeleton holds its place until then.
 */
export function PeopleYouMayKnow({
  variant = 'panel',
  limit,
}: {
  variant?: 'panel' | 'strip';
  limit?: number;
}) {
  const query = useSuggestionsQuery(useIdle());
  // The people are rendered in a transition, which React time-slices, rather than in the query's
  // own update, one task: ten cards with their buttons were a long task on a phone (decision 027).
  const data = useDeferredValue(query.data);
  const people = (data ?? []).slice(0, limit);
  const more = limit !== undefined && (data?.length ?? 0) > limit;
  const pending = query.isPending || (query.isSuccess && !data);

  if (variant === 'strip') {
    // While it loads, cards of the loaded size hold its place: on a phone the strip sits above the
    // feed, which would otherwise jump down when it arrives (CLS, decision 027).
    if (pending) return <StripSkeleton />;
    if (!people.length) return null;
    return (
      <section
        aria-labelledby="pymk-strip-heading"
        className="rounded-2xl border border-slate-200 bg-white py-4 shadow-sm"
      >
        <div className="flex items-center justify-between px-4">
          <h2 id="pymk-strip-heading" className="font-semibold text-slate-900">
            People you may know
          </h2>
          <Link to={paths.network} className="text-sm font-medium text-brand-700 hover:underline">
            See all
          </Link>
        </div>
        <ul className="mt-3 flex snap-x scroll-px-4 gap-3 overflow-x-auto px-4 pb-1">
          {people.map((p) => (
            // Only the cards the strip shows are laid out (content-visibility): the other seven were
            // most of a 0.3 s task on a phone when the list arrived (decision 032). Until a card is
            // laid out it takes the height every card has (168 px, the lines' heights being set: a
            // content box of 142 px inside the padding and border), so the strip does not fold for
            // a frame when the list arrives (CLS).
            <li
              key={p._id}
              className="flex w-36 shrink-0 snap-start flex-col items-center rounded-xl border border-slate-200 p-3 text-center [contain-intrinsic-size:auto_142px] [content-visibility:auto]"
            >
              <Link to={paths.profile(p.username)} className="flex min-w-0 max-w-full flex-col items-center">
                <Avatar person={p} className="size-14" />
                <span className="mt-2 block max-w-full truncate text-sm font-semibold text-slate-900">
                  {p.firstName} {p.lastName}
                </span>
              </Link>
              <span className="block h-4 max-w-full truncate text-xs text-slate-500">
                {mutualNote(p) ?? p.headline}
              </span>
              <div className="mt-2">
                <ConnectButton person={p} />
              </div>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <section
      aria-labelledby="pymk-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="pymk-heading" className="font-semibold text-slate-900">
          People you may know
        </h2>
        {more && (
          <Link to={paths.network} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
            See all
          </Link>
        )}
      </div>
      {pending ? (
        <PersonRowsSkeleton rows={3} label="Loading people you may know" />
      ) : query.isError ? (
        <ListError query={query} what="people you may know" className="mt-3" />
      ) : people.length === 0 ? (
        <EmptyState icon={Users} title="No suggestions right now">
          Follow{' '}
          <Link to={paths.hashtags} className="font-medium text-brand-700 hover:underline">
            hashtags
          </Link>{' '}
          and answer{' '}
          <Link to={paths.collaboration('all')} className="font-medium text-brand-700 hover:underline">
            collaboration requests
          </Link>{' '}
          to meet people; suggestions grow with your network.
        </EmptyState>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {people.map((p) => (
            <li key={p._id} className="flex gap-3 py-3">
              <Link to={paths.profile(p.username)} className="shrink-0" tabIndex={-1} aria-hidden="true">
                <Avatar person={p} className="size-12" />
              </Link>
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.profile(p.username)}
                  title={`${p.firstName} ${p.lastName}`}
                  className="block truncate font-semibold text-slate-900 hover:underline"
                >
                  {p.firstName} {p.lastName}
                </Link>
                {p.headline && <p className="truncate text-sm text-slate-600">{p.headline}</p>}
                {mutualNote(p) && <p className="truncate text-xs text-slate-500">{mutualNote(p)}</p>}
                <div className="mt-2">
                  <ConnectButton person={p} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The strip's loading state: the same section and cards, blank. */
function StripSkeleton() {
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white py-4 shadow-sm"
      role="status"
      aria-label="Loading people you may know"
    >
      <div className="flex items-center justify-between px-4" aria-hidden="true">
        <h2 className="font-semibold text-slate-900">People you may know</h2>
      </div>
      <ul className="mt-3 flex gap-3 overflow-hidden px-4 pb-1" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li
            key={i}
            className="flex w-36 shrink-0 animate-pulse flex-col items-center rounded-xl border border-slate-200 p-3"
          >
            <div className="size-14 rounded-full bg-slate-200" />
            <span className="mt-2 block h-5 w-20 rounded bg-slate-200" />
            <span className="mt-0 block h-4 w-24 rounded bg-slate-100" />
            <div className="mt-2">
              <span className={`${buttonStyles.outline} invisible`}>Connect</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
