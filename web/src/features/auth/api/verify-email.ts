import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function verifyEmail(token: string): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/verify-email', { token })).data.message;
}

export function useVerifyEmailMutation() {
  return useMutation({ mutationFn: verifyEmail });
}
