import type { Alert, AlertCreate, AlertUpdate } from '@muster/contract/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertKeys } from './alert-keys';

export async function getMyAlerts(): Promise<Alert[]> {
  return (await api.get<{ data: Alert[] }>('/users/me/alerts')).data;
}

export function useMyAlertsQuery() {
  return useQuery({ queryKey: alertKeys.mine, queryFn: getMyAlerts });
}

/** Saves a new alert (or a provision's "needs near this"); the list refetches. */
export function useCreateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AlertCreate) =>
      (await api.post<{ data: Alert }>('/users/me/alerts', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.mine }),
  });
}

export function useUpdateAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: AlertUpdate }) =>
      (await api.patch<{ data: Alert }>(`/users/me/alerts/${id}`, changes)).data,
    onSuccess: (saved) =>
      queryClient.setQueryData<Alert[]>(alertKeys.mine, (list) =>
        list?.map((a) => (a._id === saved._id ? saved : a)),
      ),
  });
}

export function useDeleteAlertMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/users/me/alerts/${id}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<Alert[]>(alertKeys.mine, (list) => list?.filter((a) => a._id !== id)),
  });
}
