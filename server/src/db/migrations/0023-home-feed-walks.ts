import { type Kysely, sql } from 'kysely';

/**
 * The home feed's walks (decision 016) read only indexes (decision 030).
 *
 * Each followed hashtag is walked newest first (0016's post_hashtags_walk), dropping posts by people
 * silenced for the viewer and updates of members-only missions they are not in. Both facts lived
 * only on posts, so every step was a primary-key lookup there: ten followed tags meant ~2,000
 * random reads of a 2.7 GB table per network head. A post's author and mission never change once
 * it is written, so each hashtag row carries them and the walk's index holds them.
 *
 * Each connection's posts are walked on posts_author, which lacked the mission (for the same
 * members-only rule): ten heap reads per person. It holds it now.
 *
 * Every page then asks which of its posts the viewer liked: post_likes_user held only the user, so
 * PostgreSQL probed the primary key (post, user) once per post, twenty random reads of a 3M-row
 * index. With the post beside the user, it reads the viewer's own few likes in one place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists post_likes_user`.execute(db);
  await sql`create index post_likes_user on post_likes (user_id, post_id)`.execute(db);
  await sql`drop index if exists posts_author`.execute(db);
  await sql`create index posts_author on posts (author_id, created_at desc, id desc) include (mission_id)`.execute(
    db,
  );
  await sql`alter table post_hashtags add column author_id uuid, add column mission_id uuid`.execute(db);
  await sql`update post_hashtags h set author_id = p.author_id, mission_id = p.mission_id from posts p where p.id = h.post_id`.execute(
    db,
  );
  await sql`alter table post_hashtags alter column author_id set not null`.execute(db);
  await sql`drop index if exists post_hashtags_walk`.execute(db);
  await sql`create index post_hashtags_walk on post_hashtags (tag, created_at desc, post_id desc) include (author_id, mission_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists post_likes_user`.execute(db);
  await sql`create index post_likes_user on post_likes (user_id)`.execute(db);
  await sql`drop index if exists posts_author`.execute(db);
  await sql`create index posts_author on posts (author_id, created_at desc, id desc)`.execute(db);
  await sql`drop index if exists post_hashtags_walk`.execute(db);
  await sql`alter table post_hashtags drop column author_id, drop column mission_id`.execute(db);
  await sql`create index post_hashtags_walk on post_hashtags (tag, created_at desc, post_id desc)`.execute(
    db,
  );
}
