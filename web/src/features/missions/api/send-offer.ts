import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function sendOffer({ missionId, message }: { missionId: string; message: string }): Promise<void> {
  await api.post(`/missions/${encodeURIComponent(missionId)}/offers`, { message });
}

/** Offer help to a mission; its owner is notified. */
export function useSendOfferMutation() {
  return useMutation({ mutationFn: sendOffer });
}
