import { collaborationCategories, collaborationCategoryIds } from '@muster/contract/collaboration';
import type { SessionUser } from '@muster/contract/users';
import { ArrowRight, MessagesSquare, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * / for a signed-in person. The feed and composer arrive with posts; until then home is the way
 * into collaboration requests, chats and one's profile.
 */
export function HomePage({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-[16rem_1fr]">
      <aside className="space-y-4">
        <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Your profile">
          <div className="h-16 bg-gradient-to-r from-brand-600 to-brand-400" aria-hidden="true" />
          <div className="-mt-8 px-4 pb-4 text-center">
            <img src={user.profilePicture} alt="" className="mx-auto size-16 rounded-full object-cover ring-4 ring-white" />
            <Link to={paths.profile(user.username)} className="mt-2 block font-semibold text-slate-900 hover:underline">{user.firstName} {user.lastName}</Link>
            <p className="text-xs text-slate-500">{user.headline || 'Add a headline so people know what you do'}</p>
          </div>
          <div className="border-t border-slate-100 p-2">
            <Link to={paths.chats} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"><MessagesSquare className="size-4" aria-hidden="true" /> Chats</Link>
            <Link to={paths.settings} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"><Settings className="size-4" aria-hidden="true" /> Settings & Privacy</Link>
          </div>
        </section>
      </aside>
      <div className="min-w-0 space-y-6">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h1 className="text-2xl font-bold text-slate-900">Welcome, {user.firstName}</h1>
          <p className="mt-1 text-slate-600">Find people to work with, or ask for the help you need.</p>
        </section>
        <section aria-labelledby="collab-heading">
          <div className="flex items-baseline justify-between">
            <h2 id="collab-heading" className="text-lg font-semibold text-slate-900">Collaboration opportunities</h2>
            <Link to={paths.collaboration('all')} className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-medium text-brand-700 hover:underline">See all <ArrowRight className="size-4" aria-hidden="true" /></Link>
          </div>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {collaborationCategoryIds.filter((id) => id !== 'all').map((id) => {
              const c = collaborationCategories[id];
              return (
                <li key={id}>
                  <Link to={paths.collaboration(id)} className="flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-slate-300 hover:shadow">
                    <span className="mt-1 size-3 shrink-0 rounded-full" style={{ backgroundColor: c.color }} aria-hidden="true" />
                    <span>
                      <span className="block font-semibold text-slate-900">{c.name}</span>
                      <span className="mt-0.5 block text-sm text-slate-600">{c.description}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </div>
    </div>
  );
}
