import type { Task } from '@muster/contract/missions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export type TaskFilter = { mine?: boolean; missionId?: string };

export async function getTasks(filter: TaskFilter): Promise<Task[]> {
  const query = new URLSearchParams();
  if (filter.mine) query.set('mine', 'true');
  if (filter.missionId) query.set('missionId', filter.missionId);
  const qs = query.toString();
  return (await api.get<{ data: Task[] }>(`/tasks${qs ? `?${qs}` : ''}`)).data;
}

/** Tasks of my missions (/tasks), optionally only mine or one mission's. */
export function useTasksQuery(filter: TaskFilter) {
  return useQuery({ queryKey: missionKeys.tasks(filter), queryFn: () => getTasks(filter) });
}
