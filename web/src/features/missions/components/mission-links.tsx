import { Bookmark, Plus, Target } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMyMissionsQuery } from '../api/get-my-missions';
import { missionTitle } from './mission-bits';

const item = 'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50';

/** Home's left column: followed missions, my first few missions, and Start a mission. */
export function MissionLinks() {
  const mine = useMyMissionsQuery();
  const missions = mine.data?.pages[0]?.data.slice(0, 3) ?? [];
  return (
    <nav aria-label="Missions" className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
      <h2 className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        Missions
      </h2>
      <Link to={paths.followedMissions} className={item}>
        <Bookmark className="size-4" aria-hidden="true" /> Followed missions
      </Link>
      {missions.map((m) => (
        <Link key={m._id} to={paths.mission(m._id)} className={item}>
          <Target className="size-4 shrink-0" aria-hidden="true" />{' '}
          <span className="truncate">{missionTitle(m)}</span>
        </Link>
      ))}
      <Link to={paths.createMission} className={`${item} font-medium text-brand-700`}>
        <Plus className="size-4" aria-hidden="true" /> Start a mission
      </Link>
    </nav>
  );
}
