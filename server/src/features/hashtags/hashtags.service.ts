import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import { inTransaction } from '../../platform/transaction.js';
import type { Deps } from '../../platform/deps.js';
import { microCachePerApp } from '../../platform/micro-cache.js';
import {
  followedHashtags,
  followHashtag,
  historicalHashtags,
  trendingHashtags,
  unfollowHashtag,
} from './hashtags.queries.js';

/** Tags I have used, most used first (the composer suggests them). */
export async function myHistoricalHashtags(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await historicalHashtags(deps.db, me.id)).map((r) => r.tag);
}

const trendingCache = microCachePerApp<ReturnType<typeof trendingHashtags>>({ ttlMs: 60_000, max: 10 });

/**
 * The week's most used hashtags. Counting a week of tags costs hundreds of milliseconds at a
 * million posts, and the answer barely moves in a minute, so each process keeps it for 60 s.
 */
export async function trending(deps: Deps, viewer: Viewer | null, limit: number) {
  requireViewer(viewer);
  return trendingCache(deps).remember(String(limit), () => trendingHashtags(deps.db, limit));
}

/** Follows or unfollows a tag (case-blind); answers the tags I follow now. */
export async function setHashtagFollowed(deps: Deps, viewer: Viewer | null, tag: string, follow: boolean) {
  const me = requireViewer(viewer);
  const name = tag.toLowerCase();
  await inTransaction(deps.db, async (trx) => {
    await (follow ? followHashtag(trx, me.id, name) : unfollowHashtag(trx, me.id, name));
    // The posts feature drops my home feed's network head, which walks the tags I follow.
    await deps.events.emit(trx, follow ? 'hashtag.followed' : 'hashtag.unfollowed', {
      userId: me.id,
      tag: name,
    });
  });
  return myFollowedHashtags(deps, me);
}

export async function myFollowedHashtags(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await followedHashtags(deps.db, me.id)).map((r) => r.tag);
}
