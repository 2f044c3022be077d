import type { Post } from '@muster/contract/posts';
import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { PostRow } from './posts.queries.js';

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
