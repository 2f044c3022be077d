import type { Post } from '@muster/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './get-posts';
import { updateCachedPost } from './post-cache';

export async function setSaved(id: string, saved: boolean): Promise<Post> {
  return (
    await (saved
      ? api.post<{ data: Post }>(`/posts/${id}/save`)
      : api.delete<{ data: Post }>(`/posts/${id}/save`))
  ).data;
}

export function useSavePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) => setSaved(id, saved),
    onMutate: ({ id, saved }) => updateCachedPost(queryClient, id, (p) => ({ ...p, savedByMe: saved })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.list({ saved: true }) }),
    onError: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
