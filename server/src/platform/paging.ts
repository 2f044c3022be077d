import { validationFailed } from './errors.js';

/** A keyset position: the (createdAt, id) of the last row of a page, opaque to clients. */
export type Cursor = { createdAt: Date; id: string };

/** `createdAt` as a Date, or as the ISO text `toISOString` would write. */
export function encodeCursor(row: { createdAt: Date | string; id: string }): string {
  const at = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${at}|${row.id}`).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * A cursor is only ever one we wrote, so anything else is refused as a 400 before it reaches a
 * query: the id must be a UUID (PostgreSQL's uuid type refuses `----…` or `g…`), and the time
 * exactly as `toISOString` writes it, a real calendar instant (`02-31` would roll over to March)
 * from year 1 on — JavaScript's dates reach ±275,760 years and a year 0 that PostgreSQL's don't.
 */
export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [iso = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso);
  const valid =
    rest.length === 0 &&
    UUID.test(id) &&
    ISO_INSTANT.test(iso) &&
    !iso.startsWith('0000') &&
    !Number.isNaN(createdAt.getTime()) &&
    createdAt.toISOString() === iso;
  if (!valid) throw validationFailed([{ path: 'cursor', message: 'Invalid cursor' }]);
  return { createdAt, id };
}

/** Fetch one row more than the page: its presence says whether another page exists. */
export function pageOf<T extends { createdAt: Date | string; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
