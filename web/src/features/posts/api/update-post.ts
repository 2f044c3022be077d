import type { Post } from '@muster/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateCachedPost } from './post-cache';

export async function updatePost(
  id: string,
  changes: {
    status?: 'open' | 'fulfilled' | 'expired';
    content?: string;
    title?: string;
    category?: string;
    creditedIds?: string[];
  },
): Promise<Post> {
  return (await api.patch<{ data: Post }>(`/posts/${id}`, changes)).data;
}

export function useUpdatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: Parameters<typeof updatePost>[1] }) =>
      updatePost(id, changes),
    onSuccess: (post) => updateCachedPost(queryClient, post._id, () => post),
  });
}
