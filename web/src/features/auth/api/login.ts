import type { LoginInput } from '@muster/contract/auth';
import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session-keys';

export async function login(input: LoginInput): Promise<SessionUser> {
  return (await api.post<{ data: SessionUser }>('/auth/login', input)).data;
}

/** On success the session cache holds the user, and the signed-out-only guard sends them on. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.me, user),
  });
}
