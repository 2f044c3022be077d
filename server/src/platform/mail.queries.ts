import type { Db } from '../db/database.js';

/** A notice mail's recipient as they are now: their address and whether it is verified. */
export function findMailRecipient(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'emailVerifiedAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
