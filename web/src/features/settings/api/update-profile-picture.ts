import type { SessionUser } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session-keys';
import { sharedKeys } from '../../../lib/query-keys';

/** A data URL uploads a new picture; null goes back to the default avatar. */
export async function updateProfilePicture(image: string | null): Promise<SessionUser> {
  return (await api.put<{ data: SessionUser }>('/users/me/picture', { image })).data;
}

export function useUpdateProfilePictureMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfilePicture,
    onSuccess: (user) => {
      queryClient.setQueryData(sessionKeys.me, user);
      return queryClient.invalidateQueries({ queryKey: sharedKeys.profiles });
    },
  });
}
