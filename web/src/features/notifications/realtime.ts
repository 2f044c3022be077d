import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount, onRealtimeEvent } from '../../lib/realtime/events';
import { notificationKeys } from './api/notification-keys';

/** A new notification (or a changed unread count) refetches the list the Alerts badge counts. */
export function registerNotificationsRealtime(queryClient: QueryClient): () => void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const offs = [onRealtimeEvent('notification.created', refetch), onRealtimeCount('notifications', refetch)];
  return () => offs.forEach((off) => off());
}
