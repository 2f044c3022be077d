import type { Notification } from '@muster/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending, markForRefetch, refetchHeld } from '../../../lib/optimistic';
import { notificationKeys, notificationMutationKeys } from './notification-keys';

export async function deleteNotification(id: string): Promise<void> {
  await api.delete(`/notifications/${id}`);
}

/**
 * Removes it locally at once (and so lowers the unread count), as spec §4 asks. A failure puts
 * the list back only when no other change to it is pending (decision 057); otherwise the list is
 * asked again once they are over.
 */
export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  const list = { queryKey: notificationKeys.list() };
  const pending = { mutationKey: notificationMutationKeys.changes };
  return useMutation({
    mutationKey: notificationMutationKeys.delete,
    mutationFn: deleteNotification,
    onMutate: async (id: string) => {
      await holdQueries(queryClient, list);
      const previous = queryClient.getQueryData<Notification[]>(notificationKeys.list());
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (all) =>
        all?.filter((n) => n._id !== id),
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      console.error('Failed to delete notification', error);
      if (isLastPending(queryClient, pending))
        queryClient.setQueryData(notificationKeys.list(), context?.previous);
      else markForRefetch(queryClient, list);
    },
    onSettled: () => {
      if (isLastPending(queryClient, pending)) void refetchHeld(queryClient, list);
    },
  });
}
