import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { missionKeys } from './mission-keys';

export async function leaveMission(missionId: string): Promise<void> {
  await api.delete(`/missions/${encodeURIComponent(missionId)}/members/me`);
}

export function useLeaveMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveMission,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: missionKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.missionPickers }),
      ]),
  });
}
