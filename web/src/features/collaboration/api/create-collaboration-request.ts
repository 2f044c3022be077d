import type { CollaborationRequest, CreateCollaborationInput } from '@muster/contract/collaboration';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys } from './collaboration-keys';

export async function createCollaborationRequest(
  input: CreateCollaborationInput,
): Promise<CollaborationRequest> {
  return (await api.post<{ data: CollaborationRequest }>('/collaboration', input)).data;
}

export function useCreateCollaborationRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollaborationRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collaborationKeys.all }),
  });
}
