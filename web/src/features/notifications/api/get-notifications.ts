import type { Notification } from '@muster/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { notificationKeys } from './notification-keys';

export async function getNotifications(): Promise<Notification[]> {
  return (await api.get<{ data: Notification[] }>('/notifications')).data;
}

/** The list and, from it, the unread count; live, and refreshed every 30 s while the socket is down (spec §4). */
export function useNotificationsQuery(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: getNotifications,
    ...useLiveQueryOptions(),
    ...options,
  });
}
