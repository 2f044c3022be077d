import { presentCard } from '../../social/social.present.js';
import type { CommentRow } from './comments.queries.js';

export function presentComment(c: CommentRow) {
  return {
    _id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    content: c.content,
    createdAt: c.createdAt.toISOString(),
    author: presentCard({ ...c, id: c.authorId }),
    // Only its author is ever shown a hidden comment (listComments), so only they read a reason.
    hiddenReason: c.hiddenReason,
  };
}
