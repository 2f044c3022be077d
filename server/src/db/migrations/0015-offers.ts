import { type Kysely, sql } from 'kysely';

/**
 * Offers of help (issue 13): one table for offers on a need or want and offers to a mission, so
 * `/offers` lists both, and accepting, declining and withdrawing work the same for both. It takes
 * over 0014's `mission_offers` (its rows move across, pending).
 *
 * `owner_id` is who receives the offer (the post's author, the mission's owner), kept on the row so
 * the Received box is one index walk. A person has at most one live (pending or accepted) offer on a
 * post or mission: a partial unique index, so two quick clicks make one offer.
 *
 * `posts.offer_count` (offers that were not withdrawn) is kept by the database, as 0013 keeps the
 * like and comment counts, and stays out of `posts.rendered`. `posts.credited_ids` are the helpers
 * an author credits when marking a need fulfilled ("Fulfilled with help from …").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('mission_id', 'uuid', (c) => c.references('missions.id').onDelete('cascade'))
    .addColumn('helper_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('give', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('available', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'timestamptz', (c) =>
      c.notNull().defaultTo(sql`date_trunc('milliseconds', now())`),
    )
    .addColumn('decided_at', 'timestamptz')
    .addCheckConstraint('offers_status', sql`status in ('pending', 'accepted', 'declined', 'withdrawn')`)
    .addCheckConstraint('offers_one_target', sql`(post_id is null) <> (mission_id is null)`)
    .execute();
  await sql`create index offers_received on offers (owner_id, created_at desc, id desc)`.execute(db);
  await sql`create index offers_made on offers (helper_id, created_at desc, id desc)`.execute(db);
  await sql`create index offers_on_post on offers (post_id, created_at) where post_id is not null`.execute(
    db,
  );
  await sql`create index offers_on_mission on offers (mission_id, created_at) where mission_id is not null`.execute(
    db,
  );
  await sql`create unique index offers_one_live_per_post on offers (post_id, helper_id) where post_id is not null and status in ('pending', 'accepted')`.execute(
    db,
  );
  await sql`create unique index offers_one_live_per_mission on offers (mission_id, helper_id) where mission_id is not null and status in ('pending', 'accepted')`.execute(
    db,
  );

  // 0014's offers to missions become pending offers; a helper's repeated offers keep the newest live.
  await sql`
    insert into offers (id, mission_id, helper_id, owner_id, message, created_at)
    select distinct on (o.mission_id, o.user_id) o.id, o.mission_id, o.user_id, m.owner_id, o.message, o.created_at
    from mission_offers o join missions m on m.id = o.mission_id
    order by o.mission_id, o.user_id, o.created_at desc`.execute(db);
  await db.schema.dropTable('mission_offers').execute();

  await sql`alter table posts add column offer_count integer not null default 0`.execute(db);
  await sql`alter table posts add column credited_ids uuid[] not null default '{}'`.execute(db);
  // Row triggers: offers are few, and each moves one post's count by one.
  await sql
    .raw(
      `create function count_offers() returns trigger language plpgsql as $$
begin
  if tg_op in ('INSERT', 'UPDATE') and new.post_id is not null and new.status <> 'withdrawn'
     and (tg_op = 'INSERT' or old.status = 'withdrawn') then
    update posts set offer_count = offer_count + 1 where id = new.post_id;
  end if;
  if tg_op in ('DELETE', 'UPDATE') and old.post_id is not null and old.status <> 'withdrawn'
     and (tg_op = 'DELETE' or new.status = 'withdrawn') then
    update posts set offer_count = offer_count - 1 where id = old.post_id;
  end if;
  return null;
end $$`,
    )
    .execute(db);
  await sql`create trigger offers_counted after insert or update of status or delete on offers for each row execute function count_offers()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists offers_counted on offers`.execute(db);
  await sql`drop function if exists count_offers()`.execute(db);
  await sql`alter table posts drop column if exists offer_count, drop column if exists credited_ids`.execute(
    db,
  );
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
  await sql`insert into mission_offers (id, mission_id, user_id, message, created_at)
    select id, mission_id, helper_id, message, created_at from offers where mission_id is not null`.execute(
    db,
  );
  await db.schema.dropTable('offers').execute();
}
