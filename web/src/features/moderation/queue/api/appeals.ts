import type { AppealSummary } from '@muster/contract/moderation-actions';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { appealKeys } from './moderation-keys';

type Page = { data: AppealSummary[]; meta: { nextCursor: string | null } };

export function getAppeals(state: 'pending' | 'decided', cursor?: string): Promise<Page> {
  const query = new URLSearchParams({ state });
  if (cursor) query.set('cursor', cursor);
  return api.get<Page>(`/moderation/appeals?${query}`);
}

export function useAppealsQuery(state: 'pending' | 'decided') {
  return useInfiniteQuery({
    queryKey: appealKeys.list(state),
    queryFn: ({ pageParam }) => getAppeals(state, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}

/** Uphold the strike or lift it: the appeal leaves the pending list for the decided one. */
export function useDecideAppealMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ strikeId, ...body }: { strikeId: string; decision: 'uphold' | 'lift'; reason: string }) =>
      api.post(`/moderation/appeals/${strikeId}/decide`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appealKeys.all }),
  });
}
