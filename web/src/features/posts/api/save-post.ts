import type { Post } from '@muster/contract/posts';
import { api } from '../../../lib/api-client';
import { postKeys, postMutationKeys } from './post-keys';
import { usePostToggleMutation } from './post-toggle';

export async function setSaved(id: string, saved: boolean): Promise<Post> {
  return (
    await (saved
      ? api.post<{ data: Post }>(`/posts/${id}/save`)
      : api.delete<{ data: Post }>(`/posts/${id}/save`))
  ).data;
}

/** Optimistic like a like (post-toggle.ts); once the taps are over, the saved list is asked again. */
export function useSavePostMutation() {
  return usePostToggleMutation({
    mutationKey: postMutationKeys.save,
    flip: (post) => ({ id: post._id, saved: !post.savedByMe }),
    send: ({ id, saved }: { id: string; saved: boolean }) => setSaved(id, saved),
    change: ({ saved }) => ({ savedByMe: saved }),
    settled: (queryClient) => queryClient.invalidateQueries({ queryKey: postKeys.list({ saved: true }) }),
  });
}
