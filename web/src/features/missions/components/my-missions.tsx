import { Plus, Target } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles, EmptyState, ShowMore } from '../../../components/person-row';
import { paths } from '../../../lib/paths';
import { useMyMissionsQuery } from '../api/get-my-missions';
import { MissionRow, MissionRowsSkeleton } from './mission-bits';

/** A person's missions (the profile's Missions tab): mine with Start a mission, or theirs. */
export function MissionsList({ userId, isMe }: { userId: string; isMe: boolean }) {
  const query = useMyMissionsQuery(isMe ? undefined : userId);
  const missions = query.data?.pages.flatMap((p) => p.data) ?? [];
  if (query.isPending) return <MissionRowsSkeleton label="Loading missions" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        Failed to load missions. Please try again.
      </p>
    );
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-4 shadow-sm">
      {!missions.length ? (
        <EmptyState icon={Target} title={isMe ? 'No missions yet' : 'No missions to show'}>
          {isMe && (
            <Link to={paths.createMission} className={`${buttonStyles.primary} mt-2`}>
              <Plus className="size-4" aria-hidden="true" /> Start a mission
            </Link>
          )}
        </EmptyState>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {missions.map((m) => (
              <MissionRow key={m._id} mission={m} />
            ))}
          </ul>
          <div className="pb-3">
            <ShowMore query={query} />
          </div>
        </>
      )}
    </div>
  );
}
