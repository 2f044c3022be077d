import type {
  NotificationSettingsUpdate,
  NotificationSettingsView,
} from '@muster/contract/notification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function updateNotificationSettings(
  input: NotificationSettingsUpdate,
): Promise<NotificationSettingsView> {
  return (await api.put<{ data: NotificationSettingsView }>('/users/me/notification-settings', input)).data;
}

/** Saves any part of the settings; the answer is everything the server now holds. */
export function useUpdateNotificationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications, saved),
  });
}
