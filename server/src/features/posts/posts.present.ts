import type { Post } from '@muster/contract/posts';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { CommentRow, PostRow } from './posts.queries.js';

/** The post as PostgreSQL wrote it, with what this viewer did to it. */
export function presentPost(row: PostRow, mine: { likedByMe: boolean; savedByMe: boolean }): Post {
  return { ...row.post, likedByMe: mine.likedByMe, savedByMe: mine.savedByMe };
}

export function presentComment(c: CommentRow) {
  return {
    _id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    content: c.content,
    createdAt: c.createdAt.toISOString(),
    author: {
      _id: c.authorId,
      username: c.username,
      firstName: c.firstName,
      lastName: c.lastName,
      headline: c.headline,
      profilePicture: c.profilePicture ?? DEFAULT_AVATAR,
    },
  };
}
