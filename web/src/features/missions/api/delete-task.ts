import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export async function deleteTask(taskId: string): Promise<void> {
  await api.delete(`/tasks/${encodeURIComponent(taskId)}`);
}

export function useDeleteTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.allTasks }),
  });
}
