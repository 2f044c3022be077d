import type { AddWatchedInput, WatchedEntry } from '@muster/contract/moderation-watch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function getWatched(): Promise<WatchedEntry[]> {
  return (await api.get<{ data: WatchedEntry[] }>('/admin/watched')).data;
}

/** The watched words and link domains, words first (admins only; decision 072). */
export function useWatchedQuery() {
  return useQuery({ queryKey: adminKeys.watched, queryFn: getWatched });
}

/** Adds a word or domain; the list and the audit log change. */
export function useAddWatchedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AddWatchedInput) =>
      (await api.post<{ data: WatchedEntry }>('/admin/watched', body)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Removes an entry; the list and the audit log change. */
export function useRemoveWatchedMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: WatchedEntry) => api.delete(`/admin/watched/${encodeURIComponent(entry._id)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
