import type { PrivacySettings, SavedPrivacySettings } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function updatePrivacySettings(input: PrivacySettings): Promise<SavedPrivacySettings> {
  return (await api.put<{ data: SavedPrivacySettings }>('/users/me/privacy', input)).data;
}

/** Save the settings at once; the answer is what the server now holds and keeps in force. */
export function useUpdatePrivacySettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.privacy, saved),
  });
}
