import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** Fixes a typo in the address of an account that is not verified yet, and mails a new link. */
export async function updatePendingEmail(newEmail: string): Promise<SessionUser> {
  return (await api.put<{ data: SessionUser }>('/auth/pending-email', { newEmail })).data;
}

export function useUpdatePendingEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePendingEmail, onSuccess: (user) => queryClient.setQueryData(sessionKeys.me, user) });
}
