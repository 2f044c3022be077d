import type { PrivacySettings } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function updatePrivacySettings(input: PrivacySettings): Promise<PrivacySettings> {
  return (await api.put<{ data: PrivacySettings }>('/users/me/privacy', input)).data;
}

/** Save all four settings at once; the answer is what the server now holds. */
export function useUpdatePrivacySettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.privacy, saved),
  });
}
