import { type Kysely, sql } from 'kysely';

/**
 * @mention suggestions look people up by the first letters of their username, first or last name.
 * Byte-order ("C") indexes answer a prefix LIKE and hand rows back already sorted, so each lookup
 * stops after a handful of rows however many people share the prefix. "People you may know" walks
 * the newest accounts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_username_prefix on users ((username collate "C"))`.execute(db);
  await sql`create index users_first_name_prefix on users ((lower(first_name) collate "C"))`.execute(db);
  await sql`create index users_last_name_prefix on users ((lower(last_name) collate "C"))`.execute(db);
  await sql`create index users_recent on users (created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'users_username_prefix',
    'users_first_name_prefix',
    'users_last_name_prefix',
    'users_recent',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
}
