import { buttonStyles } from '../../../components/person-row';
import { JoinMissionButton } from './join-mission-dialog';
import { missionTitle } from './mission-bits';

/**
 * Join on a post card that references a mission (PRODUCT.md "Post card"): opens the join-mission
 * dialog. Shown to everyone but the post's author; the server refuses members and answers why.
 */
export function PostMissionJoin({ mission }: { mission: { missionId: string; title: string } }) {
  return <JoinMissionButton missionId={mission.missionId} missionTitle={missionTitle(mission)} className={`${buttonStyles.outline} !px-3 !py-1 text-xs`} />;
}
