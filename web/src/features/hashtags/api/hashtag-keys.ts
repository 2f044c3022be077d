import { sharedKeys } from '../../../lib/query-keys';

/** The hashtags feature's query keys, under the shared hashtags root (a new post refreshes them). */
export const hashtagKeys = {
  all: sharedKeys.hashtags,
  trending: [...sharedKeys.hashtags, 'trending'] as const,
  everything: [...sharedKeys.hashtags, 'all'] as const,
};
