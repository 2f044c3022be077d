import type { Task, TaskStatus } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { holdQueries, isLastPending } from '../../../lib/optimistic';
import { missionKeys, missionMutationKeys } from './mission-keys';

export type TaskChanges = {
  title?: string;
  description?: string;
  assigneeId?: string | null;
  dueDate?: string | null;
  status?: TaskStatus;
};

export async function updateTask({
  taskId,
  changes,
}: {
  taskId: string;
  changes: TaskChanges;
}): Promise<Task> {
  return (await api.patch<{ data: Task }>(`/tasks/${encodeURIComponent(taskId)}`, changes)).data;
}

/**
 * Change a task (mostly its status, inline on the board): every cached task list shows the new
 * status at once and is put back if the server refuses. Changes reach the server in the order
 * made, and only the last pending one rolls back or refetches, so moving a task twice quickly
 * ends where it was moved last (decision 057).
 */
export function useUpdateTaskMutation() {
  const queryClient = useQueryClient();
  const taskLists = { queryKey: missionKeys.allTasks };
  const pending = { mutationKey: missionMutationKeys.updateTask };
  return useMutation({
    mutationKey: missionMutationKeys.updateTask,
    scope: { id: missionMutationKeys.updateTask.join('.') },
    mutationFn: updateTask,
    onMutate: async ({ taskId, changes }) => {
      await holdQueries(queryClient, taskLists);
      const previous = queryClient.getQueriesData<Task[]>(taskLists);
      if (changes.status)
        queryClient.setQueriesData<Task[]>(taskLists, (list) =>
          list?.map((t) => (t._id === taskId ? { ...t, status: changes.status! } : t)),
        );
      return { previous };
    },
    onError: (_e, _v, context) => {
      if (isLastPending(queryClient, pending))
        context?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
    },
    onSettled: () =>
      isLastPending(queryClient, pending) ? queryClient.invalidateQueries(taskLists) : undefined,
  });
}
