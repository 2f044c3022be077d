import type { QueryClient } from '@tanstack/react-query';
import { onRealtimeCount } from '../../lib/realtime/events';
import { offerKeys } from './api/offer-keys';

/** An offer made, accepted or declined: the Offers badge and any open offers list refetch. */
export function registerOffersRealtime(queryClient: QueryClient): () => void {
  return onRealtimeCount('offers', () => {
    void queryClient.invalidateQueries({ queryKey: offerKeys.counts });
    void queryClient.invalidateQueries({ queryKey: offerKeys.lists });
  });
}
