import type { NotificationSettingsView } from '@muster/contract/notification-settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export async function getNotificationSettings(): Promise<NotificationSettingsView> {
  return (await api.get<{ data: NotificationSettingsView }>('/users/me/notification-settings')).data;
}

export function useNotificationSettingsQuery() {
  return useQuery({ queryKey: settingsKeys.notifications, queryFn: getNotificationSettings });
}
