import type { SessionUser } from '@muster/contract/users';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import {
  Bell,
  Bookmark,
  ChevronDown,
  HandHeart,
  Handshake,
  Home,
  Languages,
  LifeBuoy,
  LogOut,
  MapIcon,
  MessagesSquare,
  Settings,
  Shield,
  ShieldCheck,
  Siren,
  Target,
  User,
  Users,
  UsersRound,
} from 'lucide-react';
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { DialogClose, Modal } from '../../components/modal';
import { Logo } from '../../components/logo';
import { useChatRequestsQuery } from '../../features/chats/api/get-chat-requests';
import { useChatsQuery } from '../../features/chats/api/get-chats';
import { useJoinRequestsQuery } from '../../features/missions/api/get-join-requests';
import { useConnectionRequestsQuery } from '../../features/network/api/get-connection-requests';
import { useNotificationsQuery } from '../../features/notifications/api/get-notifications';
import { NotificationsDropdown } from '../../features/notifications/components/notifications-dropdown';
import { visibleNotifications } from '../../features/notifications/notification-rules';
import { useUnreadOfferCountQuery } from '../../features/offers/api/get-offer-counts';
import { SearchBox } from '../../features/search/components/search-box';
import { useTaskNotificationsQuery } from '../../features/tasks/api/get-task-notifications';
import { paths } from '../../lib/paths';
import { type StartUpStep, useIdle } from '../../lib/use-idle';
import { useMediaQuery } from '../../lib/use-media-query';
import { useLiveUpdates } from '../live-updates';
import { NotificationActions } from '../notification-actions';
import { OfferForms } from '../offer-forms';
import { ProvisionAlerts } from '../provision-alerts';
import { PushPromptSlot } from '../push-prompt-slot';
import { endPushHere } from '../../lib/push-browser';
import { SkipLink } from '../../components/skip-link';
import { Avatar } from '../../components/avatar';
import { staffPaths } from '../../lib/staff-paths';

/** Spec §7: the combined chat badge is unread chat messages + chat requests + join requests + task notifications. */
export function chatBadgeCount(counts: {
  unreadMessages: number;
  chatRequests: number;
  joinRequests: number;
  taskNotifications: number;
}): number {
  return counts.unreadMessages + counts.chatRequests + counts.joinRequests + counts.taskNotifications;
}

/**
 * The navigation badges (spec §2, §7): live over the socket, polled every 30 s while it is down.
 * Each badge is its own component asking for its own counts, so an answer re-renders one badge,
 * not the whole shell; and each mounts at its own step of the start-up (`Later`), so their seven
 * count calls come after the first screen, a few at a time: all at once they were one task of
 * 0.15–0.3 s with Lighthouse watching the network (×4 on its phone), a task per fetch and timer
 * they start (decisions 027, 032).
 */
function Later({
  step,
  before = null,
  children,
}: {
  step: StartUpStep;
  before?: React.ReactNode;
  children: React.ReactNode;
}) {
  return useIdle(step) ? children : before;
}

function NetworkBadge() {
  const connections = useConnectionRequestsQuery();
  return <CountBadge count={connections.data?.length ?? 0} label="Pending connection requests" />;
}

function OffersBadge() {
  const offers = useUnreadOfferCountQuery();
  return <CountBadge count={offers.data ?? 0} label="Unread offers" />;
}

function ChatsBadge() {
  const chats = useChatsQuery();
  const chatRequests = useChatRequestsQuery();
  const joinRequests = useJoinRequestsQuery();
  const tasks = useTaskNotificationsQuery();
  const count = chatBadgeCount({
    unreadMessages: (chats.data ?? []).reduce((sum, c) => sum + c.unreadCount, 0),
    chatRequests: chatRequests.data?.length ?? 0,
    joinRequests: joinRequests.data?.length ?? 0,
    taskNotifications: tasks.data?.length ?? 0,
  });
  return <CountBadge count={count} label="Chats" />;
}

function AlertsBadge() {
  const notifications = useNotificationsQuery();
  return (
    <CountBadge
      count={visibleNotifications(notifications.data).filter((n) => !n.read).length}
      label="Unread alerts"
    />
  );
}

