import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function resendVerification(): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/resend-verification')).data.message;
}

export function useResendVerificationMutation() {
  return useMutation({ mutationFn: resendVerification });
}
