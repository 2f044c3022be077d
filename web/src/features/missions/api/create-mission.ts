import type { CreateMissionInput, Mission } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { missionKeys } from './mission-keys';

export async function createMission(input: CreateMissionInput): Promise<Mission> {
  return (await api.post<{ data: Mission }>('/missions', input)).data;
}

/** Start a mission; it shows in my lists (and the composer's picker) at once. */
export function useCreateMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMission,
    onSuccess: (mission) => {
      queryClient.setQueryData(missionKeys.detail(mission._id), mission);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: missionKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.missionPickers }),
      ]);
    },
  });
}
