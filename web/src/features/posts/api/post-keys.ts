import { sharedKeys } from '../../../lib/query-keys';
import type { BoardFilters } from './get-emergency-board';
import type { PickerMode } from './get-my-missions';
import type { PostList } from './post-list-url';

const root = ['posts'] as const;
const lists = [...root, 'list'] as const;

/** The posts feature's query keys: every one starts at `postKeys.all` or at a shared key. */
export const postKeys = {
  all: root,
  /** Every cached list of posts (feeds, a person's, a hashtag's, saved, the board): where a change to one post goes. */
  lists,
  list: (list: PostList) => [...lists, list] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  comments: (id: string) => [...root, 'comments', id] as const,
  /** Ids of posts the socket announced for my home feed, not loaded yet (client state, never fetched). */
  newInFeed: [...root, 'new-in-feed'] as const,
  missionPicker: (mode: PickerMode) => [...sharedKeys.missionPickers, mode] as const,
  mentions: (query: string | null) => [...root, 'mentions', query] as const,
  linkPreview: (url: string | undefined) => [...root, 'link-preview', url] as const,
  followedHashtags: [...sharedKeys.hashtags, 'followed'] as const,
  historicalHashtags: [...sharedKeys.hashtags, 'historical'] as const,
};

/**
 * Under the posts lists' root, so a like, save or offer on a board card shows on the board too
 * (post-cache.ts updates every cached list).
 */
export const boardKeys = {
  all: [...lists, 'emergency-board'] as const,
  list: (filters: BoardFilters) => [...lists, 'emergency-board', filters] as const,
};

/** The posts feature's mutation keys, for the toggles that must not answer over each other (decision 057). */
export const postMutationKeys = {
  /**
   * The toggles on a post (like, save), under one prefix: an answer, a rollback or a refetch of
   * the lists waits while any of them is pending.
   */
  toggles: [...root, 'toggle'] as const,
  like: [...root, 'toggle', 'like'] as const,
  save: [...root, 'toggle', 'save'] as const,
  /** Following a hashtag or not: the followed list is one answer, so one such toggle at a time. */
  followHashtag: [...root, 'follow-hashtag'] as const,
};
