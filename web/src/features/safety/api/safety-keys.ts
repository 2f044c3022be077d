import type { QueryClient } from '@tanstack/react-query';

const root = ['safety'] as const;

/** The safety feature's cache: every query key starts at `safetyKeys.all`. */
export const safetyKeys = {
  all: root,
  blocked: [...root, 'blocked'] as const,
  muted: [...root, 'muted'] as const,
  /** People on other servers I blocked (decision 092). */
  remoteBlocked: [...root, 'remote-blocked'] as const,
  /** My strikes and their appeals (issue 35): /settings/standing. */
  strikes: [...root, 'strikes'] as const,
  /** The strike an appeal link names (decision 070), for someone signed out. */
  byLink: (token: string) => [...root, 'strike-by-link', token] as const,
};

/**
 * Blocking and muting change what every list shows — the feed, comments, notifications, chats,
 * suggestions, someone's profile — so after one, everything cached is stale. Not awaited: the
 * person who just blocked someone leaves their profile at once instead of waiting for refetches.
 */
export function afterVisibilityChange(queryClient: QueryClient) {
  void queryClient.invalidateQueries();
}
