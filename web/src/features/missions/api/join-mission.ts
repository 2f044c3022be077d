import type { MemberRole } from '@muster/contract/missions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys } from './mission-keys';

export type JoinInput = { missionId: string; role: MemberRole; message: string };

export async function joinMission({ missionId, ...body }: JoinInput): Promise<void> {
  await api.post(`/missions/${encodeURIComponent(missionId)}/join`, body);
}

/** Ask to join as partner or collaborator; the mission then shows "Requested". */
export function useJoinMissionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinMission,
    onSuccess: (_data, { missionId }) =>
      queryClient.invalidateQueries({ queryKey: missionKeys.detail(missionId) }),
  });
}
