import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount, onRealtimeEvent } from '../../lib/realtime/events';
import { missionKeys } from './api/mission-keys';

/**
 * What the socket's events mean for the missions cache: a join request arrived or was answered
 * (the requests list, which the chat badge counts, and that mission's page and members); a task
 * changed (the boards and task lists). Returns the unsubscribe.
 */
export function registerMissionsRealtime(queryClient: QueryClient): () => void {
  const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const offs = [
    onRealtimeEvent('joinRequest.changed', ({ data }) => {
      refetch(missionKeys.joinRequests);
      refetch(missionKeys.detail(data.missionId));
      refetch(missionKeys.members(data.missionId));
    }),
    onRealtimeEvent('task.changed', () => refetch(missionKeys.allTasks)),
    onRealtimeCount('requests', () => refetch(missionKeys.joinRequests)),
  ];
  return () => offs.forEach((off) => off());
}
