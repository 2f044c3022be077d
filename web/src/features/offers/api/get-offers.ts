import type { Offer, OfferBox, OfferStatus } from '@muster/contract/offers';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

type Page = { data: Offer[]; meta: { nextCursor: string | null } };

/** One list of /offers: a box (received or made), optionally narrowed to one status. */
export type OfferList = { box: OfferBox; status?: OfferStatus };

export function getOffers(list: OfferList, cursor?: string): Promise<Page> {
  const query = new URLSearchParams({ box: list.box });
  if (list.status) query.set('status', list.status);
  if (cursor) query.set('cursor', cursor);
  return api.get<Page>(`/offers?${query.toString()}`);
}

export function useOffersQuery(list: OfferList) {
  return useInfiniteQuery({
    queryKey: offerKeys.list(list),
    queryFn: ({ pageParam }) => getOffers(list, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
