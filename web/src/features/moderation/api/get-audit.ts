import type { AuditEntryView } from '@muster/contract/admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys, type AuditFilters } from './admin-keys';

export type AuditPage = { data: AuditEntryView[]; meta: { nextCursor: string | null } };

export function getAudit(filters: AuditFilters, cursor?: string): Promise<AuditPage> {
  const query = new URLSearchParams();
  for (const key of ['action', 'actor', 'subject'] as const) {
    const value = filters[key].trim().replace(/^@/, '');
    if (value) query.set(key, value);
  }
  if (cursor) query.set('cursor', cursor);
  const qs = query.toString();
  return api.get<AuditPage>(`/admin/audit${qs ? `?${qs}` : ''}`);
}

/** The moderation audit log, newest first, a page at a time. */
export function useAuditQuery(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam }) => getAudit(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.nextCursor ?? undefined,
  });
}
