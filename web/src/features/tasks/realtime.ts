import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount, onRealtimeEvent } from '../../lib/realtime/events';
import { taskNotificationKeys } from './api/get-task-notifications';

/** Task notifications (counted in the chat badge) refetch when a task changes or the count does. */
export function registerTasksRealtime(queryClient: QueryClient): () => void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: taskNotificationKeys.all });
  const offs = [onRealtimeEvent('task.changed', refetch), onRealtimeCount('tasks', refetch)];
  return () => offs.forEach((off) => off());
}
