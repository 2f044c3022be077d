import { OPEN_DATA_COLUMNS, type OpenDataItem, type OpenDataLicense } from '@muster/contract/open-data';
import type { Deps } from '../../platform/deps.js';
import type { OpenDataRow } from './open-data.queries.js';

/** An item as the JSON page, the CSV and the GeoJSON carry it: named fields only, no person. */
export function presentItem(deps: Deps, row: OpenDataRow): OpenDataItem {
  const path = row.kind === 'mission' ? `/missions/${row.id}` : `/post/${row.id}`;
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    description: row.description,
    category: row.category,
    status: row.status,
    emergency: row.emergency,
    coordinates: row.coordinates ? [Number(row.coordinates[0]), Number(row.coordinates[1])] : null,
    place: row.place,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    url: `${deps.config.publicUrl}/#${path}`,
  };
}

/*
 * CSV (RFC 4180): CRLF line ends; a field holding a comma, a quote, CR or LF is quoted, its quotes
 * doubled. A text field that a spreadsheet would read as a formula — starting with =, +, -, @, a
 * tab or CR (OWASP's CSV injection list) — gets a leading apostrophe, which spreadsheets show as
 * text and HXL tools keep as a character. Numbers (a western longitude is negative) are left as
 * they are: they are ours, never a person's words.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field: the text escaped against formulas, then quoted as RFC 4180 asks. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (fields: Array<string | number | null>) => `${fields.map(csvField).join(',')}\r\n`;

/** The header row (column names), then the HXL hashtag row. */
export function csvHeader(): string {
  return line(OPEN_DATA_COLUMNS.map((c) => c.name)) + line(OPEN_DATA_COLUMNS.map((c) => c.hxl));
}

/** The items' rows, in OPEN_DATA_COLUMNS' order. */
export function csvRows(items: OpenDataItem[]): string {
  return items
    .map((i) =>
      line([
        i._id,
        i.kind,
        i.title,
        i.description,
        i.category,
        i.status,
        i.emergency ? 1 : 0,
        i.coordinates ? i.coordinates[1] : null,
        i.coordinates ? i.coordinates[0] : null,
        i.place,
        i.createdAt,
        i.expiresAt,
        i.url,
      ]),
    )
    .join('');
}

/** GeoJSON (RFC 7946): the collection opens with the licence, a foreign member (§6.1). */
export function geoJsonHead(license: OpenDataLicense): string {
  return `{"type":"FeatureCollection","license":${JSON.stringify(license)},"features":[`;
}
export const GEOJSON_TAIL = ']}';

/** A Feature at the item's public point; an item with no place has a null geometry (§3.2). */
export function geoJsonFeature(item: OpenDataItem): string {
  const { _id, coordinates, ...properties } = item;
  return JSON.stringify({
    type: 'Feature',
    id: _id,
    geometry: coordinates ? { type: 'Point', coordinates } : null,
    properties,
  });
}
