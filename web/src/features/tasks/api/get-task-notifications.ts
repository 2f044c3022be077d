import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type TaskNotification = { _id: string; message: string; type: string; typeTask: string | null; chat: string | null; createdAt: string };

export async function getTaskNotifications(): Promise<TaskNotification[]> {
  return (await api.get<{ data: TaskNotification[] }>('/tasks/notifications')).data;
}

/** Spec §7: polled every 30 s, 2 retries 3 s apart, fresh for 15 s. */
export function useTaskNotificationsQuery() {
  return useQuery({
    queryKey: ['tasks', 'notifications'],
    queryFn: getTaskNotifications,
    refetchInterval: POLL_INTERVAL_MS,
    retry: 2,
    retryDelay: 3000,
    staleTime: 15_000,
  });
}
