import { type Insertable, type Updateable, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CollaborationRequestsTable } from '../../db/schema.js';
import type { Cursor } from '../../platform/paging.js';

function withPoster(db: Db) {
  return db
    .selectFrom('collaborationRequests as c')
    .leftJoin('users as u', 'u.id', 'c.userId')
    .selectAll('c')
    .select(['u.firstName', 'u.lastName', 'u.username', 'u.bio']);
}

export type CollaborationRow = Awaited<ReturnType<typeof findCollaboration>> & object;

/** Newest first by keyset; `category` undefined lists every category. */
export function listCollaborations(db: Db, options: { category?: string; cursor?: Cursor; limit: number }) {
  let q = withPoster(db);
  if (options.category) q = q.where('c.category', '=', options.category);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) => eb.or([eb('c.createdAt', '<', createdAt), eb.and([eb('c.createdAt', '=', createdAt), eb('c.id', '<', id)])]));
  }
  return q.orderBy('c.createdAt', 'desc').orderBy('c.id', 'desc').limit(sql.lit(options.limit + 1)).execute();
}

export function findCollaboration(db: Db, id: string) {
  return withPoster(db).where('c.id', '=', id).executeTakeFirst();
}

export function insertCollaboration(db: Db, row: Insertable<CollaborationRequestsTable>) {
  return db.insertInto('collaborationRequests').values(row).returning('id').executeTakeFirstOrThrow();
}

export function updateCollaboration(db: Db, id: string, changes: Updateable<CollaborationRequestsTable>) {
  return db.updateTable('collaborationRequests').set({ ...changes, updatedAt: new Date() }).where('id', '=', id).execute();
}

export function deleteCollaboration(db: Db, id: string) {
  return db.deleteFrom('collaborationRequests').where('id', '=', id).execute();
}
