import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { removeCachedPost } from './post-cache';

export async function deletePost(id: string): Promise<void> {
  await api.delete(`/posts/${id}`);
}

export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePost, onSuccess: (_d, id) => removeCachedPost(queryClient, id) });
}
