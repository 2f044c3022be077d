import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function resetPassword(input: { token: string; password: string }): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/reset-password', input)).data.message;
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
