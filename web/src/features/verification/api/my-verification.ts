import type { VerificationAsk, VerificationRequest } from '@muster/contract/verification';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { verificationKeys } from './verification-keys';

export async function getMyVerification(): Promise<VerificationRequest | null> {
  return (await api.get<{ data: VerificationRequest | null }>('/verification/me')).data;
}

/** My latest request to be verified as an organisation, or null. */
export function useMyVerificationQuery() {
  return useQuery({ queryKey: verificationKeys.mine, queryFn: getMyVerification });
}

export async function askVerification(body: VerificationAsk): Promise<VerificationRequest> {
  return (await api.post<{ data: VerificationRequest }>('/verification/requests', body)).data;
}

/** Sends the request; the answer is what the page shows next (waiting). */
export function useAskVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askVerification,
    onSuccess: (saved) => queryClient.setQueryData(verificationKeys.mine, saved),
  });
}

/** Withdraws my waiting request: the page reads again what remains (an older answer, or none). */
export function useWithdrawVerificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/verification/me'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.mine }),
  });
}
