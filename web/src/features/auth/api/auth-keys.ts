import { sessionKeys } from '../../../lib/query-keys';

/** The auth feature's query keys, under the session's root (lib/query-keys.ts), which signing out keeps. */
export const authKeys = {
  providers: [...sessionKeys.all, 'providers'] as const,
};
