import type { Task } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export type NewTask = {
  title: string;
  description?: string;
  assigneeId?: string | null;
  dueDate?: string | null;
};

export async function createTask({ missionId, task }: { missionId: string; task: NewTask }): Promise<Task> {
  return (await api.post<{ data: Task }>(`/missions/${encodeURIComponent(missionId)}/tasks`, task)).data;
}

export function useCreateTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: missionKeys.allTasks }),
  });
}
