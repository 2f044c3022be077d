import type { Bbox } from '@muster/contract/map-constants';
import type { MapFilterState } from '../lib/map-url';

export const mapKeys = {
  all: ['map'] as const,
  /** Keyed by the rounded viewport and the filters: a small pan or a re-visit is a cache hit. */
  items: (bbox: Bbox, filters: MapFilterState) => ['map', 'items', bbox.join(','), filters] as const,
  tiles: ['map', 'tiles'] as const,
};
