import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { taskKeys } from './task-keys';

export type TaskNotification = {
  _id: string;
  message: string;
  type: string;
  typeTask: string | null;
  chat: string | null;
  createdAt: string;
};

export async function getTaskNotifications(): Promise<TaskNotification[]> {
  return (await api.get<{ data: TaskNotification[] }>('/tasks/notifications')).data;
}

/** Spec §7: polled every 30 s (while the socket is down: it is live), 2 retries 3 s apart, fresh for 15 s. */
export function useTaskNotificationsQuery() {
  return useQuery({
    queryKey: taskKeys.notifications,
    queryFn: getTaskNotifications,
    ...useLiveQueryOptions(),
    retry: 2,
    retryDelay: 3000,
    staleTime: 15_000,
  });
}
