import type { RemoteOfferInput, SentRemoteOffer } from '@muster/contract/federation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { remoteOfferKeys } from './remote-offers-keys';

/**
 * Offer help on another server's listing (decision 090's `POST /federation/offers`): the words of
 * a local offer and the listing's Note id. The offer travels to the listing's home server.
 */
export async function sendRemoteOffer(input: RemoteOfferInput): Promise<SentRemoteOffer> {
  return (await api.post<{ data: SentRemoteOffer }>('/federation/offers', input)).data;
}

export function useSendRemoteOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRemoteOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remoteOfferKeys.all }),
  });
}

/** The offers I sent to other servers, newest first; each stays "sent" until its author answers there. */
export function useSentRemoteOffersQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    enabled,
    queryKey: remoteOfferKeys.sent,
    queryFn: async () => (await api.get<{ data: SentRemoteOffer[] }>('/federation/offers')).data,
  });
}

/** Withdraws an unanswered offer: its server is told (Undo), and it shows as withdrawn. */
export function useWithdrawRemoteOfferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.delete<{ data: SentRemoteOffer }>(`/federation/offers/${id}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: remoteOfferKeys.all }),
  });
}
