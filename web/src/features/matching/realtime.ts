import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeEvent } from '../../lib/realtime/events';
import { matchKeys } from './api/match-keys';

/** A new match is told as a matchFound notification: /matches refetches when one arrives. */
export function registerMatchingRealtime(queryClient: QueryClient): () => void {
  return onRealtimeEvent('notification.created', (event) => {
    if (event.data.type === 'matchFound') void queryClient.invalidateQueries({ queryKey: matchKeys.all });
  });
}
