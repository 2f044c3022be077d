import { type Kysely, sql } from 'kysely';

/**
 * Issue 38, remote listings in search and on the map (decision 089): the words of another
 * Muster's listing as search matches them, in a GIN index over an expression rather than a stored
 * column, so the federation feature's rows (read with `selectAll` elsewhere) gain nothing. The
 * expression is the federation feature's `remoteListingVector`, word for word: the planner uses
 * the index only for the same expression. Remote listings are few beside local posts; the index
 * keeps a word's search over them from reading every one as the table grows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists federation_remote_posts_search on federation_remote_posts
    using gin (to_tsvector('english'::regconfig, title || ' ' || text || ' ' || coalesce(category, '')))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists federation_remote_posts_search`.execute(db);
}
