import type { SessionUser, UpdateProfileInput } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session-keys';
import { sharedKeys } from '../../../lib/query-keys';

export async function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return (await api.patch<{ data: SessionUser }>('/users/me', input)).data;
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.me, user);
      return queryClient.invalidateQueries({ queryKey: sharedKeys.profiles });
    },
  });
}
