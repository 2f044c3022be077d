import type { Offer } from '@muster/contract/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export async function declineOffer(offerId: string): Promise<Offer> {
  return (await api.put<{ data: Offer }>(`/offers/${encodeURIComponent(offerId)}/decline`)).data;
}

export function useDeclineOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.lists }),
  });
}
