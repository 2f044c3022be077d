import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** Whether someone has accepted a connection with this person (connections keep a row per side). */
export async function hasAnyConnection(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('connections')
    .select('otherId')
    .where('userId', '=', userId)
    .limit(sql.lit(1))
    .executeTakeFirst();
  return row !== undefined;
}
