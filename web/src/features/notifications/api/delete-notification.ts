import type { Notification } from '@muster/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './get-notifications';

export async function deleteNotification(id: string): Promise<void> {
  await api.delete(`/notifications/${id}`);
}

/** Removes it locally at once (and so lowers the unread count), as spec §4 asks. */
export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list() });
      const previous = queryClient.getQueryData<Notification[]>(notificationKeys.list());
      queryClient.setQueryData<Notification[]>(notificationKeys.list(), (list) =>
        list?.filter((n) => n._id !== id),
      );
      return { previous };
    },
    onError: (error, _id, context) => {
      console.error('Failed to delete notification', error);
      queryClient.setQueryData(notificationKeys.list(), context?.previous);
    },
  });
}
