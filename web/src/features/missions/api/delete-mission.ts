import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { missionKeys } from './mission-keys';

export async function deleteMission(missionId: string): Promise<void> {
  await api.delete(`/missions/${encodeURIComponent(missionId)}`);
}

export function useDeleteMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMission,
    onSuccess: (_data, missionId) => {
      queryClient.removeQueries({ queryKey: missionKeys.detail(missionId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: missionKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.missionPickers }),
      ]);
    },
  });
}
