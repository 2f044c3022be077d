import type { Mission, UpdateMissionInput } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export async function updateMission({
  missionId,
  changes,
}: {
  missionId: string;
  changes: UpdateMissionInput;
}): Promise<Mission> {
  return (await api.patch<{ data: Mission }>(`/missions/${encodeURIComponent(missionId)}`, changes)).data;
}

export function useUpdateMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMission,
    onSuccess: (mission) => {
      queryClient.setQueryData(missionKeys.detail(mission._id), mission);
      return queryClient.invalidateQueries({ queryKey: missionKeys.all });
    },
  });
}
