import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('video', 'text')
    .addColumn('file_url', 'text')
    .addColumn('file_name', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .dropColumn('video')
    .dropColumn('file_url')
    .dropColumn('file_name')
    .execute();
}
