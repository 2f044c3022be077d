import type { Strike } from '@muster/contract/moderation-actions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './safety-keys';

/** My strikes, newest first (issue 35): what moderators did, why, and where each appeal stands. */
export function useStrikesQuery() {
  return useQuery({
    queryKey: safetyKeys.strikes,
    queryFn: async () => (await api.get<{ data: Strike[] }>('/users/me/strikes')).data,
  });
}

/** Appeal a strike, once: the answer is the strike with its appeal pending, put in the list at once. */
export function useAppealStrikeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ strikeId, text }: { strikeId: string; text: string }) =>
      (await api.post<{ data: Strike }>(`/users/me/strikes/${strikeId}/appeal`, { text })).data,
    onSuccess: (strike) => {
      // The contract answers the strike; a server answering nothing still leaves a fresh list.
      if (strike?.id)
        queryClient.setQueryData<Strike[]>(safetyKeys.strikes, (list) =>
          list?.map((s) => (s.id === strike.id ? strike : s)),
        );
      void queryClient.invalidateQueries({ queryKey: safetyKeys.strikes });
    },
  });
}
