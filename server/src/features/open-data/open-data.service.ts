import { createHash } from 'node:crypto';
import type { MapFilters } from '@muster/contract/map';
import type { OpenDataLicense, OpenDataPageQuery } from '@muster/contract/open-data';
import type { Deps } from '../../platform/deps.js';
import { type Cursor, decodeCursor, pageOf } from '../../platform/paging.js';
import { itemsAfter, type OpenDataRow } from './open-data.queries.js';
import {
  csvHeader,
  csvRows,
  geoJsonFeature,
  geoJsonHead,
  GEOJSON_TAIL,
  presentItem,
} from './open-data.present.js';

/*
 * Open data for responders (issue 37 item 3, decision 078). Nobody signs in and nobody is asked
 * about: every answer is the one a stranger gets (the audience is in open-data.queries.ts), so it
 * is the same for everyone and may be cached publicly.
 */

/** Rows read per statement while exporting: the most the process holds of an export at once. */
export const EXPORT_BATCH = 1_000;

/**
 * Every item that fits, newest first, one keyset batch at a time, from `first` (the first batch,
 * read already) on. A generator: the next batch is read only when the response has taken the last
 * one (Readable.from pulls on demand), so a slow client holds the process's memory to a batch, and
 * one who goes away stops the walk.
 */
export async function* exportBatches(
  deps: Deps,
  filters: MapFilters,
  batch = EXPORT_BATCH,
  first?: OpenDataRow[],
): AsyncGenerator<OpenDataRow[]> {
  let rows = first ?? (await itemsAfter(deps.db, filters, undefined, batch));
  for (;;) {
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    const cursor: Cursor = { createdAt: new Date(last.createdAt), id: last.id };
    rows = await itemsAfter(deps.db, filters, cursor, batch);
  }
}

/**
 * The export's first batch is read before anything is sent, so a database that does not answer
 * is an error response (the usual envelope), not a 200 cut short after its header row.
 */
async function firstBatch(deps: Deps, filters: MapFilters): Promise<OpenDataRow[]> {
  return itemsAfter(deps.db, filters, undefined, EXPORT_BATCH);
}

/** The CSV export: the header row, the HXL hashtag row, then the items, as text chunks. */
export async function csvExport(deps: Deps, filters: MapFilters): Promise<AsyncGenerator<string>> {
  const first = await firstBatch(deps, filters);
  return (async function* () {
    yield csvHeader();
    for await (const rows of exportBatches(deps, filters, EXPORT_BATCH, first))
      yield csvRows(rows.map((r) => presentItem(deps, r)));
  })();
}

/** The GeoJSON export: a FeatureCollection with the licence as a foreign member, as text chunks. */
export async function geoJsonExport(
  deps: Deps,
  filters: MapFilters,
  license: OpenDataLicense,
): Promise<AsyncGenerator<string>> {
  const first = await firstBatch(deps, filters);
  return (async function* () {
    yield geoJsonHead(license);
    let separator = '';
    for await (const rows of exportBatches(deps, filters, EXPORT_BATCH, first)) {
      yield separator + rows.map((r) => geoJsonFeature(presentItem(deps, r))).join(',');
      separator = ',';
    }
    yield GEOJSON_TAIL;
  })();
}

/**
 * One page for dashboards, as the JSON text it is sent as and its ETag (a digest of those bytes):
 * the same items give the same tag, so a poll that finds nothing new costs a 304. The tag is weak
 * (`W/`) because the compression plugin sends the same page as br, gzip or plain bytes under one
 * tag; RFC 9110 §8.8.1 lets only a weak tag stand for several encodings of one content. Nothing
 * here needs a strong one (no ranges, no If-Match).
 */
export async function itemsPage(
  deps: Deps,
  query: OpenDataPageQuery,
  license: OpenDataLicense,
): Promise<{ body: string; etag: string }> {
  const { cursor, limit, ...filters } = query;
  const rows = await itemsAfter(deps.db, filters, decodeCursor(cursor), limit + 1);
  const { page, nextCursor } = pageOf(rows, limit);
  const body = JSON.stringify({
    data: page.map((r) => presentItem(deps, r)),
    meta: { nextCursor, license },
  });
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, etag };
}

/**
 * The request's If-None-Match names this tag (or is `*`), by the weak comparison RFC 9110 §13.1.2
 * asks for: with or without `W/`, so a client that dropped the prefix still revalidates.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map(opaque)
    .some((t) => t === '*' || t === opaque(etag));
}
