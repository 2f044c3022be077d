import { Link } from 'react-router';
import { TrendingHashtagsPanel } from '../../features/hashtags/components/trending-hashtags-panel';
import { HomePage } from '../../features/home/components/home-page';
import { MissionLinks } from '../../features/missions/components/mission-links';
import { PostMissionJoin } from '../../features/missions/components/post-mission-join';
import { PeopleYouMayKnow } from '../../features/network/components/people-you-may-know';
import { ComposerPrompt } from '../../features/posts/components/composer-prompt';
import { PostList } from '../../features/posts/components/post-list';
import { useProfileQuery } from '../../features/profile/api/get-profile';
import { countOf } from '../../lib/count';
import { paths } from '../../lib/paths';
import { useSessionQuery } from '../../lib/session';

/**
 * My connection count on home's profile card: the session user does not carry it, my profile
 * does (the same query the profile page uses, so either page warms the other).
 */
function MyConnectionCount({ username }: { username: string }) {
  const profile = useProfileQuery(username);
  if (profile.isPending)
    return <span className="mx-auto block h-4 w-24 animate-pulse rounded bg-slate-100" aria-hidden="true" />;
  const count = profile.data?.connectionCount;
  if (typeof count !== 'number') return null;
  // With no one yet, the next step is finding people rather than an empty list.
  return count === 0 ? (
    <Link to={paths.network} className="font-semibold text-brand-700 hover:underline">
      Find people to connect with
    </Link>
  ) : (
    <Link
      to={`${paths.profile(username)}?tab=connections`}
      className="font-semibold text-brand-700 hover:underline"
    >
      {countOf(count, 'connection')}
    </Link>
  );
}

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
      connections={<MyConnectionCount username={user.username} />}
      missions={<MissionLinks />}
      feed={
        <PostList
          list={{ feed: true }}
          viewerId={user._id}
          announceNewPosts
          missionAction={(m) => <PostMissionJoin mission={m} />}
          empty={
            <p className="text-sm text-slate-600">
              Nothing here yet. Share a need or an offer to get things moving.
            </p>
          }
        />
      }
      aside={
        <>
          <TrendingHashtagsPanel />
          <PeopleYouMayKnow limit={5} />
        </>
      }
      discover={
        <>
          <PeopleYouMayKnow variant="strip" limit={10} />
          <TrendingHashtagsPanel variant="inline" />
        </>
      }
    />
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { HomeRoute as Component };
