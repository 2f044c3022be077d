import { type Kysely, sql } from 'kysely';

/**
 * The personal home feed (issue 13, decision 016) walks each followed hashtag newest first from a
 * keyset cursor, one walk per tag, limited to a page. 0004's post_hashtags_tag (tag, created_at)
 * stopped at the time, so a walk could not start exactly after the cursor's (created_at, post_id)
 * nor hand back its rows in keyset order without a sort: this index replaces it (nothing else
 * used it: the hashtag page walks posts.hashtags, trending walks post_hashtags_recent).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index post_hashtags_walk on post_hashtags (tag, created_at desc, post_id desc)`.execute(
    db,
  );
  await sql`drop index if exists post_hashtags_tag`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists post_hashtags_tag on post_hashtags (tag, created_at desc)`.execute(db);
  await sql`drop index if exists post_hashtags_walk`.execute(db);
}
