import type { Post } from '@muster/contract/posts';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { CommentRow, PostRow } from './posts.queries.js';

export function presentPost(p: PostRow): Post {
  return {
    _id: p.id,
    kind: p.kind as Post['kind'],
    author: {
      _id: p.authorId,
      username: p.username,
      firstName: p.firstName,
      lastName: p.lastName,
      headline: p.headline,
      profilePicture: p.profilePicture ?? DEFAULT_AVATAR,
    },
    title: p.title,
    content: p.content,
    category: p.category,
    status: (p.status as Post['status']) ?? null,
    huntType: (p.huntType as Post['huntType']) ?? null,
    image: p.image,
    video: p.video,
    file: p.fileUrl ? { url: p.fileUrl, name: p.fileName ?? 'document' } : null,
    review: (p.review as Post['review']) ?? null,
    mapLocation: (p.mapLocation as Post['mapLocation']) ?? null,
    mission: (p.mission as Post['mission']) ?? null,
    emergencyEmoji: p.emergencyEmoji,
    hashtags: p.hashtags,
    likeCount: p.likeCount,
    commentCount: p.commentCount,
    likedByMe: Boolean(p.likedByMe),
    savedByMe: Boolean(p.savedByMe),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
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
