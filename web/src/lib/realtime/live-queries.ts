import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import type { Query, QueryClient } from '@tanstack/react-query';
import { useRealtimeConnected } from './status';

/** Marks a query as one the socket keeps fresh (see useLiveQueryOptions). */
const liveMeta = { live: true } as const;

const isLive = (query: Query) => query.meta?.live === true;

/**
 * What every live list spreads into its query (chats, messages, requests, join requests, task
 * notifications, notifications, offer and connection-request counts). Spec §7 polls them every
 * 30 s; with the socket open the server says when they change, so the polling runs only while the
 * socket is down. A hook rather than a refetchInterval function: TanStack re-reads such a function
 * only after a fetch, so polling stopped while connected would never start again when the socket
 * drops; a changed option is applied at once.
 */
export function useLiveQueryOptions() {
  const connected = useRealtimeConnected();
  return { refetchInterval: connected ? false : POLL_INTERVAL_MS, meta: liveMeta } as const;
}

/** Refetches every live list on screen (and marks the rest stale): after a reconnect, events may have been missed. */
export function invalidateLiveQueries(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: isLive });
}

/**
 * A tab returned to after more than 30 s hidden refetches its live lists. The query client keeps
 * refetchOnWindowFocus off (spec §7: a click back into the window must not refetch everything),
 * and polling pauses in a hidden tab, so without this a page left in the background would show
 * what it had when it was left until the next poll or event. Returns the unsubscribe.
 */
export function refreshLiveQueriesOnReturn(queryClient: QueryClient, awayMs = POLL_INTERVAL_MS): () => void {
  let hiddenAt: number | null = document.visibilityState === 'hidden' ? Date.now() : null;
  const onChange = () => {
    if (document.visibilityState === 'hidden') {
      hiddenAt = Date.now();
    } else if (hiddenAt !== null) {
      if (Date.now() - hiddenAt > awayMs) void invalidateLiveQueries(queryClient);
      hiddenAt = null;
    }
  };
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
