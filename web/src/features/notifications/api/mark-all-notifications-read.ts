import type { Notification } from '@muster/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending } from '../../../lib/optimistic';
import { notificationKeys, notificationMutationKeys } from './notification-keys';

export async function markAllNotificationsRead(): Promise<void> {
  await api.put('/notifications/mark-all-read');
}

/** Optimistic: the badge drops at once; a failure puts the list back. */
export function useMarkAllNotificationsReadMutation() {
  const queryClient = useQueryClient();
  const pending = { mutationKey: notificationMutationKeys.changes };
  return useMutation({
    mutationKey: notificationMutationKeys.markAllRead,
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await holdQueries(queryClient, { queryKey: notificationKeys.list() });
      const previous = queryClient.getQueryData<Notification[]>(notificationKeys.list());
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.map((n) => ({ ...n, read: true })),
      );
      return { previous };
    },
    onError: (error, _v, context) => {
      console.error('Failed to mark notifications read', error);
      if (isLastPending(queryClient, pending))
        queryClient.setQueryData(notificationKeys.list(), context?.previous);
    },
    // Whatever happened, end with the server's list (the optimistic change may have cancelled a
    // refetch that was bringing new notifications), once no other change to it is pending.
    onSettled: () =>
      isLastPending(queryClient, pending)
        ? queryClient.invalidateQueries({ queryKey: notificationKeys.list() })
        : undefined,
  });
}
