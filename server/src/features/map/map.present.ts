import type { JsonText } from '../../platform/json-text.js';
import type { MapRow, RemoteMapRow } from './map.queries.js';

/**
 * One pin as the API gives it (contract's mapItemSchema): the public, approximate place only —
 * `coordinates` on 0.01° grid as map_location holds them, and the city-level place text.
 */
export function mapItemText(row: MapRow): JsonText {
  return JSON.stringify(itemOf(row)) as JsonText;
}

const itemOf = (row: MapRow | RemoteMapRow) => ({
  _id: row.id,
  kind: row.kind,
  title: row.title,
  category: row.category,
  status: row.status,
  emergency: row.emergency,
  coordinates: [row.lon, row.lat],
  place: row.place,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Another Muster's listing as a pin (decision 089): the same fields (its `_id` the Note's id), its
 * place as its server gave it (087 keeps only the 0.01° point and the place's name), and `remote`:
 * where it lives, for the "From <server>" badge, the link to its page and Offer help.
 */
export function remoteMapItemText(row: RemoteMapRow): JsonText {
  return JSON.stringify({
    ...itemOf(row),
    remote: { server: row.host, url: row.url, objectId: row.id, authorUri: row.authorUri },
  }) as JsonText;
}

/** `{ data: { items, total } }` around items already written. */
export function mapAnswerText(items: readonly JsonText[], total: number): JsonText {
  return `{"data":{"items":[${items.join(',')}],"total":${total}}}` as JsonText;
}
