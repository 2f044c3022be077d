import type { SavedPrivacySettings } from '@muster/contract/users';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function getPrivacySettings(): Promise<SavedPrivacySettings> {
  return (await api.get<{ data: SavedPrivacySettings }>('/users/me/privacy')).data;
}

export function usePrivacySettingsQuery() {
  return useQuery({ queryKey: settingsKeys.privacy, queryFn: getPrivacySettings });
}
