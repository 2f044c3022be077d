import type { Offer } from '@muster/contract/offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

/**
 * Accepting opens (or reuses) the direct chat with the helper; the offer is its first message. A
 * helper on another server has none here: `chatId` is null (decision 090).
 */
export async function acceptOffer(offerId: string): Promise<{ offer: Offer; chatId: string | null }> {
  return (
    await api.put<{ data: { offer: Offer; chatId: string | null } }>(
      `/offers/${encodeURIComponent(offerId)}/accept`,
    )
  ).data;
}

export function useAcceptOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: offerKeys.lists }),
  });
}
