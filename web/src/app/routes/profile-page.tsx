import { Link, useNavigate } from 'react-router';
import { MessageButton } from '../../features/chats/components/message-button';
import { MissionsList } from '../../features/missions/components/my-missions';
import { ConnectionActions } from '../../features/network/components/connection-actions';
import { PersonConnections } from '../../features/network/components/person-connections';
import { PostList } from '../../features/posts/components/post-list';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { PersonMenu } from '../../features/safety/components/person-menu';
import { paths } from '../../lib/paths';
import { useSessionQuery } from '../../lib/session';

/**
 * /profile/{username}: the profile feature's page with the parts other features own (composed
 * here, in its own chunk, so the entry every visitor loads stays small).
 */
export function ProfileRoute() {
  const viewer = useSessionQuery().data!;
  const navigate = useNavigate();
  return (
    <ProfilePage
      // Message sits beside the connection action unless the profile is for connections only.
      actions={(p, refresh) => (
        <ConnectionActions
          person={p}
          onChange={refresh}
          message={
            p.limited ? undefined : (
              <MessageButton recipient={p} variant={p.connection === 'connected' ? 'primary' : 'outline'} />
            )
          }
        />
      )}
      // Blocking hides the profile from now on: leave it, and keep Back from returning to it.
      menu={(p, refresh) => (
        <PersonMenu person={p} onChange={refresh} onBlocked={() => navigate(paths.home, { replace: true })} />
      )}
      posts={(p) => (
        <PostList
          key={p.username}
          list={{ author: p.username }}
          viewerId={viewer._id}
          empty={<p className="text-sm text-slate-600">No posts yet.</p>}
        />
      )}
      needs={(p) => (
        <PostList
          key={p.username}
          list={{ author: p.username, kind: 'needs' }}
          viewerId={viewer._id}
          empty={
            <p className="text-sm text-slate-600">
              {p.isMe ? (
                <>
                  No needs or offers yet.{' '}
                  <Link to={paths.home} className="font-semibold text-brand-700 hover:underline">
                    Share one from Home
                  </Link>
                </>
              ) : (
                `${p.firstName} has no needs or offers yet.`
              )}
            </p>
          }
        />
      )}
      connections={(p) => <PersonConnections key={p._id} userId={p._id} isMe={p.isMe} />}
      missions={(p) => <MissionsList key={p._id} userId={p._id} isMe={p.isMe} />}
    />
  );
}

// The router loads this module as the route itself (react-router's lazy `Component`).
export { ProfileRoute as Component };
