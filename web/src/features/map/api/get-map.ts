import type { MapResponse, MapTiles } from '@muster/contract/map';
import type { Bbox } from '@muster/contract/map-constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filterQuery, type MapFilterState } from '../lib/map-url';
import { mapKeys } from './map-keys';

export async function getMapItems(
  bbox: Bbox,
  filters: MapFilterState,
  signal?: AbortSignal,
): Promise<MapResponse['data']> {
  return (await api.get<MapResponse>(`/map?${filterQuery(filters, bbox).toString()}`, signal)).data;
}

/**
 * The items in the (rounded) viewport. TanStack Query passes its signal: when the map moves on
 * before an answer, the key changes and the old request is cancelled. The last answer stays drawn
 * while the next loads, so pins do not blink away on every pan.
 */
export function useMapItemsQuery(bbox: Bbox | undefined, filters: MapFilterState) {
  return useQuery({
    queryKey: mapKeys.items(bbox ?? [0, 0, 0, 0], filters),
    queryFn: ({ signal }) => getMapItems(bbox!, filters, signal),
    enabled: bbox !== undefined && filters.kinds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Where the tiles come from (MAP_TILE_URL on the server) and the attribution their licence asks for. */
export function useMapTilesQuery() {
  return useQuery({
    queryKey: mapKeys.tiles,
    queryFn: async () => {
      const tiles = (await api.get<{ data?: Partial<MapTiles> }>('/map/tiles')).data;
      // Leaflet throws inside its own loop on a template it cannot fill: the page shows its error instead.
      if (typeof tiles?.url !== 'string' || typeof tiles.attribution !== 'string')
        throw new Error('The map has no tile source');
      return { url: tiles.url, attribution: tiles.attribution, maxZoom: tiles.maxZoom ?? 19 };
    },
    staleTime: Infinity,
  });
}
