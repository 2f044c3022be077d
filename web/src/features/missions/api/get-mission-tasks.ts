import type { Task } from '@muster/contract/missions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export async function getMissionTasks(missionId: string): Promise<Task[]> {
  return (await api.get<{ data: Task[] }>(`/missions/${encodeURIComponent(missionId)}/tasks`)).data;
}

/** The mission's task board (members only: the query is off for everyone else). */
export function useMissionTasksQuery(missionId: string, enabled: boolean) {
  return useQuery({
    queryKey: missionKeys.missionTasks(missionId),
    queryFn: () => getMissionTasks(missionId),
    enabled,
  });
}
