const root = ['settings'] as const;

/** The settings feature's own cache (the session itself lives in lib/session). */
export const settingsKeys = {
  all: root,
  privacy: [...root, 'privacy'] as const,
  /** GET /users/me/notification-settings (issue 34). */
  notifications: [...root, 'notifications'] as const,
  /** Whether this browser holds a push subscription: refetched by whatever turns push on or off here. */
  browserPush: [...root, 'browser-push'] as const,
};
