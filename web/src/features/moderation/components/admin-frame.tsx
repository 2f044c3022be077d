import type { Role } from '@muster/contract/moderation';
import { ShieldCheck } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { staffPaths } from '../../../lib/staff-paths';

export const roleLabels: Record<Role, string> = { member: 'Member', moderator: 'Moderator', admin: 'Admin' };

/**
 * The admin pages' frame (decision 067): a heading, what the page is for, and the two pages as
 * tabs. Only admins see what is inside: anyone else is told so (the server refuses them anyway).
 */
export function AdminFrame({
  viewerRole,
  title,
  intro,
  children,
}: {
  viewerRole: Role;
  title: string;
  intro: string;
  children: React.ReactNode;
}) {
  if (viewerRole !== 'admin')
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-24 text-center">
        <ShieldCheck className="size-12 text-slate-300" aria-hidden="true" />
        <h1 className="text-2xl font-bold text-slate-900">Admins only</h1>
        <p className="text-slate-600">This page is for the people who run this Muster.</p>
        <Link
          to={paths.home}
          className="mt-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          Go home
        </Link>
      </div>
    );
  const tab = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-4 py-1.5 text-sm font-semibold ${
      isActive ? 'bg-slate-900 text-white' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
    }`;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">Admin</p>
      <h1 className="mt-1 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <nav aria-label="Admin pages" className="mt-4 flex flex-wrap gap-2">
        <NavLink to={staffPaths.adminStaff} className={tab} end>
          Staff
        </NavLink>
        <NavLink to={staffPaths.adminAudit} className={tab} end>
          Audit log
        </NavLink>
        <NavLink to={staffPaths.adminWatched} className={tab} end>
          Watched words
        </NavLink>
        <NavLink to={staffPaths.adminServers} className={tab} end>
          Federated servers
        </NavLink>
      </nav>
      {children}
    </div>
  );
}
