const root = ['settings'] as const;

/** The settings feature's own cache (the session itself lives in lib/session). */
export const settingsKeys = {
  all: root,
  privacy: [...root, 'privacy'] as const,
};
