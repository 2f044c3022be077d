import { type Kysely, sql } from 'kysely';

/**
 * Keyset cursors carry a row's created_at as JavaScript holds it, to the millisecond. A row stamped
 * to the microsecond could then fall between a cursor and the next page when two rows share a
 * millisecond, and be skipped. Rows that are paged by cursor are stamped to the millisecond.
 */
const PAGED = ['posts', 'chat_messages', 'collaboration_requests'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of PAGED) {
    await sql`alter table ${sql.table(table)} alter column created_at set default date_trunc('milliseconds', now())`.execute(
      db,
    );
    await sql`update ${sql.table(table)} set created_at = date_trunc('milliseconds', created_at) where created_at <> date_trunc('milliseconds', created_at)`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of PAGED)
    await sql`alter table ${sql.table(table)} alter column created_at set default now()`.execute(db);
}
