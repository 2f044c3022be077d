import { type Kysely, sql } from 'kysely';

/**
 * Missions (issue 12): a mission, its members by role (the owner is a member too, so "who is in
 * this mission" is one table), join requests, followers, offers of help and tasks. Updates are
 * posts of kind mission_update with `posts.mission_id` set; the server numbers them.
 *
 * Member, follower and update counts are kept by the database, as likes and comments are (0013):
 * concurrent joins, leaves and updates cannot make them lie.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('missions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('map_location', 'jsonb')
    .addColumn('photo', 'text')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ongoing'))
    .addColumn('partners_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collaborators_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('missions_type', sql`type in ('collaboration', 'partnership')`)
    .addCheckConstraint('missions_status', sql`status in ('ongoing', 'completed')`)
    .addCheckConstraint('missions_visibility', sql`visibility in ('public', 'members')`)
    .execute();
  // Keyset pages of the list, newest first, overall and by type/category; the owner's missions.
  await sql`create index missions_recent on missions (created_at desc, id desc)`.execute(db);
  await sql`create index missions_by_category on missions (category, created_at desc, id desc)`.execute(db);
  await db.schema.createIndex('missions_owner').on('missions').column('owner_id').execute();

  await db.schema
    .createTable('mission_members')
    .addColumn('mission_id', 'uuid', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addPrimaryKeyConstraint('mission_members_pkey', ['mission_id', 'user_id'])
    .addCheckConstraint('mission_members_role', sql`role in ('owner', 'partner', 'collaborator')`)
    .execute();
  await sql`create index mission_members_by_user on mission_members (user_id, joined_at desc)`.execute(db);

  await db.schema
    .createTable('mission_join_requests')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('mission_id', 'uuid', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addUniqueConstraint('mission_join_requests_once', ['mission_id', 'user_id'])
    .addCheckConstraint('mission_join_requests_role', sql`role in ('partner', 'collaborator')`)
    .execute();

  await db.schema
    .createTable('mission_follows')
    .addColumn('mission_id', 'uuid', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addPrimaryKeyConstraint('mission_follows_pkey', ['mission_id', 'user_id'])
    .execute();
  await sql`create index mission_follows_by_user on mission_follows (user_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('mission_offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('mission_id', 'uuid', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .execute();
  await db.schema
    .createIndex('mission_offers_mission')
    .on('mission_offers')
    .columns(['mission_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('mission_id', 'uuid', (c) => c.notNull().references('missions.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('assignee_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('due_date', 'date')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('todo'))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('tasks_status', sql`status in ('todo', 'in_progress', 'done')`)
    .execute();
  await sql`create index tasks_by_mission on tasks (mission_id, created_at desc, id desc)`.execute(db);
  await sql`create index tasks_by_assignee on tasks (assignee_id, status) where assignee_id is not null`.execute(
    db,
  );

  // A mission update is a post that points at its mission; the timeline is one index walk.
  await sql`alter table posts add column mission_id uuid references missions(id) on delete set null`.execute(
    db,
  );
  await sql`create index posts_mission_updates on posts (mission_id, created_at desc, id desc) where mission_id is not null`.execute(
    db,
  );
  // A mission's group chat (chats.kind = 'mission', chats.mission_id) goes with its mission.
  await sql`create unique index chats_one_per_mission on chats (mission_id) where mission_id is not null`.execute(
    db,
  );
  // Deleting a mission takes its chat, members and messages with it (0003 left the column loose).
  await sql`alter table chats add constraint chats_mission_fkey foreign key (mission_id) references missions(id) on delete cascade`.execute(
    db,
  );

  // Counts kept by statement triggers with transition tables (as 0013 does for likes).
  await sql
    .raw(
      `create function count_mission_members() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update missions m set
      partners_count = m.partners_count + d.partners,
      collaborators_count = m.collaborators_count + d.collaborators
    from (select mission_id, count(*) filter (where role = 'partner')::int as partners,
                 count(*) filter (where role = 'collaborator')::int as collaborators
          from added group by mission_id) d where m.id = d.mission_id;
  else
    update missions m set
      partners_count = m.partners_count - d.partners,
      collaborators_count = m.collaborators_count - d.collaborators
    from (select mission_id, count(*) filter (where role = 'partner')::int as partners,
                 count(*) filter (where role = 'collaborator')::int as collaborators
          from removed group by mission_id) d where m.id = d.mission_id;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql`create trigger mission_members_counted_in after insert on mission_members
    referencing new table as added for each statement execute function count_mission_members()`.execute(db);
  await sql`create trigger mission_members_counted_out after delete on mission_members
    referencing old table as removed for each statement execute function count_mission_members()`.execute(db);
  await sql
    .raw(
      `create function count_mission_follows() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    update missions m set follower_count = m.follower_count + d.n
    from (select mission_id, count(*)::int as n from added group by mission_id) d where m.id = d.mission_id;
  else
    update missions m set follower_count = m.follower_count - d.n
    from (select mission_id, count(*)::int as n from removed group by mission_id) d where m.id = d.mission_id;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql`create trigger mission_follows_counted_in after insert on mission_follows
    referencing new table as added for each statement execute function count_mission_follows()`.execute(db);
  await sql`create trigger mission_follows_counted_out after delete on mission_follows
    referencing old table as removed for each statement execute function count_mission_follows()`.execute(db);

  // A mission update is numbered as it is inserted: the mission's row is bumped and locked by the
  // same statement, so concurrent updates queue on it and each gets the next number (the client's
  // guess is replaced). The posts feature never writes missions; the database does it for it. The
  // name sorts before posts_render, so the rendered JSON carries the server's number and title.
  await sql
    .raw(
      `create function number_mission_update() returns trigger language plpgsql as $$
declare n integer; t text;
begin
  update missions set update_count = update_count + 1 where id = new.mission_id returning update_count, title into n, t;
  if n is null then
    raise foreign_key_violation using message = 'mission gone';
  end if;
  new.mission := jsonb_build_object('missionId', new.mission_id::text, 'title', t, 'updateCount', n);
  return new;
end $$`,
    )
    .execute(db);
  await sql`create trigger posts_mission_number before insert on posts
    for each row when (new.mission_id is not null) execute function number_mission_update()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger posts_mission_number on posts`.execute(db);
  await sql`drop function number_mission_update()`.execute(db);
  await sql`alter table chats drop constraint chats_mission_fkey`.execute(db);
  await sql`drop index chats_one_per_mission`.execute(db);
  await sql`alter table posts drop column mission_id`.execute(db);
  for (const t of [
    'tasks',
    'mission_offers',
    'mission_follows',
    'mission_join_requests',
    'mission_members',
    'missions',
  ])
    await db.schema.dropTable(t).execute();
  await sql`drop function count_mission_follows()`.execute(db);
  await sql`drop function count_mission_members()`.execute(db);
}
