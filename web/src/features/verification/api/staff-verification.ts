import type { StaffVerificationRequest, VerificationDecision } from '@muster/contract/verification';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { verificationKeys } from './verification-keys';

type Page = { data: StaffVerificationRequest[]; meta: { nextCursor: string | null } };
export type StaffStatus = 'waiting' | 'approved';

export function getStaffRequests(status: StaffStatus, cursor?: string): Promise<Page> {
  const params = new URLSearchParams({ status });
  if (cursor) params.set('cursor', cursor);
  return api.get<Page>(`/moderation/organisations?${params}`);
}

/** Waiting requests oldest first, or verified organisations newest first, a page at a time. */
export function useStaffRequestsQuery(status: StaffStatus) {
  return useInfiniteQuery({
    queryKey: verificationKeys.staffList(status),
    queryFn: ({ pageParam }) => getStaffRequests(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    // A 403 (not a moderator) will not change on a retry.
    retry: false,
  });
}

type Decided = { data: StaffVerificationRequest };

/** Approve or refuse; both lists are read again (an approved one moves to the verified list). */
export function useDecideVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: VerificationDecision }) =>
      (await api.post<Decided>(`/moderation/organisations/${encodeURIComponent(id)}/decision`, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.staff }),
  });
}

/** Takes a verification back, with the reason its holder reads. */
export function useRevokeVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: string; reason: string }) =>
      (await api.post<Decided>(`/moderation/organisations/${encodeURIComponent(id)}/revoke`, { reason }))
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.staff }),
  });
}
