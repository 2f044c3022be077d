import { sessionKeys } from '../../../lib/session-keys';

/** The auth feature's query keys, under the session's root (lib/session-keys.ts), which signing out keeps. */
export const authKeys = {
  providers: [...sessionKeys.all, 'providers'] as const,
};
