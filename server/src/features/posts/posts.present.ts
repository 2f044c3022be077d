import type { JsonText } from '../../platform/json-text.js';
import type { PostRow } from './posts.queries.js';

/**
 * The post's JSON text as PostgreSQL wrote it, with what belongs to this viewer added before its
 * last brace: what they did to it, who offered (their own posts only, as PostgreSQL wrote it) and,
 * in the home feed, why it is there.
 */
export function presentPost(
  row: PostRow,
  mine: { likedByMe: boolean; savedByMe: boolean; offeredBy?: JsonText | undefined },
  via?: 'network' | 'public',
): JsonText {
  const how = via ? `,"via":"${via}"` : '';
  return `${row.post.slice(0, -1)},"likedByMe":${mine.likedByMe},"savedByMe":${mine.savedByMe},"offeredBy":${mine.offeredBy ?? '[]'}${how}}` as JsonText;
}

/**
 * A shared post text with the exact place in place of the public one, for a viewer who may see it
 * (issue 16): an accepted helper, a mission's member. Rare, so parsing this one post is fine.
 */
export function withExactPlace(post: JsonText, place: unknown): JsonText {
  const parsed = JSON.parse(post) as Record<string, unknown>;
  parsed.mapLocation = place;
  return JSON.stringify(parsed) as JsonText;
}
