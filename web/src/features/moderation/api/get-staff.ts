import type { StaffPerson } from '@muster/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export async function getStaff(): Promise<StaffPerson[]> {
  return (await api.get<{ data: StaffPerson[] }>('/admin/staff')).data;
}

/** Admins and moderators, admins first. */
export function useStaffQuery() {
  return useQuery({ queryKey: adminKeys.staff, queryFn: getStaff });
}
