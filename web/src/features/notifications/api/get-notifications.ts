import type { Notification } from '@muster/contract/notifications';
import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
};

export async function getNotifications(): Promise<Notification[]> {
  return (await api.get<{ data: Notification[] }>('/notifications')).data;
}

/** The list and, from it, the unread count; refreshed every 30 s (spec §4). */
export function useNotificationsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: notificationKeys.list(), queryFn: getNotifications, refetchInterval: POLL_INTERVAL_MS, ...options });
}
