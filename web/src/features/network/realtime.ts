import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount } from '../../lib/realtime/events';
import { networkKeys } from './api/network-keys';

/**
 * A connection request arrived or was answered: the whole network cache refetches (what is on
 * screen; the rest is marked stale), as after a change of mine — the badge, requests and connections.
 */
export function registerNetworkRealtime(queryClient: QueryClient): () => void {
  return onRealtimeCount('network', () => void queryClient.invalidateQueries({ queryKey: networkKeys.all }));
}
