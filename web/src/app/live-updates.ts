import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerChatsRealtime } from '../features/chats/realtime';
import { registerMatchingRealtime } from '../features/matching/realtime';
import { registerMissionsRealtime } from '../features/missions/realtime';
import { registerNetworkRealtime } from '../features/network/realtime';
import { registerNotificationsRealtime } from '../features/notifications/realtime';
import { registerOffersRealtime } from '../features/offers/realtime';
import { registerPostsRealtime } from '../features/posts/realtime';
import { registerTasksRealtime } from '../features/tasks/realtime';
import { dispatchRealtimeEvent } from '../lib/realtime/events';
import { invalidateLiveQueries, refreshLiveQueriesOnReturn } from '../lib/realtime/live-queries';
import { connectRealtime } from '../lib/realtime/socket';
import { ApiClientError } from '../lib/api-client';
import { sessionKeys } from '../lib/session-keys';
import { getMe } from '../lib/session';

/**
 * Live updates for a signed-in tab (issue 15), mounted by the app shell — so the socket client
 * loads with the shell, never with the landing page: each feature's meaning for the events is
 * registered, the one socket opens, and what it may have missed (a reconnect, a long time in the
 * background) is refetched. A session the server ended is refetched, which signs the tab out.
 * Nothing starts until `start` (the shell passes the start-up's live step, lib/use-idle.ts).
 */
export function useLiveUpdates(viewerId: string, start = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!start) return;
    const offs = [
      registerChatsRealtime(queryClient, viewerId),
      registerMissionsRealtime(queryClient),
      registerTasksRealtime(queryClient),
      registerNotificationsRealtime(queryClient),
      registerMatchingRealtime(queryClient),
      registerOffersRealtime(queryClient),
      registerNetworkRealtime(queryClient),
      registerPostsRealtime(queryClient, viewerId),
      refreshLiveQueriesOnReturn(queryClient),
    ];
    const refetchSession = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    // A refused upgrade looks the same as a server that is down, and a failed session call reads
    // as signed out (spec §4): so ask first, and refetch the session only when it says 401.
    const checkSession = () =>
      getMe().then(
        (user) => queryClient.setQueryData(sessionKeys.me, user),
        (error: unknown) => error instanceof ApiClientError && error.status === 401 && refetchSession(),
      );
    const socket = connectRealtime({
      onEvent: dispatchRealtimeEvent,
      onReconnect: () => void invalidateLiveQueries(queryClient),
      onSessionEnded: refetchSession,
      onUnreachable: () => void checkSession(),
    });
    return () => {
      socket.stop();
      offs.forEach((off) => off());
    };
  }, [queryClient, viewerId, start]);
}
