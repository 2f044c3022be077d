import type { Db } from '../../db/database.js';
import type { ContactMessagesTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export function insertContactMessage(db: Db, row: Insertable<ContactMessagesTable>) {
  return db.insertInto('contactMessages').values(row).returningAll().executeTakeFirstOrThrow();
}

export function markContactMessageMailed(db: Db, id: string) {
  return db.updateTable('contactMessages').set({ mailedAt: new Date() }).where('id', '=', id).execute();
}
