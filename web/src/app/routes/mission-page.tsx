import { lazy, Suspense } from 'react';
import { MissionPage } from '../../features/missions/components/mission-page';
import { PostList } from '../../features/posts/components/post-list';
import { useSessionQuery } from '../../lib/session';
import { placeField } from './mission-place-field';

// The composer is heavy and only members who press Post update need it: loaded on that press.
const PostComposerModal = lazy(() =>
  import('../../features/posts/components/post-composer-modal').then((m) => ({
    default: m.PostComposerModal,
  })),
);

/**
 * /missions/{id}: the mission page with the posts feature's parts — its updates as post cards,
 * the composer in update mode with this mission chosen, and the place search for Edit.
 */
export function MissionRoute() {
  const viewerId = useSessionQuery().data!._id;
  return (
    <MissionPage
      place={placeField}
      updates={(missionId) => (
        <PostList
          key={missionId}
          list={{ mission: missionId }}
          viewerId={viewerId}
          empty={
            <p className="text-sm text-slate-600">
              No updates yet. Members post progress here for followers to see.
            </p>
          }
        />
      )}
      postUpdate={(mission, onClose) => (
        <Suspense fallback={null}>
          <PostComposerModal open onOpenChange={(open) => !open && onClose()} initialMission={mission} />
        </Suspense>
      )}
    />
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { MissionRoute as Component };
