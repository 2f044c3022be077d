import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const offerKeys = { counts: ['offers', 'counts'] as const };

/** Spec §7: offer-counts' new + mission, with unread-offers as the fallback. */
export async function getUnreadOfferCount(): Promise<number> {
  try {
    const { data } = await api.get<{ data: { new: number; mission: number } }>('/notifications/offer-counts');
    return data.new + data.mission;
  } catch {
    return (await api.get<{ data: { count: number } }>('/notifications/unread-offers')).data.count;
  }
}

export function useUnreadOfferCountQuery() {
  return useQuery({ queryKey: offerKeys.counts, queryFn: getUnreadOfferCount, refetchInterval: POLL_INTERVAL_MS });
}
