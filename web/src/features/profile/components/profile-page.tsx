import type { Profile } from '@muster/contract/users';
import { CalendarDays, MapPin, Pencil, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/time';
import { useProfileQuery } from '../api/get-profile';

/**
 * /profile/{username}: the header of a person's profile. What one can do with someone else
 * (message them, and later connect, block, mute) comes from other features through `actions`.
 */
export function ProfilePage({ actions, posts }: { actions?: (profile: Profile) => React.ReactNode; posts?: (profile: Profile) => React.ReactNode }) {
  const { username = '' } = useParams();
  const query = useProfileQuery(username);

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6" aria-busy="true">
        <div className="animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white">
          <div className="h-32 bg-slate-200" />
          <div className="space-y-3 p-6"><div className="size-24 -mt-16 rounded-full bg-slate-300 ring-4 ring-white" /><div className="h-5 w-48 rounded bg-slate-200" /><div className="h-4 w-72 rounded bg-slate-100" /></div>
        </div>
        <span role="status" className="sr-only">Loading profile…</span>
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-20 text-center">
        <UserX className="size-10 text-slate-400" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-slate-900">Profile not found</h1>
        <p className="text-sm text-slate-600">No one on Muster has the username @{username}.</p>
        <Link to={paths.home} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">Go home</Link>
      </div>
    );
  }

  const p = query.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="h-28 bg-gradient-to-r from-brand-600 via-brand-500 to-amber-400 sm:h-36" aria-hidden="true" />
        <div className="px-5 pb-6 sm:px-7">
          <div className="flex items-end justify-between gap-4">
            <img src={p.profilePicture} alt={`${p.firstName} ${p.lastName}`} className="-mt-12 size-24 rounded-full object-cover ring-4 ring-white sm:-mt-16 sm:size-32" />
            {!p.isMe && actions && <div className="mt-3 flex gap-2">{actions(p)}</div>}
            {p.isMe && (
              <Link to={paths.settings} className="mt-3 inline-flex items-center gap-2 rounded-full border border-slate-300 px-4 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                <Pencil className="size-4" aria-hidden="true" /> Edit profile
              </Link>
            )}
          </div>
          <h1 className="mt-3 text-2xl font-bold text-slate-900">{p.firstName} {p.lastName}</h1>
          <p className="text-sm text-slate-500">@{p.username}</p>
          {p.headline && <p className="mt-2 text-base text-slate-800">{p.headline}</p>}
          <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
            {p.location && <span className="inline-flex items-center gap-1.5"><MapPin className="size-4" aria-hidden="true" /> {p.location}</span>}
            <span className="inline-flex items-center gap-1.5"><CalendarDays className="size-4" aria-hidden="true" /> Joined {formatDate(p.createdAt)}</span>
          </div>
        </div>
      </section>
      <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7" aria-labelledby="about-heading">
        <h2 id="about-heading" className="text-lg font-semibold text-slate-900">About</h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">{p.bio || (p.isMe ? 'Add a bio in Settings so people know what you can help with.' : 'No bio yet.')}</p>
      </section>
      {posts && (
        <section className="mt-6" aria-labelledby="posts-heading">
          <h2 id="posts-heading" className="mb-3 text-lg font-semibold text-slate-900">Posts</h2>
          {posts(p)}
        </section>
      )}
    </div>
  );
}
