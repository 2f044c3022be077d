import { type Kysely, sql } from 'kysely';

/** A post's link preview, unfurled once by the server after the post is saved (decision 008). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts add column link_preview jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table posts drop column link_preview`.execute(db);
}
