import { sharedKeys } from '../../../lib/query-keys';

/** The profile feature's query keys, under the shared profiles root (settings refreshes them). */
export const profileKeys = {
  all: sharedKeys.profiles,
  detail: (username: string) => [...sharedKeys.profiles, username.toLowerCase()] as const,
};
