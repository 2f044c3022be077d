import { type Kysely, sql } from 'kysely';

/**
 * The emergency board (issue 16, decision 023) lists emergency-marked posts and mission updates
 * newest first. They are a small part of all posts, so a walk of posts_recent would read through
 * every other post to fill a page; this partial index holds only the board's posts, in keyset
 * order. Its predicate is the one posts.queries.ts's onEmergencyBoard starts with, word for word:
 * PostgreSQL uses a partial index only for a query whose conditions imply its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index posts_board on posts (created_at desc, id desc) where (emergency_emoji is not null or kind = 'mission_update')`.execute(
    db,
  );
  // The members-only missions, read once per post list to leave their updates to their members
  // (social.queries.ts missionOfPostVisibleTo): a few rows, where the table has every mission.
  await sql`create index missions_members_only on missions (id) where visibility = 'members'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists missions_members_only`.execute(db);
  await sql`drop index if exists posts_board`.execute(db);
}
