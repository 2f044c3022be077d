/** Every hash route of the app (spec §2), in one place. */
export const paths = {
  home: '/',
  landing: '/muster',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  signInLink: '/sign-in-link',
  /** A mail's one-click unsubscribe page (issue 34): open signed in or not. */
  unsubscribe: '/unsubscribe',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  about: '/about',
  launch: '/launch',
  partners: '/partners',
  collaborators: '/collaborators',
  tasks: '/tasks',
  offers: '/offers',
  matches: '/matches',
  network: '/network',
  followedMissions: '/followed-missions',
  helpCenter: '/help-center',
  settings: '/settings',
  settingsMuted: '/settings/muted',
  settingsBlocked: '/settings/blocked',
  notificationSettings: '/settings/notifications',
  /** Saved alerts: new posts like these near a place (issue 37 item 2, decision 080). */
  alertSettings: '/settings/alerts',
  privacySettings: '/privacy-settings',
  /** Ask to be verified as an organisation, and follow the request (decision 069). */
  organisationSettings: '/settings/organisation',
  requests: '/requests',
  savedPosts: '/savedposts',
  notifications: '/notifications',
  chats: '/chats',
  chat: (chatId: string) => `/chats/${chatId}`,
  missionChat: (missionId: string) => `/chat/${missionId}`,
  search: '/search',
  /** Issue 37: needs, wants, provisions and missions on a map; filters and view in the query (decision 079). */
  map: '/map',
  hashtags: '/hashtags',
  hashtag: (tag: string) => `/hashtag/${encodeURIComponent(tag)}`,
  post: (postId: string) => `/post/${postId}`,
  profile: (username: string) => `/profile/${username}`,
  createMission: '/create-mission',
  mission: (missionId: string) => `/missions/${missionId}`,
  verificationPending: '/verification-pending',
  verifyEmail: '/verify-email',
  verifyEmailChange: '/verify-email-change',
  verifyEmailSignup: '/verify-email-signup',
  journalist: '/journalist',
  hunt: '/hunt',
  collaboration: (categoryId: string) => `/collaboration/${categoryId}`,
  collaborationRequest: (categoryId: string, requestId: string) =>
    `/collaboration/${categoryId}/${requestId}`,
  collaborationEdit: (categoryId: string, requestId: string) =>
    `/collaboration/${categoryId}/${requestId}/edit`,
} as const;

/**
 * Spec §2: the only pages a signed-out visitor may open (plus the password-reset pages, and the
 * product-launch showcase PRODUCT.md adds; like /about it is open signed in too).
 */
export const publicPaths: readonly string[] = [
  paths.landing,
  paths.login,
  paths.signup,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.about,
  paths.launch,
  paths.forgotPassword,
  paths.resetPassword,
  paths.signInLink,
  paths.unsubscribe,
];

/** Spec §2: pages whose signed-out visitors are told to log in, not just redirected. */
export const loginToastPaths: readonly string[] = [paths.journalist, paths.hunt];

/** Pages a signed-in person with an unverified email may still open. */
export const unverifiedPaths: readonly string[] = [
  paths.verificationPending,
  paths.verifyEmail,
  paths.verifyEmailChange,
  paths.verifyEmailSignup,
  paths.helpCenter,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.about,
];
