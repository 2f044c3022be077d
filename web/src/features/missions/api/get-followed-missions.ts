import type { MissionSummary } from '@muster/contract/missions';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { missionKeys, missionStaleTimes, type Page, withCursor } from './mission-keys';

export function getFollowedMissions(cursor?: string): Promise<Page<MissionSummary>> {
  return api.get<Page<MissionSummary>>(withCursor('/missions/followed', cursor));
}

/** Missions I follow, a page at a time. */
export function useFollowedMissionsQuery() {
  return useInfiniteQuery({
    queryKey: missionKeys.followed,
    queryFn: ({ pageParam }) => getFollowedMissions(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
    staleTime: missionStaleTimes.lists,
  });
}
