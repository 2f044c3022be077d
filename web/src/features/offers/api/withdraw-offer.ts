import type { Offer } from '@muster/contract/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { forgetOffered } from '../../../lib/offered-marks';
import { offerKeys } from './offer-keys';

/** A helper takes back a pending offer (DELETE keeps the row, as withdrawn). */
export async function withdrawOffer(offerId: string): Promise<Offer> {
  return (await api.delete<{ data: Offer }>(`/offers/${encodeURIComponent(offerId)}`)).data;
}

export function useWithdrawOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawOffer,
    // Withdrawn, the need's card offers help again (lib/offered-marks.ts).
    onSuccess: (offer) => offer.post && forgetOffered(queryClient, offer.post._id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.lists }),
  });
}
