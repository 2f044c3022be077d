import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Contacting a poster is a direct message (spec §7: POST /chats/send). */
export async function contactPoster(input: { recipientId: string; message: string }): Promise<void> {
  await api.post('/chats/send', input);
}

export function useContactPosterMutation() {
  return useMutation({ mutationFn: contactPoster });
}
