import { type Kysely, sql } from 'kysely';

/**
 * Resource matching (issue 16): one row per pair of a need or want and a provision that ever
 * scored as a match. The pair is the primary key, so its authors are told once however often
 * either post is edited; a later edit rewrites `score` and `reasons` (a pair that no longer
 * scores stays, below the threshold, and is not listed). Each author's notice time is kept on
 * the row: counting them is the daily cap, one index range per person and side. The authors are
 * copied from the posts (a post never changes hands) so the cap and /matches need no join to find
 * a person's pairs. Deleting either post deletes the pair.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('post_matches')
    .addColumn('need_id', 'uuid', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('provision_id', 'uuid', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('need_author_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provision_author_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('score', 'double precision', (c) => c.notNull())
    .addColumn('reasons', 'jsonb', (c) => c.notNull())
    .addColumn('need_author_told_at', 'timestamptz')
    .addColumn('provision_author_told_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('updated_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addPrimaryKeyConstraint('post_matches_pair', ['need_id', 'provision_id'])
    .execute();
  await sql`create index post_matches_provision on post_matches (provision_id)`.execute(db);
  await sql`create index post_matches_need_author_told on post_matches (need_author_id, need_author_told_at)
    where need_author_told_at is not null`.execute(db);
  await sql`create index post_matches_provision_author_told on post_matches (provision_author_id, provision_author_told_at)
    where provision_author_told_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('post_matches').ifExists().execute();
}
