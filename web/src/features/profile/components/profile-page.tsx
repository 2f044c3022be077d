import type { Profile } from '@muster/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Lock, MapPin, Pencil, UserX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { countOf } from '../../../lib/count';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/time';
import { useProfileQuery } from '../api/get-profile';
import { profileKeys } from '../api/profile-keys';
import { Avatar } from '../../../components/avatar';
import { VerifiedBadge } from '../../../components/verified-badge';

/** Parts of the page that other features own; `refresh` reloads this profile after they change it. */
type Slot = (profile: Profile, refresh: () => void) => React.ReactNode;

type Tab = 'posts' | 'missions' | 'needs' | 'connections';
const tabLabels: Record<Tab, string> = {
  posts: 'Posts',
  missions: 'Missions',
  needs: 'Needs & Provisions',
  connections: 'Connections',
};
const isTab = (t: string | null): t is Tab => !!t && t in tabLabels;

/**
 * /profile/{username}: a person's header (picture, name, headline, counts), what I can do about
 * them, and tabs Posts, Missions, Needs & Provisions and Connections as their privacy allows
 * (`?tab=missions` opens on a tab, as home's My missions link does). A profile limited to connections
 * shows only the card, the counts and Connect. Actions, the "more" menu and the tab contents come
 * from other features through the slots (composed in the router).
 */
