import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * "This covers my need": on accepting an offer on a post, close the need and credit the helper
 * (the same edit the post card's Mark fulfilled makes; the posts feature owns its cache).
 */
export async function markNeedFulfilled({
  postId,
  helperId,
}: {
  postId: string;
  helperId: string;
}): Promise<void> {
  await api.patch(`/posts/${encodeURIComponent(postId)}`, { status: 'fulfilled', creditedIds: [helperId] });
}

export function useMarkNeedFulfilledMutation() {
  return useMutation({ mutationFn: markNeedFulfilled });
}
