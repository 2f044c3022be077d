import type { Place } from '@muster/contract/geo';
import { api } from '../../../lib/api-client';

export async function searchPlaces(q: string): Promise<Place[]> {
  return (await api.get<{ data: Place[] }>(`/geo/search?q=${encodeURIComponent(q)}`)).data;
}