export function ProfilePage({
  actions,
  menu,
  posts,
  missions,
  needs,
  connections,
}: {
  actions?: Slot;
  menu?: Slot;
  posts?: Slot;
  missions?: Slot;
  needs?: Slot;
  connections?: Slot;
}) {
  const { username = '' } = useParams();
  const [search] = useSearchParams();
  const asked = search.get('tab');
  const query = useProfileQuery(username);
  const queryClient = useQueryClient();
  // The chosen tab belongs to one profile: following a connection opens their Posts.
  const [chosen, setChosen] = useState<{ username: string; tab: Tab }>({
    username,
    tab: isTab(asked) ? asked : 'posts',
  });
  const tabList = useRef<HTMLDivElement>(null);

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6" aria-busy="true">
        <div className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="h-32 bg-slate-200" />
          <div className="space-y-3 p-6">
            <div className="size-24 -mt-16 rounded-full bg-slate-300 ring-4 ring-white" />
            <div className="h-5 w-48 rounded bg-slate-200" />
            <div className="h-4 w-72 max-w-full rounded bg-slate-100" />
          </div>
        </div>
        <span role="status" className="sr-only">
          Loading profile…
        </span>
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
        <UserX className="size-10 text-slate-400" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-slate-900">Profile not found</h1>
        <p className="break-all text-sm text-slate-600">No one on Muster has the username @{username}.</p>
        <Link
          to={paths.home}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Go home
        </Link>
      </div>
    );
  }

  const p = query.data;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: profileKeys.detail(p.username) });
  const tabs: Tab[] = p.limited
    ? []
    : [
        'posts',
        ...(missions ? (['missions'] as const) : []),
        ...(needs ? (['needs'] as const) : []),
        ...(connections && p.connectionsVisible ? (['connections'] as const) : []),
      ];
  const current: Tab = chosen.username === username && tabs.includes(chosen.tab) ? chosen.tab : 'posts';
  const setTab = (t: Tab) => setChosen({ username, tab: t });

  const select = (next: Tab) => {
    setTab(next);
    tabList.current?.querySelector<HTMLButtonElement>(`#profile-tab-${next}`)?.focus();
  };
  const onTabKey = (e: React.KeyboardEvent) => {
    const i = tabs.indexOf(current);
    const next =
      e.key === 'ArrowRight'
        ? tabs[(i + 1) % tabs.length]
        : e.key === 'ArrowLeft'
          ? tabs[(i - 1 + tabs.length) % tabs.length]
          : e.key === 'Home'
            ? tabs[0]
            : e.key === 'End'
              ? tabs[tabs.length - 1]
              : undefined;
    if (next) {
      e.preventDefault();
      select(next);
    }
  };
  const showConnections = () => {
    if (!tabs.includes('connections')) return;
    select('connections');
    tabList.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <section
        className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        aria-label="Profile"
      >
        <div
          className="h-28 bg-gradient-to-r from-brand-600 via-brand-500 to-amber-400 sm:h-36"
          aria-hidden="true"
        />
        <div className="px-5 pb-6 sm:px-7">
          <div className="flex items-start justify-between gap-4">
            <Avatar
              person={p}
              alt={`${p.firstName} ${p.lastName}`}
              className="-mt-12 size-24 ring-4 ring-white sm:-mt-16 sm:size-32"
            />
            {!p.isMe && menu && <div className="mt-3">{menu(p, refresh)}</div>}
          </div>
          <h1 className="mt-3 break-words text-2xl font-bold text-slate-900">
            {p.firstName} {p.lastName}
            <VerifiedBadge organisation={p.verifiedOrg} className="ml-2 [&_svg]:size-6" />
          </h1>
          {p.verifiedOrg && (
            <p className="text-sm font-medium text-sky-700">Verified organisation: {p.verifiedOrg}</p>
          )}
          <p className="break-all text-sm text-slate-500">@{p.username}</p>
          {p.headline && <p className="mt-2 break-words text-base text-slate-800">{p.headline}</p>}
          {!p.limited && (
            <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
              {p.location && (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4" aria-hidden="true" /> {p.location}
                </span>
              )}
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4" aria-hidden="true" /> Joined {formatDate(p.createdAt)}
              </span>
            </div>
          )}
          <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {tabs.includes('connections') ? (
              <button
                type="button"
                onClick={showConnections}
                className="font-semibold text-brand-700 hover:underline"
              >
                {countOf(p.connectionCount, 'connection')}
              </button>
            ) : (
              <span className="font-semibold text-slate-800">{countOf(p.connectionCount, 'connection')}</span>
            )}
            {!p.isMe && p.mutualCount > 0 && (
              <span className="text-slate-600">{countOf(p.mutualCount, 'mutual connection')}</span>
            )}
          </p>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {p.isMe ? (
              <Link
                to={paths.settings}
                className="inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                <Pencil className="size-4" aria-hidden="true" /> Edit profile
              </Link>
            ) : (
              actions?.(p, refresh)
            )}
          </div>
          {p.limited && (
            <p className="mt-4 flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
              <Lock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span>
                {p.firstName} shares their profile with connections only. Connect to see their posts, bio and
                connections.
              </span>
            </p>
          )}
        </div>
      </section>

      {!p.limited && (
        <>
          <section
            className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
            aria-labelledby="about-heading"
          >
            <h2 id="about-heading" className="text-lg font-semibold text-slate-900">
              About
            </h2>
            <p className="mt-2 whitespace-pre-line break-words text-slate-700">
              {p.bio ||
                (p.isMe ? 'Add a bio in Settings so people know what you can help with.' : 'No bio yet.')}
            </p>
          </section>
          {tabs.length > 1 ? (
            <div className="mt-6">
              <div
                ref={tabList}
                role="tablist"
                aria-label="Profile sections"
                onKeyDown={onTabKey}
                // Four tabs do not fit 375 px: they wrap onto a second line. A sideways-scrolling row
                // hid Connections with nothing to say it was there.
                className="flex scroll-mt-20 flex-wrap gap-x-1 border-b border-slate-200"
              >
                {tabs.map((t) => (
                  <button
                    key={t}
                    id={`profile-tab-${t}`}
                    type="button"
                    role="tab"
                    aria-selected={current === t}
                    aria-controls={`profile-panel-${t}`}
                    tabIndex={current === t ? 0 : -1}
                    onClick={() => setTab(t)}
                    className={`shrink-0 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold sm:px-4 ${current === t ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
                  >
                    {tabLabels[t]}
                  </button>
                ))}
              </div>
              <div
                id={`profile-panel-${current}`}
                role="tabpanel"
                aria-labelledby={`profile-tab-${current}`}
                className="mt-4"
              >
                {current === 'posts' ? (
                  <section aria-labelledby="posts-heading">
                    <h2 id="posts-heading" className="sr-only">
                      Posts
                    </h2>
                    {posts?.(p, refresh)}
                  </section>
                ) : current === 'missions' ? (
                  <section aria-labelledby="missions-heading">
                    <h2 id="missions-heading" className="sr-only">
                      Missions
                    </h2>
                    {missions?.(p, refresh)}
                  </section>
                ) : current === 'needs' ? (
                  <section aria-labelledby="needs-heading">
                    <h2 id="needs-heading" className="sr-only">
                      Needs & Provisions
                    </h2>
                    {needs?.(p, refresh)}
                  </section>
                ) : (
                  <section
                    aria-labelledby="connections-heading"
                    className="rounded-2xl border border-slate-200 bg-white px-4 py-1 shadow-sm sm:px-5"
                  >
                    <h2 id="connections-heading" className="sr-only">
                      Connections
                    </h2>
                    {connections?.(p, refresh)}
                  </section>
                )}
              </div>
            </div>
          ) : (
            posts && (
              <section className="mt-6" aria-labelledby="posts-heading">
                <h2 id="posts-heading" className="mb-3 text-lg font-semibold text-slate-900">
                  Posts
                </h2>
                {posts(p, refresh)}
              </section>
            )
          )}
        </>
      )}
    </div>
  );
}
