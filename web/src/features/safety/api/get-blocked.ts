import type { HiddenPerson } from '@muster/contract/safety';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './safety-keys';

export async function getBlocked(): Promise<HiddenPerson[]> {
  return (await api.get<{ data: HiddenPerson[] }>('/users/me/blocked')).data;
}

/** People I blocked, most recent first. */
export function useBlockedQuery() {
  return useQuery({ queryKey: safetyKeys.blocked, queryFn: getBlocked });
}
