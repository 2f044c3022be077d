const root = ['settings'] as const;

/** The settings feature's own cache (the session itself lives in lib/session). */
export const settingsKeys = {
  all: root,
  privacy: [...root, 'privacy'] as const,
  /** GET /users/me/notification-settings (issue 34). */
  notifications: [...root, 'notifications'] as const,
  /** Web Push (decision 064): this browser's state, read from the browser, never fetched. */
  pushHere: [...root, 'push', 'here'] as const,
  /** The server's VAPID public key. */
  pushKey: [...root, 'push', 'key'] as const,
};
