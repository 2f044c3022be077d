import type { Mission } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { missionKeys } from './mission-keys';

export async function completeMission(missionId: string): Promise<Mission> {
  return (await api.put<{ data: Mission }>(`/missions/${encodeURIComponent(missionId)}/complete`)).data;
}

/** The owner marks the mission completed; it leaves the composer's "ongoing" picker. */
export function useCompleteMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeMission,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: missionKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.missionPickers }),
      ]),
  });
}
