import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonStyles } from '../../../components/person-row';
import { ApiClientError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { getMission } from '../api/get-mission';
import { missionKeys, missionStaleTimes } from '../api/mission-keys';
import { JoinMissionButton } from './join-mission-dialog';
import { missionTitle } from './mission-bits';

const small = `${buttonStyles.outline} !px-3 !py-1 text-xs`;

/**
 * Join on a post card that references a mission (PRODUCT.md "Post card"), shown to everyone but
 * the post's author. A post does not say where the viewer stands in its mission, and asking for
 * every card would cost the feed a request each; so the card uses what this tab already knows (the
 * mission page's query) and asks the server only when Join is pressed. A member then gets a link
 * to the mission instead of a form the server would refuse, and a pending request says so.
 */
export function PostMissionJoin({ mission }: { mission: { missionId: string; title: string } }) {
  const queryClient = useQueryClient();
  const id = mission.missionId;
  const title = missionTitle(mission);
  const query = {
    queryKey: missionKeys.detail(id),
    queryFn: () => getMission(id),
    staleTime: missionStaleTimes.detail,
  };
  // Never fetches by itself: it shows what the cache holds and follows it.
  const known = useQuery({ ...query, enabled: false }).data;

  if (known && known.role !== 'none')
    return (
      <Link to={paths.mission(id)} className={small}>
        Open mission
      </Link>
    );
  if (known?.joinRequest === 'pending')
    return <span className="text-xs font-medium text-brand-700">Requested</span>;
  if (known && !known.can.join) return null;

  async function mayAsk(): Promise<boolean> {
    try {
      const m = await queryClient.fetchQuery(query);
      if (m.role !== 'none') toast.success(`You're already a member of ${title}`);
      else if (m.joinRequest === 'pending')
        toast.success(`Your request to join ${title} is waiting for an answer`);
      else if (!m.can.join) toast.error(`${title} is not taking new members`);
      return m.role === 'none' && m.joinRequest !== 'pending' && m.can.join;
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 404) {
        toast.error('This mission is no longer available');
        return false;
      }
      // Not known (offline, a hiccup): the dialog opens, and the server answers the request itself.
      return true;
    }
  }

  // Asked again once the request is sent, so the card says Requested at once.
  const joined = () => void queryClient.fetchQuery({ ...query, staleTime: 0 }).catch(() => undefined);
  return (
    <JoinMissionButton
      missionId={id}
      missionTitle={title}
      className={small}
      beforeOpen={mayAsk}
      onJoined={joined}
    />
  );
}
