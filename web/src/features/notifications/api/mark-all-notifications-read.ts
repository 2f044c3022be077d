import type { Notification } from '@muster/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/notifications/mark-all-read');
}

/** Optimistic: the badge drops at once; a failure puts the list back. */
export function useMarkAllNotificationsReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      const previous = queryClient.getQueryData<Notification[]>(notificationKeys.list());
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((n) => ({ ...n, read: true })),
      );
      return { previous };
    },
    onError: (error, _v, context) => {
      console.error('Failed to mark notifications read', error);
      queryClient.setQueryData(notificationKeys.list(), context?.previous);
    },
    // Whatever happened, end with the server's list (the optimistic change may have cancelled a
    // refetch that was bringing new notifications).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}
