import type { CreatePostInput, Post } from '@muster/contract/posts';
import type { createHuntSchema } from '@muster/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { announcePushMoment } from '../../../lib/push-moment';
import { sharedKeys } from '../../../lib/query-keys';
import { postKeys } from './post-keys';

export async function createPost(input: CreatePostInput): Promise<Post> {
  return (await api.post<{ data: Post }>('/posts/create', input)).data;
}

export async function createHunt(input: z.infer<typeof createHuntSchema>): Promise<Post> {
  return (await api.post<{ data: Post }>('/posts/create-hunt', input)).data;
}

/**
 * On success the posts lists refresh (spec §7), and the trending tags with them; and it is the
 * moment to offer push, as answers are what the author waits for now (decision 064).
 */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      announcePushMoment();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.hashtags }),
      ]);
    },
  });
}

export function useCreateHuntMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHunt,
    onSuccess: () => {
      announcePushMoment();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.hashtags }),
      ]);
    },
  });
}
