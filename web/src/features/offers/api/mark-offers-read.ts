import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { offerKeys } from './offer-keys';

export async function markOffersRead(): Promise<void> {
  await api.put('/notifications/mark-offers-read');
}

export function useMarkOffersReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markOffersRead,
    // Clear the shell's badge at once, then ask the server for the real count.
    onSuccess: () => {
      queryClient.setQueryData(offerKeys.counts, 0);
      return queryClient.invalidateQueries({ queryKey: offerKeys.counts });
    },
  });
}
