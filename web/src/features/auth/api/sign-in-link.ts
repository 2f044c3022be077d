import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session-keys';

/** Mails a one-time sign-in link; the answer is the same whether or not the account exists. */
export async function requestSignInLink(emailOrUsername: string): Promise<string> {
  return (await api.post<{ data: { message: string } }>('/auth/sign-in-link', { emailOrUsername })).data
    .message;
}

export function useRequestSignInLinkMutation() {
  return useMutation({ mutationFn: requestSignInLink });
}

export async function signInWithLink(token: string): Promise<SessionUser> {
  return (await api.post<{ data: SessionUser }>('/auth/sign-in-with-link', { token })).data;
}

/** As signing in with a password: on success the session cache holds the user. */
export function useSignInWithLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithLink,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me, user),
  });
}
