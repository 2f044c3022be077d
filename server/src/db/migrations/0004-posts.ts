import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('posts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('author_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('status', 'text')
    .addColumn('hunt_type', 'text')
    .addColumn('image', 'text')
    .addColumn('review', 'jsonb')
    .addColumn('map_location', 'jsonb')
    .addColumn('mission', 'jsonb')
    .addColumn('emergency_emoji', 'text')
    .addColumn('hashtags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The feed walks this index newest first with a keyset cursor, whatever the table's size.
  await sql`create index posts_recent on posts (created_at desc, id desc)`.execute(db);
  await sql`create index posts_author on posts (author_id, created_at desc, id desc)`.execute(db);
  await sql`create index posts_hashtags on posts using gin (hashtags)`.execute(db);

  await db.schema
    .createTable('post_likes')
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('post_likes_pkey', ['post_id', 'user_id'])
    .execute();
  await db.schema.createIndex('post_likes_user').on('post_likes').column('user_id').execute();

  await db.schema
    .createTable('saved_posts')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('saved_posts_pkey', ['user_id', 'post_id'])
    .execute();
  await sql`create index saved_posts_recent on saved_posts (user_id, created_at desc)`.execute(db);

  // One row per use of a hashtag, so "trending over the last 7 days" is an indexed range count.
  await db.schema
    .createTable('post_hashtags')
    .addColumn('post_id', 'uuid', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_hashtags_pkey', ['post_id', 'tag'])
    .execute();
  await sql`create index post_hashtags_recent on post_hashtags (created_at desc, tag)`.execute(db);
  await sql`create index post_hashtags_tag on post_hashtags (tag, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['post_hashtags', 'saved_posts', 'post_likes', 'posts'])
    await db.schema.dropTable(t).execute();
}
