import type { CreateOfferInput } from '@muster/contract/offers';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { announcePushMoment } from '../../../lib/push-moment';

export async function sendOffer({
  missionId,
  ...offer
}: { missionId: string } & CreateOfferInput): Promise<void> {
  await api.post(`/missions/${encodeURIComponent(missionId)}/offers`, offer);
}

/** Offer help to a mission; its owner is notified and finds it on /offers, and the helper may want push (decision 064). */
export function useSendOfferMutation() {
  return useMutation({ mutationFn: sendOffer, onSuccess: announcePushMoment });
}
