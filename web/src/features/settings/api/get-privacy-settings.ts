import type { PrivacySettings } from '@muster/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function getPrivacySettings(): Promise<PrivacySettings> {
  return (await api.get<{ data: PrivacySettings }>('/users/me/privacy')).data;
}

export function usePrivacySettingsQuery() {
  return useQuery({ queryKey: settingsKeys.privacy, queryFn: getPrivacySettings });
}
