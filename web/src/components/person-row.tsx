import type { PublicUser } from '@muster/contract/users';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { personName } from '../lib/person-name';
import { Avatar } from './avatar';
import { VerifiedBadge } from './verified-badge';

/**
 * One person in a list (requests, connections, blocked, muted): picture, name linking to the
 * profile, headline, an optional note ("2 days ago", "3 mutual connections"), an optional detail
 * under it (what they wrote), and actions that sit beside it on a wide screen and wrap below on a phone.
 */
export function PersonRow({
  user,
  note,
  detail,
  actions,
}: {
  user: PublicUser;
  note?: React.ReactNode;
  detail?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const name = personName(user);
  const person = (
    <Link
      to={paths.profile(user.username)}
      className={`flex min-w-0 items-center gap-3 rounded-lg ${detail ? '' : 'flex-1 basis-56'}`}
    >
      <Avatar person={user} className="size-12 shrink-0" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900 hover:underline">
          {name}
          <VerifiedBadge organisation={user.verifiedOrg} inLink />
        </span>
        {user.headline && <span className="block truncate text-sm text-slate-600">{user.headline}</span>}
        {note && <span className="block truncate text-xs text-slate-500">{note}</span>}
      </span>
    </Link>
  );
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      {/* What they wrote (a request's message) sits under the name, outside the profile link. */}
      {detail ? (
        <div className="min-w-0 flex-1 basis-56">
          {person}
          <div className="mt-1 pl-[3.75rem] text-sm text-slate-700">{detail}</div>
        </div>
      ) : (
        person
      )}
      {actions && (
        <div className="flex shrink-0 flex-wrap items-center gap-2 pl-[3.75rem] sm:pl-0">{actions}</div>
      )}
    </li>
  );
}

/** A list of PersonRows still loading. */
export function PersonRowsSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <ul className="divide-y divide-slate-100" role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex animate-pulse items-center gap-3 py-3" aria-hidden="true">
          <div className="size-12 shrink-0 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-40 max-w-full rounded bg-slate-200" />
            <div className="h-3 w-56 max-w-full rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What a list shows when it has nothing: what it would hold, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-1.5 px-4 py-8 text-center">
      <Icon className="mb-1 size-9 text-slate-300" aria-hidden="true" />
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="max-w-sm text-sm text-slate-600">{children}</div>}
    </div>
  );
}

/** Button looks shared by the people lists. */
export const buttonStyles = {
  primary:
    'inline-flex items-center justify-center gap-1.5 rounded-full border border-brand-600 bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60',
  outline:
    'inline-flex items-center justify-center gap-1.5 rounded-full border border-brand-600 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60',
  quiet:
    'inline-flex items-center justify-center gap-1.5 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60',
  ghost:
    'inline-flex items-center justify-center gap-1.5 rounded-full border border-transparent px-3 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-60',
} as const;

/**
 * "Show more" (or `label`) under a cursor-paged list (TanStack Query's infinite query): the one
 * way every paged list asks for its next page.
 */
export function ShowMore({
  query,
  label = 'Show more',
  className = 'mt-2',
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label?: string;
  /** The spacing above it. */
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <button
        type="button"
        className={buttonStyles.quiet}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? 'Loading…' : label}
      </button>
    </div>
  );
}
