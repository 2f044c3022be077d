import type { Member } from '@muster/contract/missions';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys, missionStaleTimes } from './mission-keys';

export type Members = { owner: Member; partners: Member[]; collaborators: Member[] };

export async function getMembers(missionId: string): Promise<Members> {
  return (await api.get<{ data: Members }>(`/missions/${encodeURIComponent(missionId)}/members`)).data;
}

export function useMembersQuery(missionId: string) {
  return useQuery({
    queryKey: missionKeys.members(missionId),
    queryFn: () => getMembers(missionId),
    staleTime: missionStaleTimes.lists,
  });
}

/** The members of several missions at once (/partners and /collaborators group people by mission). */
export function useMembersOfMissions(missionIds: string[]) {
  return useQueries({
    queries: missionIds.map((id) => ({
      queryKey: missionKeys.members(id),
      queryFn: () => getMembers(id),
      staleTime: missionStaleTimes.lists,
    })),
  });
}
