import type { CollaborationRequest } from '@muster/contract/collaboration';

/** Spec §3: an unknown poster is 'Unknown User' with the initial 'U'. */
export function posterName(request: Pick<CollaborationRequest, 'user'>): string {
  return request.user?.name.trim() || 'Unknown User';
}

export function posterInitial(request: Pick<CollaborationRequest, 'user'>): string {
  return posterName(request).charAt(0).toUpperCase();
}
