import type { StaffPerson } from '@muster/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function findPeople(query: string): Promise<StaffPerson[]> {
  return (await api.get<{ data: StaffPerson[] }>(`/admin/people?query=${encodeURIComponent(query)}`)).data;
}

/** People whose username or address starts with `query`; nothing is asked until something is typed. */
export function useFindPeopleQuery(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: adminKeys.people(q),
    queryFn: () => findPeople(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
