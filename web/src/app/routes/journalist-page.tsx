import { PostMissionJoin } from '../../features/missions/components/post-mission-join';
import { EmergencyBoardPage } from '../../features/posts/components/emergency-board-page';
import { useSessionQuery } from '../../lib/session';

/**
 * /journalist (issue 16): the posts feature's emergency board, with the missions feature's Join
 * beside a mission update's mission — composed here, in the page's own chunk, so the entry every
 * visitor loads stays small.
 */
export function JournalistRoute() {
  const viewerId = useSessionQuery().data!._id;
  return <EmergencyBoardPage viewerId={viewerId} missionAction={(m) => <PostMissionJoin mission={m} />} />;
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { JournalistRoute as Component };
