import type { CaseActionInput } from '@muster/contract/moderation-actions';
import type { CaseDetail, CaseNote, CaseSummary } from '@muster/contract/moderation-queue';
import type { ReportReason, ReportTargetType } from '@muster/contract/safety';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** The queue's filters, as the page's controls hold them. */
export type QueueFilters = {
  status: 'open' | 'closed';
  reason: ReportReason | '';
  targetType: ReportTargetType | '';
  assigned: 'anyone' | 'me' | 'unassigned';
};

type Page = { data: CaseSummary[]; meta: { nextCursor: string | null } };

export function getCases(f: QueueFilters, cursor?: string): Promise<Page> {
  const query = new URLSearchParams({ status: f.status, assigned: f.assigned });
  if (f.reason) query.set('reason', f.reason);
  if (f.targetType) query.set('targetType', f.targetType);
  if (cursor) query.set('cursor', cursor);
  return api.get<Page>(`/moderation/cases?${query}`);
}

export function useCasesQuery(f: QueueFilters) {
  return useInfiniteQuery({
    queryKey: moderationKeys.list(f),
    queryFn: ({ pageParam }) => getCases(f, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}

export function useCaseQuery(caseId: string) {
  return useQuery({
    queryKey: moderationKeys.detail(caseId),
    queryFn: async () => (await api.get<{ data: CaseDetail }>(`/moderation/cases/${caseId}`)).data,
  });
}

/** A write that answers with the case as it now is: the page shows it, the lists refetch. */
function useCaseWrite<I>(caseId: string, write: (input: I) => Promise<{ data: CaseDetail }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: I) => (await write(input)).data,
    onSuccess: (updated) => {
      queryClient.setQueryData(moderationKeys.detail(caseId), updated);
      void queryClient.invalidateQueries({ queryKey: moderationKeys.lists });
    },
  });
}

export function useAssignCaseMutation(caseId: string) {
  return useCaseWrite(caseId, (assigneeId: string | null) =>
    api.put<{ data: CaseDetail }>(`/moderation/cases/${caseId}/assignee`, { assigneeId }),
  );
}

export function useDismissCaseMutation(caseId: string) {
  return useCaseWrite(caseId, (input: { reason: string }) =>
    api.post<{ data: CaseDetail }>(`/moderation/cases/${caseId}/dismiss`, input),
  );
}

/** Close the case with one decision and one strike (issue 35 item 3, decision 070). */
export function useTakeActionMutation(caseId: string) {
  return useCaseWrite(caseId, (input: CaseActionInput) =>
    api.post<{ data: CaseDetail }>(`/moderation/cases/${caseId}/action`, input),
  );
}

export function useAddNoteMutation(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string }) =>
      (await api.post<{ data: CaseNote }>(`/moderation/cases/${caseId}/notes`, input)).data,
    onSuccess: (note) =>
      queryClient.setQueryData<CaseDetail>(moderationKeys.detail(caseId), (current) =>
        current ? { ...current, notes: [...current.notes, note] } : current,
      ),
  });
}
