import type { CreateOfferInput } from '@muster/contract/offers';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function sendOffer({
  missionId,
  ...offer
}: { missionId: string } & CreateOfferInput): Promise<void> {
  await api.post(`/missions/${encodeURIComponent(missionId)}/offers`, offer);
}

/** Offer help to a mission; its owner is notified and finds it on /offers. */
export function useSendOfferMutation() {
  return useMutation({ mutationFn: sendOffer });
}
