import { Bookmark, ClipboardList, Handshake, Plus, UserPlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

const links = [
  { to: paths.createMission, label: 'Start a mission', Icon: Plus },
  { to: paths.followedMissions, label: 'Followed missions', Icon: Bookmark },
  { to: paths.tasks, label: 'Tasks', Icon: ClipboardList },
  { to: paths.requests, label: 'Requests', Icon: UserPlus },
  { to: paths.partners, label: 'Partners', Icon: Handshake },
  { to: paths.collaborators, label: 'Collaborators', Icon: Users },
];

/**
 * The mission pages at a glance, above the chats (the page the navigation calls Missions). The chips
 * wrap onto a second line rather than scroll sideways: a scrolling row was cut off mid-chip with no
 * sign there was more (two of six showed at 375 px, Collaborators was cut at 1280 px).
 */
export function MissionsHub() {
  return (
    <nav aria-label="Missions" className="mt-3">
      <ul className="flex flex-wrap gap-2">
        {links.map(({ to, label, Icon }, i) => (
          <li key={to} className="shrink-0">
            <Link
              to={to}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium ${i === 0 ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}
            >
              <Icon className="size-4" aria-hidden="true" /> {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
