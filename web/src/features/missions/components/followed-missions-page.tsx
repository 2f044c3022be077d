import { Bookmark } from 'lucide-react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { buttonStyles, EmptyState, ShowMore } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useFollowMissionMutation } from '../api/follow-mission';
import { useFollowedMissionsQuery } from '../api/get-followed-missions';
import { card, MissionRow, MissionRowsSkeleton, PageFrame } from './mission-bits';

/** /followed-missions: the missions I follow, each with Unfollow. */
export function FollowedMissionsPage() {
  const query = useFollowedMissionsQuery();
  const follow = useFollowMissionMutation();
  const missions = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <PageFrame title="Followed missions" intro="Their updates reach your feed and your alerts.">
      <section className={card} aria-label="Missions you follow">
        {query.isPending ? (
          <MissionRowsSkeleton label="Loading followed missions" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-600">
            Failed to load missions. Please try again.
          </p>
        ) : !missions.length ? (
          <EmptyState icon={Bookmark} title="You don't follow any missions yet">
            Follow a mission from its page to get its updates.{' '}
            <Link to={paths.createMission} className="font-medium text-brand-700 hover:underline">
              Start a mission
            </Link>{' '}
            of your own.
          </EmptyState>
        ) : (
          <>
            <ul className="divide-y divide-slate-100">
              {missions.map((m) => (
                <MissionRow
                  key={m._id}
                  mission={m}
                  actions={
                    <button
                      type="button"
                      className={buttonStyles.quiet}
                      disabled={follow.isPending && follow.variables?.missionId === m._id}
                      onClick={() =>
                        follow.mutate(
                          { missionId: m._id, follow: false },
                          {
                            onSuccess: () => toast.success('Unfollowed'),
                            onError: (e) =>
                              toast.error(errorMessage(e, 'Failed to unfollow. Please try again.')),
                          },
                        )
                      }
                    >
                      Unfollow
                    </button>
                  }
                />
              ))}
            </ul>
            <ShowMore query={query} />
          </>
        )}
      </section>
    </PageFrame>
  );
}
