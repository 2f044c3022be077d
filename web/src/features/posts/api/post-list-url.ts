import type { PostKind } from '@muster/contract/posts';

/**
 * Which list: the home feed, one kind (hunts), a hashtag's posts, my saved posts, a person's posts
 * (`kind: 'needs'`: only their needs, wants and provisions, the profile's Needs & Provisions tab).
 */
export type PostList =
  | { feed: true; kind?: PostKind }
  | { hashtag: string }
  | { saved: true }
  | { author: string; kind?: 'needs' }
  | { mission: string };

/**
 * A list's first page. Its own module, free of React and TanStack Query, so app/boot.ts can ask
 * for the home feed before the app's scripts have arrived.
 */
export function listUrl(list: PostList): string {
  if ('hashtag' in list) return `/posts/hashtag/${encodeURIComponent(list.hashtag)}`;
  if ('saved' in list) return '/posts/saved';
  if ('author' in list)
    return `/posts/user/${encodeURIComponent(list.author)}${list.kind ? `?kind=${list.kind}` : ''}`;
  // A mission's updates timeline (newest first), served by the missions feature.
  if ('mission' in list) return `/missions/${encodeURIComponent(list.mission)}/updates`;
  return list.kind ? `/posts/feed?kind=${list.kind}` : '/posts/feed';
}
