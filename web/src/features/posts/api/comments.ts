import type { Comment } from '@muster/contract/posts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { postKeys } from './post-keys';
import { updateCachedPost } from './post-cache';

export async function getComments(postId: string): Promise<Comment[]> {
  return (await api.get<{ data: Comment[] }>(`/posts/${postId}/comments`)).data;
}

export function useCommentsQuery(postId: string, enabled = true) {
  return useQuery({ queryKey: postKeys.comments(postId), queryFn: () => getComments(postId), enabled });
}

export async function addComment(
  postId: string,
  input: { content: string; parentId?: string },
): Promise<Comment> {
  return (await api.post<{ data: Comment }>(`/posts/${postId}/comments`, input)).data;
}

export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parentId?: string }) => addComment(postId, input),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(postKeys.comments(postId), (list) => [...(list ?? []), comment]);
      updateCachedPost(queryClient, postId, (p) => ({ ...p, commentCount: p.commentCount + 1 }));
    },
  });
}

export async function deleteComment(postId: string, commentId: string): Promise<void> {
  await api.delete(`/posts/${postId}/comments/${commentId}`);
}

/** The server removes the comment with its replies, so the count drops by all of them. */
export function useDeleteCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_d, commentId) => {
      const before = queryClient.getQueryData<Comment[]>(postKeys.comments(postId)) ?? [];
      const gone = before.filter((c) => c._id === commentId || c.parentId === commentId).length || 1;
      queryClient.setQueryData<Comment[]>(
        postKeys.comments(postId),
        before.filter((c) => c._id !== commentId && c.parentId !== commentId),
      );
      updateCachedPost(queryClient, postId, (p) => ({
        ...p,
        commentCount: Math.max(0, p.commentCount - gone),
      }));
    },
  });
}