const topItem = ({ isActive }: { isActive: boolean }) =>
  `relative flex flex-col items-center gap-0.5 rounded-lg px-3 py-1.5 text-xs font-medium ${isActive ? 'text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`;
const bottomItem = ({ isActive }: { isActive: boolean }) =>
  `relative flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${isActive ? 'text-brand-700' : 'text-slate-600'}`;

/**
 * The signed-in frame: top bar at 768 px and wider, bottom bar below (spec §2 Navigation). Only the
 * navigation the width shows is rendered (useMediaQuery, Tailwind's md:), not both with one hidden
 * by CSS: on a phone the top bar's links, badges and notifications dropdown were a share of the
 * first render no one saw, and the bottom bar's on a desktop (decision 027).
 */
export function AppShell({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  // The socket opens at the start-up's last step, after the first screen and the badges.
  useLiveUpdates(user._id, useIdle('live'));
  const wide = useMediaQuery('(min-width: 768px)');
  const [languageOpen, setLanguageOpen] = useState(false);
  const navigate = useNavigate();

  const icon = (Icon: typeof Home, badge?: React.ReactNode) => (
    <span className="relative">
      <Icon className="size-5" aria-hidden="true" />
      {badge}
    </span>
  );

  const shell = (
    <div className="min-h-dvh bg-slate-50 pb-16 md:pb-0">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 md:h-16">
          <Logo to={paths.home} />
          {/* Spec §2 "Global search box": inline on wide screens, a button opening an overlay below 768 px. */}
          <div className="flex flex-1 items-center justify-end md:justify-start md:px-2">
            <SearchBox />
          </div>
          {wide && (
            <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
              <NavLink to={paths.home} end className={topItem}>
                {icon(Home)}
                <span>Home</span>
              </NavLink>
              {/* Issue 37: where help is needed. A phone reaches it from the profile menu (five tabs). */}
              <NavLink to={paths.map} className={topItem}>
                {icon(MapIcon)}
                <span>Map</span>
              </NavLink>
              <NavLink to={paths.network} className={topItem}>
                {icon(
                  Users,
                  <Later step="badges">
                    <NetworkBadge />
                  </Later>,
                )}
                <span>Network</span>
              </NavLink>
              <NavLink to={paths.offers} className={topItem}>
                {icon(
                  HandHeart,
                  <Later step="badges">
                    <OffersBadge />
                  </Later>,
                )}
                <span>Offers</span>
              </NavLink>
              <NavLink to={paths.chats} className={topItem}>
                {icon(
                  MessagesSquare,
                  <Later step="chatsBadge">
                    <ChatsBadge />
                  </Later>,
                )}
                <span>Missions</span>
              </NavLink>
              {/* Until its step, an inert stand-in of the same size: the dropdown asks for the notifications. */}
              <Later
                step="alerts"
                before={
                  <span
                    className="flex flex-col items-center gap-0.5 px-3 py-1.5 text-xs font-medium text-slate-600"
                    aria-hidden="true"
                  >
                    <Bell className="size-5" />
                    <span>Alerts</span>
                  </span>
                }
              >
                <NotificationsDropdown badge={(n) => <CountBadge count={n} label="Unread alerts" />} />
              </Later>
            </nav>
          )}
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="flex items-center gap-1 rounded-full p-0.5 pr-1.5 hover:bg-slate-100"
              aria-label="Profile menu"
            >
              <Avatar person={user} className="size-8" />
              <ChevronDown className="hidden size-4 text-slate-500 md:block" aria-hidden="true" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="end"
                sideOffset={8}
                className="z-50 w-64 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-xl"
              >
                <div className="flex items-center gap-3 px-3 py-2.5">
                  <Avatar person={user} className="size-10 shrink-0" />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">
                      {user.firstName} {user.lastName}
                    </p>
                    <p className="truncate text-xs text-slate-500">{user.headline || `@${user.username}`}</p>
                  </div>
                </div>
                <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
                {[
                  {
                    label: 'View Profile',
                    Icon: User,
                    onSelect: () => navigate(paths.profile(user.username)),
                  },
                  // Home's side cards reach these on a wide screen; a phone has no side cards, and
                  // its bottom bar holds the spec's five sections only, so the menu is the way in.
                  { label: 'Map of needs', Icon: MapIcon, onSelect: () => navigate(paths.map) },
                  { label: 'Saved posts', Icon: Bookmark, onSelect: () => navigate(paths.savedPosts) },
                  {
                    label: 'My missions',
                    Icon: Target,
                    onSelect: () => navigate(`${paths.profile(user.username)}?tab=missions`),
                  },
                  {
                    label: 'Collaborate',
                    Icon: UsersRound,
                    onSelect: () => navigate(paths.collaboration('all')),
                  },
                  { label: 'Matches', Icon: Handshake, onSelect: () => navigate(paths.matches) },
                  { label: 'Emergency board', Icon: Siren, onSelect: () => navigate(paths.journalist) },
                  // Staff only (decision 067): the queue for moderators and admins, roles and the log
                  // for admins. Compared as text: the shell does not load the contract's schemas.
                  ...(user.role === 'moderator' || user.role === 'admin'
                    ? [{ label: 'Moderation', Icon: Shield, onSelect: () => navigate(staffPaths.moderation) }]
                    : []),
                  ...(user.role === 'admin'
                    ? [{ label: 'Admin', Icon: ShieldCheck, onSelect: () => navigate(staffPaths.adminStaff) }]
                    : []),
                  { label: 'Settings & Privacy', Icon: Settings, onSelect: () => navigate(paths.settings) },
                  { label: 'Language', Icon: Languages, onSelect: () => setLanguageOpen(true) },
                  { label: 'Help Center', Icon: LifeBuoy, onSelect: () => navigate(paths.helpCenter) },
                  // This browser stops getting the person's pushes first: a shared computer must not
                  // show the last person's notices (decision 064). Bounded: sign-out never waits long.
                  { label: 'Sign Out', Icon: LogOut, onSelect: () => void endPushHere().then(onSignOut) },
                ].map(({ label, Icon, onSelect }) => (
                  <DropdownMenu.Item
                    key={label}
                    onSelect={onSelect}
                    className="flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900"
                  >
                    <Icon className="size-4" aria-hidden="true" /> {label}
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      {/* After a first post or offer, once: would they like a push when someone answers (decision 064)? */}
      <PushPromptSlot userId={user._id} />

      {!wide && (
        <nav
          aria-label="Main"
          className="fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
        >
          <NavLink to={paths.home} end className={bottomItem}>
            {icon(Home)}
            <span>Home</span>
          </NavLink>
          <NavLink to={paths.network} className={bottomItem}>
            {icon(
              Users,
              <Later step="badges">
                <NetworkBadge />
              </Later>,
            )}
            <span>Network</span>
          </NavLink>
          <NavLink to={paths.offers} className={bottomItem}>
            {icon(
              HandHeart,
              <Later step="badges">
                <OffersBadge />
              </Later>,
            )}
            <span>Offers</span>
          </NavLink>
          <NavLink to={paths.chats} className={bottomItem}>
            {icon(
              MessagesSquare,
              <Later step="chatsBadge">
                <ChatsBadge />
              </Later>,
            )}
            <span>Chats</span>
          </NavLink>
          <NavLink to={paths.notifications} className={bottomItem}>
            {icon(
              Bell,
              <Later step="alerts">
                <AlertsBadge />
              </Later>,
            )}
            <span>Alerts</span>
          </NavLink>
        </nav>
      )}

      <Modal
        open={languageOpen}
        onOpenChange={setLanguageOpen}
        title="Language"
        description="English is the only supported language for now. More languages are coming soon."
        showDescription
        size="sm"
      >
        <div className="flex justify-end">
          <DialogClose className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
            OK
          </DialogClose>
        </div>
      </Modal>
    </div>
  );
  // Notification rows offer their answers (Keep open on "Still needed?"), composed from the features;
  // the posts' and missions' Offer help dialogs show the offers feature's form.
  return (
    <NotificationActions>
      <OfferForms>
        <ProvisionAlerts>{shell}</ProvisionAlerts>
      </OfferForms>
    </NotificationActions>
  );
}
