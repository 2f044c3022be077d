import type { CollaborationRequest } from '@muster/contract/collaboration';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { collaborationKeys } from './collaboration-keys';

export async function getCollaborationRequest(requestId: string): Promise<CollaborationRequest> {
  return (await api.get<{ data: CollaborationRequest }>(`/collaboration/${requestId}`)).data;
}

export function useCollaborationRequestQuery(requestId: string) {
  return useQuery({
    queryKey: collaborationKeys.detail(requestId),
    queryFn: () => getCollaborationRequest(requestId),
  });
}
