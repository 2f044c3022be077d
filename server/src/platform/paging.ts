import { badRequest } from './errors.js';

/** A keyset position: the (createdAt, id) of the last row of a page, opaque to clients. */
export type Cursor = { createdAt: Date; id: string };

/** `createdAt` as a Date, or as the ISO text `toISOString` would write. */
export function encodeCursor(row: { createdAt: Date | string; id: string }): string {
  const at = typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString();
  return Buffer.from(`${at}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(createdAt.getTime())) throw badRequest('Invalid cursor');
  return { createdAt, id };
}

/** Fetch one row more than the page: its presence says whether another page exists. */
export function pageOf<T extends { createdAt: Date | string; id: string }>(rows: T[], limit: number) {
  const page = rows.slice(0, limit);
  return { page, nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}
