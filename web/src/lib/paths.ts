/** Every hash route of the app (spec §2), in one place. */
export const paths = {
  home: '/',
  landing: '/muster',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  about: '/about',
  partners: '/partners',
  collaborators: '/collaborators',
  tasks: '/tasks',
  offers: '/offers',
  network: '/network',
  followedMissions: '/followed-missions',
  helpCenter: '/help-center',
  settings: '/settings',
  settingsMuted: '/settings/muted',
  settingsBlocked: '/settings/blocked',
  privacySettings: '/privacy-settings',
  requests: '/requests',
  savedPosts: '/savedposts',
  notifications: '/notifications',
  chats: '/chats',
  chat: (chatId: string) => `/chats/${chatId}`,
  missionChat: (missionId: string) => `/chat/${missionId}`,
  search: '/search',
  hashtags: '/hashtags',
  hashtag: (tag: string) => `/hashtag/${encodeURIComponent(tag)}`,
  post: (postId: string) => `/post/${postId}`,
  profile: (username: string) => `/profile/${username}`,
  createMission: '/create-mission',
  mission: (missionId: string) => `/missions/${missionId}`,
  verificationPending: '/verification-pending',
  verifyEmail: '/verify-email',
  verifyEmailChange: '/verify-email-change',
  journalist: '/journalist',
  hunt: '/hunt',
  collaboration: (categoryId: string) => `/collaboration/${categoryId}`,
  collaborationRequest: (categoryId: string, requestId: string) => `/collaboration/${categoryId}/${requestId}`,
  collaborationEdit: (categoryId: string, requestId: string) => `/collaboration/${categoryId}/${requestId}/edit`,
} as const;

/** Spec §2: the only pages a signed-out visitor may open (plus the password-reset pages). */
export const publicPaths: readonly string[] = [
  paths.landing,
  paths.login,
  paths.signup,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.about,
  paths.forgotPassword,
  paths.resetPassword,
];

/** Spec §2: pages whose signed-out visitors are told to log in, not just redirected. */
export const loginToastPaths: readonly string[] = [paths.journalist, paths.hunt];

/** Pages a signed-in person with an unverified email may still open. */
export const unverifiedPaths: readonly string[] = [
  paths.verificationPending,
  paths.verifyEmail,
  paths.verifyEmailChange,
  paths.helpCenter,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.about,
];
