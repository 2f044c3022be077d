import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys } from './collaboration-keys';

export async function deleteCollaborationRequest(requestId: string): Promise<void> {
  await api.delete(`/collaboration/${requestId}`);
}

export function useDeleteCollaborationRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCollaborationRequest,
    onSuccess: (_data, requestId) => {
      queryClient.removeQueries({ queryKey: collaborationKeys.detail(requestId) });
      return queryClient.invalidateQueries({ queryKey: collaborationKeys.all });
    },
  });
}
