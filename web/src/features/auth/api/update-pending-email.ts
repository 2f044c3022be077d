import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * Mails a link to a corrected address of an account that is not verified yet; the account moves
 * there when the link is opened, so the answer is only where the link went.
 */
export async function updatePendingEmail(newEmail: string): Promise<string> {
  return (await api.put<{ data: { message: string } }>('/auth/pending-email', { newEmail })).data.message;
}

export function useUpdatePendingEmailMutation() {
  return useMutation({ mutationFn: updatePendingEmail });
}
