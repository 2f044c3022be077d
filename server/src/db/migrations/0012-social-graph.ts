import { type Kysely, sql } from 'kysely';

/**
 * The social graph (issue 11): mutual connections, the requests that make them, mutes, reports,
 * and each person's privacy choices. `blocks` already exists (0003).
 *
 * A connection is stored as two rows, one from each side, written and removed together in one
 * statement: "my connections", "mutual connections" and "are we connected" are then each one
 * index walk from the person asking, with no `least()/greatest()` in any predicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('connections')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // To the millisecond, as every keyset-paged table (0009): a cursor holds milliseconds.
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addPrimaryKeyConstraint('connections_pkey', ['user_id', 'other_id'])
    .addCheckConstraint('connections_not_self', sql`user_id <> other_id`)
    .execute();
  // Keyset pages of my connections, newest first.
  await sql`create index connections_recent on connections (user_id, created_at desc, other_id desc)`.execute(
    db,
  );

  // One request per ordered pair. An ignored request stays (the sender still sees it pending,
  // as on LinkedIn) but leaves the recipient's list.
  await db.schema
    .createTable('connection_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('sender_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ignored_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addUniqueConstraint('connection_requests_pair', ['sender_id', 'recipient_id'])
    .addCheckConstraint('connection_requests_not_self', sql`sender_id <> recipient_id`)
    .execute();
  await sql`create index connection_requests_received on connection_requests (recipient_id, created_at desc, id desc) where ignored_at is null`.execute(
    db,
  );
  // Everyone who asked me, ignored or not, in one index walk: "people you may know" leaves them
  // out. Without it each candidate is probed on the pair key (~240 probes, half the statement's
  // time); with it PostgreSQL reads my few requests once and filters the candidates against them.
  await sql`create index connection_requests_to on connection_requests (recipient_id, sender_id)`.execute(db);

  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('muted_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mutes_pkey', ['muter_id', 'muted_id'])
    .execute();

  // The moderation queue: one report per reporter and target. Targets are kept by type and id
  // (no foreign key): a report outlives the post or message it is about.
  await db.schema
    .createTable('reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('reporter_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reports_once', ['reporter_id', 'target_type', 'target_id'])
    .execute();
  await sql`create index reports_queue on reports (created_at desc)`.execute(db);

  await sql`alter table users
    add column profile_visibility text not null default 'everyone',
    add column connections_visibility text not null default 'everyone',
    add column message_policy text not null default 'everyone',
    add column searchable boolean not null default true`.execute(db);
  await sql`create index mutes_muted on mutes (muted_id)`.execute(db);

  // People you may know (network feature): the newest followers of a hashtag, and the newest
  // people of a place, each one short index walk however many follow the tag or live there.
  await sql`create index hashtag_follows_by_tag on hashtag_follows (tag, created_at desc, user_id)`.execute(
    db,
  );
  await sql`create index users_place on users (lower(location), created_at desc) where location <> ''`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_place`.execute(db);
  await sql`drop index hashtag_follows_by_tag`.execute(db);
  await sql`alter table users drop column profile_visibility, drop column connections_visibility, drop column message_policy, drop column searchable`.execute(
    db,
  );
  for (const t of ['reports', 'mutes', 'connection_requests', 'connections'])
    await db.schema.dropTable(t).execute();
}
