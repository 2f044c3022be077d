import type { Post } from '@muster/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './get-posts';
import { updateCachedPost } from './post-cache';

export async function setLiked(id: string, liked: boolean): Promise<Post> {
  return (
    await (liked
      ? api.post<{ data: Post }>(`/posts/${id}/like`)
      : api.delete<{ data: Post }>(`/posts/${id}/like`))
  ).data;
}

/** Optimistic: the heart and the count move at once; the server's answer then settles them. */
export function useLikePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => setLiked(id, liked),
    onMutate: ({ id, liked }) =>
      updateCachedPost(queryClient, id, (p) => ({
        ...p,
        likedByMe: liked,
        likeCount: p.likeCount + (liked === p.likedByMe ? 0 : liked ? 1 : -1),
      })),
    onSuccess: (post) => updateCachedPost(queryClient, post._id, () => post),
    onError: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
