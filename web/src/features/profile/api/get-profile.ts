import type { Profile } from '@muster/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api, ApiClientError } from '../../../lib/api-client';
import { profileKeys } from './profile-keys';

export async function getProfile(username: string): Promise<Profile> {
  return (await api.get<{ data: Profile }>(`/users/profile/${encodeURIComponent(username)}`)).data;
}

/** A 404 is final (no such person, or blocked either way): show it at once instead of asking again. */
export function useProfileQuery(username: string) {
  return useQuery({
    queryKey: profileKeys.detail(username),
    queryFn: () => getProfile(username),
    retry: (failures, error) => !(error instanceof ApiClientError && error.status === 404) && failures < 1,
  });
}
