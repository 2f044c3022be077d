/** The settings feature's own cache (the session itself lives in lib/session). */
export const settingsKeys = { all: ['settings'] as const };
