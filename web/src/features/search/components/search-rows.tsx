import { missionTypeBadge } from '@muster/contract/missions-constants';
import type { CategoryMatch, MissionMatch, RemoteMatch } from '@muster/contract/search';
import { SEARCH_GROUP_TITLES } from '@muster/contract/search-constants';
import type { PublicUser } from '@muster/contract/users';
import { FileText, Handshake, Hash, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { markMatches, peopleLabel, saveRecentProfile } from '../lib/search-rules';
import { personName } from '../../../lib/person-name';
import { Avatar } from '../../../components/avatar';
import { VerifiedBadge } from '../../../components/verified-badge';
import { FromServerBadge, HomeServerLink } from '../../../components/remote-listing-bits';
import { ReportButton } from '../../../components/report-button';

/** Marks a row the arrow keys move through (see SearchPanel's key handling). */
export const ITEM = { 'data-search-item': '' } as const;
const row =
  'flex items-center gap-3 rounded-xl px-3 py-2 outline-none hover:bg-slate-50 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500';

/** A person found: opening the profile remembers it under Recently Viewed (spec §3). */
export function PersonResult({ user, onOpen }: { user: PublicUser; onOpen?: () => void }) {
  return (
    <Link
      {...ITEM}
      to={paths.profile(user.username)}
      className={row}
      onClick={() => {
        saveRecentProfile(user);
        onOpen?.();
      }}
    >
      <Avatar person={user} className="size-10 shrink-0 bg-slate-200" />
      <span className="min-w-0">
        <span className="block truncate text-sm font-semibold text-slate-900">
          {personName(user)}
          <VerifiedBadge organisation={user.verifiedOrg} inLink />
        </span>
        {user.headline && <span className="block truncate text-xs text-slate-600">{user.headline}</span>}
      </span>
    </Link>
  );
}

/** Up to 3 avatars, then '+N' for the rest (spec §2). */
export function Avatars({ users }: { users: PublicUser[] }) {
  const { overflow } = peopleLabel({ users });
  return (
    <span className="flex shrink-0 items-center -space-x-2" aria-hidden="true">
      {users.slice(0, 3).map((u) => (
        <Avatar key={u._id} person={u} className="size-6 border-2 border-white bg-slate-200" />
      ))}
      {overflow && (
        <span className="flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-white bg-slate-200 px-1 text-[10px] font-semibold text-slate-700">
          {overflow}
        </span>
      )}
    </span>
  );
}

/** The text with the words the query matched marked (read as plain text: `mark` is not announced). */
export function MarkedText({ text, query }: { text: string; query: string }) {
  return (
    <>
      {markMatches(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 font-semibold text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * A category of matching needs or provisions: the category, who posted, and 'N people' (spec §2);
 * under it the group's best matching posts by title (or, untitled, by their first words), each
 * opening its post (decision 051), so what was searched for shows before Enter. Each is a row of
 * its own for the arrow keys.
 */
export function CategoryResult({
  group,
  to,
  state,
  query,
  onOpen,
}: {
  group: CategoryMatch;
  to: string;
  state: unknown;
  query: string;
  onOpen?: () => void;
}) {
  const { text, overflow } = peopleLabel(group);
  const titles = group.posts.slice(0, SEARCH_GROUP_TITLES);
  return (
    <>
      <Link {...ITEM} to={to} state={state} className={row} onClick={onOpen}>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Users className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{group.category}</span>
          <span className="block text-xs text-slate-600">
            {text}
            {overflow && <span className="sr-only"> ({overflow})</span>}
          </span>
        </span>
        <Avatars users={group.users} />
      </Link>
      {titles.length > 0 && (
        <ul aria-label={`Posts in ${group.category}`} className="pb-1 pl-14 pr-1">
          {titles.map((post) => (
            <li key={post._id}>
              <Link
                {...ITEM}
                to={paths.post(post._id)}
                onClick={onOpen}
                className="flex min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-sm text-slate-700 outline-none hover:bg-slate-50 hover:text-slate-900 focus-visible:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <FileText className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
                <span className="truncate">
                  <MarkedText text={post.title || post.excerpt} query={query} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A mission found: photo, title, 'Collab' or 'Partner', and how many partners and collaborators. */
export function MissionResult({ mission, onOpen }: { mission: MissionMatch; onOpen?: () => void }) {
  return (
    <Link {...ITEM} to={paths.mission(mission._id)} className={row} onClick={onOpen}>
      {mission.photo ? (
        <img src={mission.photo} alt="" className="size-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500">
          <Handshake className="size-5" aria-hidden="true" />
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900">{mission.title}</span>
        <span className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
            {missionTypeBadge[mission.type]}
          </span>
          <span>{mission.partnersCount} partners</span>
          <span>{mission.collaboratorsCount} collaborators</span>
        </span>
      </span>
    </Link>
  );
}

/** What a remote listing's Offer help needs: the composer (app/) renders the federation feature's button. */
export type RemoteOfferTarget = { objectId: string; server: string; title: string };

/**
 * Another Muster's need, want or provision (issue 38, decision 089): its title opening it on its
 * home server in a new tab, what it says, "From <server>", and Offer help while it is open.
 */
export function RemoteResult({
  match,
  query,
  renderOfferHelp,
}: {
  match: RemoteMatch;
  query: string;
  renderOfferHelp?: (listing: RemoteOfferTarget) => React.ReactNode;
}) {
  const helpable = (match.kind === 'need' || match.kind === 'want') && match.status === 'open';
  const title = match.title || match.excerpt;
  return (
    <div className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <HomeServerLink
          url={match.remote.url}
          server={match.remote.server}
          className="block truncate text-sm font-medium text-slate-900 hover:underline"
        >
          <MarkedText text={title} query={query} />
        </HomeServerLink>
        {match.title && match.excerpt && (
          <p className="line-clamp-2 text-sm text-slate-600">{match.excerpt}</p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
          <FromServerBadge server={match.remote.server} />
          {[match.category, match.place].filter(Boolean).join(' · ')}
          {match.status === 'fulfilled' ? ' · Fulfilled' : match.status === 'expired' ? ' · Expired' : ''}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {helpable &&
          renderOfferHelp?.({ objectId: match.remote.objectId, server: match.remote.server, title })}
        {/* Reported to its own server's moderators (decision 094). */}
        <ReportButton
          remote={{ objectId: match.remote.objectId, server: match.remote.server }}
          subject="this listing"
          label={`Report listing from ${match.remote.server}`}
          className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-50 hover:text-red-700"
        />
      </div>
    </div>
  );
}

/** The same in the dropdown: one row for the arrow keys, opening it on its server in a new tab. */
export function RemoteRowLink({
  match,
  query,
  onOpen,
}: {
  match: RemoteMatch;
  query: string;
  onOpen?: () => void;
}) {
  return (
    <HomeServerLink
      {...ITEM}
      url={match.remote.url}
      server={match.remote.server}
      onClick={onOpen}
      className={row}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-violet-50 text-violet-700">
        <FileText className="size-5" aria-hidden="true" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-slate-900">
          <MarkedText text={match.title || match.excerpt} query={query} />
        </span>
        <FromServerBadge server={match.remote.server} />
      </span>
    </HomeServerLink>
  );
}

export function HashtagResult({ name, count, onOpen }: { name: string; count: number; onOpen?: () => void }) {
  return (
    <Link {...ITEM} to={paths.hashtag(name)} className={`${row} justify-between text-sm`} onClick={onOpen}>
      <span className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
        <Hash className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <span className="truncate">#{name}</span>
      </span>
      <span className="shrink-0 text-slate-500">{count} posts</span>
    </Link>
  );
}

/** Spec §2 empty states, shared by the box and the pages. */
export function NoResults({ query }: { query: string }) {
  return (
    <div className="px-4 py-8 text-center">
      <p className="font-medium text-slate-800">No results found for "{query}"</p>
      <p className="mt-1 text-sm text-slate-600">Try searching for something else</p>
    </div>
  );
}

export function SearchPrompt() {
  return (
    <div className="px-4 py-6 text-center">
      <p className="font-medium text-slate-800">Search Muster's database</p>
      <p className="mt-1 text-sm text-slate-600">Discover people, needs, missions, provisions and posts</p>
    </div>
  );
}
