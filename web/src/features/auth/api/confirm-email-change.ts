import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function confirmEmailChange(token: string): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/users/confirm-email-change', { token })).data
    .message;
}

export function useConfirmEmailChangeMutation() {
  return useMutation({ mutationFn: confirmEmailChange });
}
