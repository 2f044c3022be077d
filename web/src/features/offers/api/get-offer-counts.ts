import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLiveQueryOptions } from '../../../lib/realtime/live-queries';
import { offerKeys } from './offer-keys';

/** Spec §7: offer-counts' new + mission, with unread-offers as the fallback. */
export async function getUnreadOfferCount(): Promise<number> {
  try {
    const { data } = await api.get<{ data: { new: number; mission: number } }>('/notifications/offer-counts');
    return data.new + data.mission;
  } catch {
    return (await api.get<{ data: { count: number } }>('/notifications/unread-offers')).data.count;
  }
}

/** The Offers badge: live, polled every 30 s while the socket is down. */
export function useUnreadOfferCountQuery() {
  return useQuery({ queryKey: offerKeys.counts, queryFn: getUnreadOfferCount, ...useLiveQueryOptions() });
}
