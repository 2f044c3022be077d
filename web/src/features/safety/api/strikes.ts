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

/**
 * The decision an appeal link names (decision 070): from the suspension mail or a refused sign-in,
 * for someone who cannot sign in. The token is the whole authority; no session is read.
 */
export function useStrikeByLinkQuery(token: string) {
  return useQuery({
    queryKey: safetyKeys.byLink(token),
    queryFn: async () =>
      (await api.get<{ data: Strike }>(`/appeals/by-link?token=${encodeURIComponent(token)}`)).data,
    enabled: token !== '',
    retry: false,
  });
}

/** Appeal by link, once: the answer is the strike with its appeal pending. */
export function useAppealByLinkMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text }: { text: string }) =>
      (await api.post<{ data: Strike }>('/appeals/by-link', { token, text })).data,
    onSuccess: (strike) => queryClient.setQueryData(safetyKeys.byLink(token), strike),
  });
}
