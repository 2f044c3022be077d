import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount, onRealtimeEvent } from '../../lib/realtime/events';
import { taskKeys } from './api/task-keys';

/** Task notifications (counted in the chat badge) refetch when a task changes or the count does. */
export function registerTasksRealtime(queryClient: QueryClient): () => void {
  const refetch = () => void queryClient.invalidateQueries({ queryKey: taskKeys.notifications });
  const offs = [onRealtimeEvent('task.changed', refetch), onRealtimeCount('tasks', refetch)];
  return () => offs.forEach((off) => off());
}
