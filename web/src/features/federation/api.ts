import type { RemoteOfferInput, SentRemoteOffer } from '@muster/contract/federation';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Offer help on another server's listing (decision 090's `POST /federation/offers`): the words of
 * a local offer and the listing's Note id. The offer travels to the listing's home server.
 */
export async function sendRemoteOffer(input: RemoteOfferInput): Promise<SentRemoteOffer> {
  return (await api.post<{ data: SentRemoteOffer }>('/federation/offers', input)).data;
}

export function useSendRemoteOfferMutation() {
  return useMutation({ mutationFn: sendRemoteOffer });
}
