import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function forgotPassword(email: string): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/forgot-password', { email })).data.message;
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: forgotPassword });
}
