import type { SignupInput } from '@muster/contract/auth';
import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

export async function signup(input: SignupInput): Promise<SessionUser> {
  return (await api.post<{ data: SessionUser }>('/auth/signup', input)).data;
}

export function useSignupMutation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signup, onSuccess: (user) => queryClient.setQueryData(sessionKeys.me, user) });
}
