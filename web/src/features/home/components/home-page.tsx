import { collaborationCategories, collaborationCategoryIds } from '@muster/contract/collaboration-constants';
import type { SessionUser } from '@muster/contract/users';
import { ArrowRight, Bookmark, Handshake, MessagesSquare, Settings, Siren, Target } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useIdle } from '../../../lib/use-idle';
import { useMediaQuery } from '../../../lib/use-media-query';
import { Avatar } from '../../../components/avatar';

const cardLink = 'flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50';

/**
 * / for a signed-in person (PRODUCT.md): profile card (picture, name, headline, connection count,
 * links to saved posts and my missions) on the left; the composer and the feed in the centre;
 * trending hashtags, people you may know and collaboration categories on the right. Below
 * 1024 px the right column is hidden, so `discover` (people you may know as a strip, trending
 * hashtags) shows above the feed instead. The router hands in the parts that belong to other
 * features: `connections` is my connection count. The side columns render once the first screen
 * has (useIdle), and only at the widths that show them (useMediaQuery, Tailwind's md: and lg:): on
 * a phone they cost renders and requests no one sees, and so does `discover` on a wide screen
 * (decision 027).
 */
export function HomePage({
  user,
  composer,
  feed,
  aside,
  discover,
  missions,
  connections,
}: {
  user: SessionUser;
  composer: React.ReactNode;
  feed: React.ReactNode;
  aside: React.ReactNode;
  discover?: React.ReactNode;
  missions?: React.ReactNode;
  connections?: React.ReactNode;
}) {
  const idle = useIdle();
  const left = useMediaQuery('(min-width: 768px)');
  const right = useMediaQuery('(min-width: 1024px)');
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 md:grid-cols-[15rem_1fr] lg:grid-cols-[15rem_1fr_18rem]">
      <aside className="hidden space-y-4 md:block">
        {idle && left && (
          <>
            <section
              className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              aria-label="Your profile"
            >
              <div className="h-16 bg-gradient-to-r from-brand-600 to-brand-400" aria-hidden="true" />
              <div className="-mt-8 px-4 pb-4 text-center">
                <Avatar person={user} className="mx-auto size-16 ring-4 ring-white" />
                <Link
                  to={paths.profile(user.username)}
                  className="mt-2 block font-semibold text-slate-900 hover:underline"
                >
                  {user.firstName} {user.lastName}
                </Link>
                <p className="break-words text-xs text-slate-500">
                  {user.headline || 'Add a headline so people know what you do'}
                </p>
                {connections && (
                  <div className="mt-3 border-t border-slate-100 pt-3 text-sm">{connections}</div>
                )}
              </div>
              <div className="border-t border-slate-100 p-2">
                <Link to={paths.savedPosts} className={cardLink}>
                  <Bookmark className="size-4" aria-hidden="true" /> Saved posts
                </Link>
                {/* My missions are the Missions tab of my profile. */}
                <Link to={`${paths.profile(user.username)}?tab=missions`} className={cardLink}>
                  <Target className="size-4" aria-hidden="true" /> My missions
                </Link>
                <Link to={paths.matches} className={cardLink}>
                  <Handshake className="size-4" aria-hidden="true" /> Matches
                </Link>
                <Link to={paths.chats} className={cardLink}>
                  <MessagesSquare className="size-4" aria-hidden="true" /> Chats
                </Link>
                <Link to={paths.journalist} className={cardLink}>
                  <Siren className="size-4" aria-hidden="true" /> Emergency board
                </Link>
                <Link to={paths.settings} className={cardLink}>
                  <Settings className="size-4" aria-hidden="true" /> Settings & Privacy
                </Link>
              </div>
            </section>
            {missions}
          </>
        )}
      </aside>
      <div className="min-w-0 space-y-4">
        <h1 className="sr-only">Home</h1>
        {composer}
        {discover && !right && <div className="space-y-4 empty:hidden lg:hidden">{discover}</div>}
        {feed}
      </div>
      <aside className="hidden space-y-4 lg:block">
        {idle && right && (
          <>
            {aside}
            <section
              aria-labelledby="collab-heading"
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-baseline justify-between">
                <h2 id="collab-heading" className="font-semibold text-slate-900">
                  Collaborate
                </h2>
                <Link
                  to={paths.collaboration('all')}
                  className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap text-sm font-medium text-brand-700 hover:underline"
                >
                  See all <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
              <ul className="mt-2 space-y-1">
                {collaborationCategoryIds
                  .filter((id) => id !== 'all')
                  .map((id) => {
                    const c = collaborationCategories[id];
                    return (
                      <li key={id}>
                        <Link
                          to={paths.collaboration(id)}
                          className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-50"
                        >
                          <span
                            className="size-2.5 rounded-full"
                            style={{ backgroundColor: c.color }}
                            aria-hidden="true"
                          />{' '}
                          {c.name}
                        </Link>
                      </li>
                    );
                  })}
              </ul>
            </section>
          </>
        )}
      </aside>
    </div>
  );
}
