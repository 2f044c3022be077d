import type { MissionSummary } from '@muster/contract/missions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys, missionStaleTimes, type Page, withCursor } from './mission-keys';

export function getMyMissions(userId: string | undefined, cursor?: string): Promise<Page<MissionSummary>> {
  return api.get<Page<MissionSummary>>(
    withCursor(userId ? `/missions/mine?userId=${encodeURIComponent(userId)}` : '/missions/mine', cursor),
  );
}

/** Missions I own or belong to; with a userId, that person's public ones (profile tab). */
export function useMyMissionsQuery(userId?: string) {
  return useInfiniteQuery({
    queryKey: missionKeys.mine(userId),
    queryFn: ({ pageParam }) => getMyMissions(userId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    staleTime: missionStaleTimes.lists,
  });
}
