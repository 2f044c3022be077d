import type { JsonText } from '../../platform/json-text.js';
import type { MapRow } from './map.queries.js';

/**
 * One pin as the API gives it (contract's mapItemSchema): the public, approximate place only —
 * `coordinates` on 0.01° grid as map_location holds them, and the city-level place text.
 */
export function mapItemText(row: MapRow): JsonText {
  return JSON.stringify({
    _id: row.id,
    kind: row.kind,
    title: row.title,
    category: row.category,
    status: row.status,
    emergency: row.emergency,
    coordinates: [row.lon, row.lat],
    place: row.place,
    createdAt: row.createdAt.toISOString(),
  }) as JsonText;
}

/** `{ data: { items, total } }` around items already written. */
export function mapAnswerText(items: readonly JsonText[], total: number): JsonText {
  return `{"data":{"items":[${items.join(',')}],"total":${total}}}` as JsonText;
}
