import { TrendingHashtagsPanel } from '../../features/hashtags/components/trending-hashtags-panel';
import { HomePage } from '../../features/home/components/home-page';
import { MissionLinks } from '../../features/missions/components/mission-links';
import { PostMissionJoin } from '../../features/missions/components/post-mission-join';
import { PeopleYouMayKnow } from '../../features/network/components/people-you-may-know';
import { ComposerPrompt } from '../../features/posts/components/composer-prompt';
import { PostList } from '../../features/posts/components/post-list';
import { useSessionQuery } from '../../lib/session';

/**
 * / for a signed-in person: the home feature's columns filled by the features that own the parts
 * (composed here, in its own chunk, so the entry every visitor loads stays small).
 */
export function HomeRoute() {
  const user = useSessionQuery().data!;
  return (
    <HomePage
      user={user}
      composer={<ComposerPrompt user={user} />}
      missions={<MissionLinks />}
      feed={<PostList list={{ feed: true }} viewerId={user._id} missionAction={(m) => <PostMissionJoin mission={m} />} empty={<p className="text-sm text-slate-600">Nothing here yet. Share a need or an offer to get things moving.</p>} />}
      aside={<><TrendingHashtagsPanel /><PeopleYouMayKnow limit={5} /></>}
      discover={<PeopleYouMayKnow variant="strip" limit={10} />}
    />
  );
}
