import type { ContactMessageInput } from '@muster/contract/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  await api.post('/email/contact', input);
}

export function useSendContactMessageMutation() {
  return useMutation({ mutationFn: sendContactMessage });
}
