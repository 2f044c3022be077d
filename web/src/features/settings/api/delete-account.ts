import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function deleteAccount(input: { password?: string; confirm: 'DELETE' }): Promise<void> {
  await api.delete('/users/me', input);
}

export function useDeleteAccountMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    // Everything cached belonged to the account that is gone.
    onSuccess: () => queryClient.resetQueries(),
  });
}
