import { POLL_INTERVAL_MS } from '@muster/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getConnectionRequests(): Promise<Array<{ _id: string }>> {
  return (await api.get<{ data: Array<{ _id: string }> }>('/connections/requests')).data;
}

/** Pending requests to connect with me; the Network badge counts them (polled every 30 s). */
export function useConnectionRequestsQuery() {
  return useQuery({ queryKey: ['connections', 'requests'], queryFn: getConnectionRequests, refetchInterval: POLL_INTERVAL_MS });
}
