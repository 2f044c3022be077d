import type { Post } from '@muster/contract/posts';
import { api } from '../../../lib/api-client';
import { postMutationKeys } from './post-keys';
import { usePostToggleMutation } from './post-toggle';

export async function setLiked(id: string, liked: boolean): Promise<Post> {
  return (
    await (liked
      ? api.post<{ data: Post }>(`/posts/${id}/like`)
      : api.delete<{ data: Post }>(`/posts/${id}/like`))
  ).data;
}

/** Optimistic: the heart and the count move at once; fast taps settle on the last (post-toggle.ts). */
export function useLikePostMutation() {
  return usePostToggleMutation({
    mutationKey: postMutationKeys.like,
    flip: (post) => ({ id: post._id, liked: !post.likedByMe }),
    send: ({ id, liked }: { id: string; liked: boolean }) => setLiked(id, liked),
    change: ({ liked }, p) => ({
      likedByMe: liked,
      likeCount: p.likeCount + (liked === p.likedByMe ? 0 : liked ? 1 : -1),
    }),
  });
}
