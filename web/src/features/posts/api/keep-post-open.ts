import type { NeedOpenDays, Post } from '@muster/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateCachedPost } from './post-cache';

/** POST /posts/{id}/keep-open (issue 16): open for `openForDays` more from now (the server's default when left out). */
export async function keepPostOpen(id: string, openForDays?: NeedOpenDays): Promise<Post> {
  return (await api.post<{ data: Post }>(`/posts/${id}/keep-open`, openForDays ? { openForDays } : {})).data;
}

export function useKeepPostOpenMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, openForDays }: { id: string; openForDays?: NeedOpenDays }) =>
      keepPostOpen(id, openForDays),
    onSuccess: (post) => updateCachedPost(queryClient, post._id, () => post),
  });
}
