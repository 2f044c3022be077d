import type { SessionUser } from '@muster/contract/users';
import { createHashRouter, Outlet, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { SpinnerScreen } from '../components/spinner-screen';
import { paths } from '../lib/paths';
import { useSessionQuery } from '../lib/session';
import { RequireUser, SignedOutOnly } from './guards';
import { PageTitle } from './page-title';
import { PageToasts } from './page-toasts';
import { ScrollToTop } from './scroll-to-top';

/** The signed-in user; routes under RequireUser only render once it is known. */
function useViewer(): SessionUser {
  return useSessionQuery().data!;
}

/**
 * A lazily loaded page, so each route ships only its own code (DESIGN.md §4): a feature's page,
 * picked out of its module here. The app's own route modules (app/routes/*, the shell) export their
 * `Component` and are loaded as react-router's lazy route modules directly, a few bytes less of the
 * entry each (the landing page's budget, DESIGN.md §6).
 */
function page<M>(
  load: () => Promise<M>,
  render: (module: M) => React.ComponentType,
): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: render(await load()) }) };
}

const mailedLinkPage = { lazy: () => import('./routes/mailed-link-page') };

const publicPages: RouteObject[] = [
  {
    path: paths.contact,
    ...page(
      () => import('../features/contact/components/contact-page'),
      (m) => m.ContactPage,
    ),
  },
  {
    path: paths.privacy,
    ...page(
      () => import('../features/public/components/privacy-page'),
      (m) => m.PrivacyPage,
    ),
  },
  {
    path: paths.terms,
    ...page(
      () => import('../features/public/components/terms-page'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: paths.about,
    ...page(
      () => import('../features/public/components/about-page'),
      (m) => m.AboutPage,
    ),
  },
  {
    path: paths.launch,
    ...page(
      () => import('../features/public/components/launch-page'),
      (m) => m.LaunchPage,
    ),
  },
  {
    path: paths.forgotPassword,
    ...page(
      () => import('../features/auth/components/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword,
    ...page(
      () => import('../features/auth/components/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.signInLink,
    ...page(
      () => import('../features/auth/components/sign-in-link-page'),
      (m) => m.SignInLinkPage,
    ),
  },
  // The pages a mailed link with a token opens, signed in or not: unsubscribe (decision 063) and a
  // suspended person's appeal (decision 070). Two paths, one route module and one list of chunks,
  // which the landing page's budget needed (app/routes/mailed-link-page.tsx).
  { path: paths.unsubscribe, ...mailedLinkPage },
  { path: '/appeal', ...mailedLinkPage },
];

const signedOutPages: RouteObject[] = [
  {
    path: paths.landing,
    ...page(
      () => import('../features/public/components/landing-page'),
      (m) => m.LandingPage,
    ),
  },
  {
    path: paths.login,
    ...page(
      () => import('../features/auth/components/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: paths.signup,
    ...page(
      () => import('../features/auth/components/signup-page'),
      (m) => m.SignupPage,
    ),
  },
];

/** Pages of a signed-in person that sit outside the shell (no navigation to go astray from). */
const focusPages: RouteObject[] = [
  {
    path: paths.verificationPending,
    lazy: () => import('./routes/verification-pending-route'),
  },
  {
    path: paths.verifyEmail,
    ...page(
      () => import('../features/auth/components/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: paths.verifyEmailChange,
    ...page(
      () => import('../features/auth/components/verify-email-change-page'),
      (m) => m.VerifyEmailChangePage,
    ),
  },
  {
    path: paths.verifyEmailSignup,
    ...page(
      () => import('../features/auth/components/verify-email-signup-page'),
      (m) => m.VerifyEmailSignupPage,
    ),
  },
];

/** A page that only needs to know who is looking. */
const withViewerId = (Component: React.ComponentType<{ viewerId: string }>) =>
  function WithViewer() {
    return <Component viewerId={useViewer()._id} />;
  };

/** Issue 12: missions, their people, tasks, join requests and group chat (all signed in). */
const missionPages: RouteObject[] = [
  {
    path: paths.createMission,
    lazy: () => import('./routes/create-mission-page'),
  },
  {
    path: '/missions/:missionId',
    lazy: () => import('./routes/mission-page'),
  },
  {
    path: '/chat/:missionId',
    lazy: () => import('./routes/mission-chat-page'),
  },
  {
    path: paths.followedMissions,
    ...page(
      () => import('../features/missions/components/followed-missions-page'),
      (m) => m.FollowedMissionsPage,
    ),
  },
  {
    path: paths.partners,
    ...page(
      () => import('../features/missions/components/people-by-mission-page'),
      (m) => withViewerId(m.PartnersPage),
    ),
  },
  {
    path: paths.collaborators,
    ...page(
      () => import('../features/missions/components/people-by-mission-page'),
      (m) => withViewerId(m.CollaboratorsPage),
    ),
  },
  {
    path: paths.tasks,
    ...page(
      () => import('../features/missions/components/tasks-page'),
      (m) => m.TasksPage,
    ),
  },
  {
    path: paths.requests,
    lazy: () => import('./routes/requests-page'),
  },
];

const shellPages: RouteObject[] = [
  {
    index: true,
    lazy: () => import('./routes/home-page'),
  },
  {
    path: '/post/:postId',
    ...page(
      () => import('../features/posts/components/single-post-page'),
      (m) => withViewerId(m.SinglePostPage),
    ),
  },
  {
    path: paths.savedPosts,
    ...page(
      () => import('../features/posts/components/saved-posts-page'),
      (m) => withViewerId(m.SavedPostsPage),
    ),
  },
  {
    path: paths.hunt,
    ...page(
      () => import('../features/posts/components/hunt-page'),
      (m) => withViewerId(m.HuntPage),
    ),
  },
  {
    path: paths.journalist,
    lazy: () => import('./routes/journalist-page'),
  },
  {
    path: '/hashtag/:hashtag',
    ...page(
      () => import('../features/posts/components/hashtag-posts-page'),
      (m) => withViewerId(m.HashtagPostsPage),
    ),
  },
  {
    path: '/MobilePost/*',
    ...page(
      () => import('../features/posts/components/mobile-post-page'),
      (m) => m.MobilePostPage,
    ),
  },
  {
    path: paths.hashtags,
    ...page(
      () => import('../features/hashtags/components/hashtags-page'),
      (m) => m.HashtagsPage,
    ),
  },
  // Issue 14: full search results (/search, /search/all|needs|provisions|missions); the query and
  // category arrive as navigation state. One optional segment keeps the entry chunk small (landing budget).
  {
    path: `${paths.search}/:section?`,
    lazy: () => import('./routes/search-page'),
  },
  {
    path: paths.matches,
    lazy: () => import('./routes/matches-page'),
  },
  {
    path: paths.notifications,
    ...page(
      () => import('../features/notifications/components/notifications-page'),
      (m) => m.NotificationsPage,
    ),
  },
  {
    path: paths.settings,
    ...page(
      () => import('../features/settings/components/settings-page'),
      (m) =>
        function Settings() {
          return <m.SettingsPage user={useViewer()} />;
        },
    ),
  },
  // Blocked and muted people, the account's standing (issue 35), notifications and the
  // organisation: the settings pages under /settings/… behind one route,
  // app/routes/settings-section-page.tsx, as each route listed here weighs on the landing page.
  {
    path: '/settings/:section',
    lazy: () => import('./routes/settings-section-page'),
  },
  {
    path: paths.privacySettings,
    ...page(
      () => import('../features/settings/components/privacy-settings-page'),
      (m) => m.PrivacySettingsPage,
    ),
  },
  {
    path: '/profile/:username',
    lazy: () => import('./routes/profile-page'),
  },
  {
    path: paths.helpCenter,
    ...page(
      () => import('../features/help/components/help-center-page'),
      (m) => m.HelpCenterPage,
    ),
  },
  {
    path: paths.network,
    ...page(
      () =>
        Promise.all([
          import('../features/network/components/network-page'),
          import('../features/chats/components/message-button'),
          import('../features/federation/follows/remote-follows'),
        ]),
      ([network, chats, federation]) =>
        function Network() {
          return (
            <network.NetworkPage
              message={(user) => <chats.MessageButton recipient={user} variant="outline" />}
              elsewhere={<federation.RemoteFollows />}
            />
          );
        },
    ),
  },
  {
    path: paths.offers,
    ...page(
      () =>
        Promise.all([
          import('../features/offers/components/offers-page'),
          import('../features/chats/components/message-button'),
          import('../features/federation/sent-remote-offers'),
        ]),
      ([offers, chats, federation]) =>
        function Offers() {
          return (
            <offers.OffersPage
              message={(person) => <chats.MessageButton recipient={person} variant="outline" />}
              elsewhere={<federation.SentRemoteOffers />}
            />
          );
        },
    ),
  },
  {
    path: paths.chats,
    ...page(
      () =>
        Promise.all([
          import('../features/chats/components/chats-page'),
          import('../features/missions/components/missions-hub'),
        ]),
      ([chats, missions]) =>
        withViewerId((p) => <chats.ChatsPage {...p} missions={<missions.MissionsHub />} />),
    ),
  },
  {
    path: '/chats/:chatId',
    ...page(
      () => import('../features/chats/components/chat-page'),
      (m) => withViewerId(m.ChatPage),
    ),
  },
  {
    path: '/collaboration/:categoryId',
    ...page(
      () => import('../features/collaboration/components/collaboration-category-page'),
      (m) => withViewerId(m.CollaborationCategoryPage),
    ),
  },
  {
    path: '/collaboration/:categoryId/:requestId',
    ...page(
      () => import('../features/collaboration/components/collaboration-detail-page'),
      (m) => withViewerId(m.CollaborationDetailPage),
    ),
  },
  {
    path: '/collaboration/:categoryId/:requestId/edit',
    ...page(
      () => import('../features/collaboration/components/collaboration-edit-page'),
      (m) => withViewerId(m.CollaborationEditPage),
    ),
  },
  ...missionPages,
  // Every staff page (issue 35, decisions 067–069), behind one route: app/routes/moderation-page.tsx.
  {
    path: '/moderation/:section?/:caseId?',
    lazy: () => import('./routes/moderation-page'),
  },
  // Issue 37: the map; Leaflet and its CSS load with this route only (decision 079).
  { path: paths.map, lazy: () => import('./routes/map-page') },
  {
    path: '*',
    ...page(
      () => import('../components/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

/** Above every layout, so a new page starts at the top, and is named, whichever frame it opens in. */
function Root() {
  return (
    <>
      <ScrollToTop />
      <PageTitle />
      <PageToasts />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    Component: Root,
    HydrateFallback: SpinnerScreen,
    children: [
      { element: <PublicLayout />, children: publicPages },
      { element: <SignedOutOnly />, children: [{ element: <PublicLayout />, children: signedOutPages }] },
      {
        element: <RequireUser />,
        children: [
          ...focusPages,
          {
            path: '/',
            lazy: () => import('./layouts/signed-in-shell'),
            children: shellPages,
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routes);
}
