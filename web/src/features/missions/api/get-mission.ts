import type { Mission } from '@muster/contract/missions';
import { useQuery } from '@tanstack/react-query';
import { ApiClientError, api } from '../../../lib/api-client';
import { missionKeys, missionStaleTimes } from './mission-keys';

export async function getMission(missionId: string): Promise<Mission> {
  return (await api.get<{ data: Mission }>(`/missions/${encodeURIComponent(missionId)}`)).data;
}

/** One mission with where I stand in it; a 404 is final (not retried). */
export function useMissionQuery(missionId: string) {
  return useQuery({
    queryKey: missionKeys.detail(missionId),
    queryFn: () => getMission(missionId),
    staleTime: missionStaleTimes.detail,
    retry: (count, error) =>
      !(error instanceof ApiClientError && (error.status === 404 || error.status === 400)) && count < 2,
  });
}
