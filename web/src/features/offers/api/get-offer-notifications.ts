import type { Notification } from '@muster/contract/notifications';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export async function getOfferNotifications(): Promise<Notification[]> {
  return (await api.get<{ data: Notification[] }>('/notifications?type=newOffer')).data;
}

export function useOfferNotificationsQuery() {
  return useQuery({ queryKey: ['offers', 'received'], queryFn: getOfferNotifications });
}
