import type { HiddenPerson } from '@muster/contract/safety';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './safety-keys';

export async function getMuted(): Promise<HiddenPerson[]> {
  return (await api.get<{ data: HiddenPerson[] }>('/users/me/muted')).data;
}

/** People I muted, most recent first. */
export function useMutedQuery() {
  return useQuery({ queryKey: safetyKeys.muted, queryFn: getMuted });
}
