import type { CollaborationRequest, CreateCollaborationInput } from '@muster/contract/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys } from './collaboration-keys';

export type UpdateCollaborationInput = Partial<CreateCollaborationInput>;

export async function updateCollaborationRequest(
  requestId: string,
  input: UpdateCollaborationInput,
): Promise<CollaborationRequest> {
  return (await api.patch<{ data: CollaborationRequest }>(`/collaboration/${requestId}`, input)).data;
}

export function useUpdateCollaborationRequestMutation(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCollaborationInput) => updateCollaborationRequest(requestId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaborationKeys.all }),
  });
}
