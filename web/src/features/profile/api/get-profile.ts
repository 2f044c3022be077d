import type { Profile } from '@muster/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const profileKeys = { detail: (username: string) => ['profile', username.toLowerCase()] as const };

export async function getProfile(username: string): Promise<Profile> {
  return (await api.get<{ data: Profile }>(`/users/profile/${encodeURIComponent(username)}`)).data;
}

export function useProfileQuery(username: string) {
  return useQuery({ queryKey: profileKeys.detail(username), queryFn: () => getProfile(username) });
}
