import { type Kysely, sql } from 'kysely';

/**
 * Offers of help across servers (issue 38, decision 090).
 *
 * `offers` takes a helper on another server: `helper_id` may be null when `remote_helper` (their
 * actor URI, a `federation_remote_actors` row, which gives their card) is set, exactly one of the
 * two. `remote_activity` is the id of the Offer they sent: the Accept or Reject we send back names
 * it, their Undo names it, and a repeated delivery of it writes nothing. One live offer per remote
 * helper and post, as for a local one.
 *
 * `federation_offers_out` (the federation feature's): offers people here sent to a listing on
 * another server, with what they said and a copy of the listing's title, page and server (the
 * listing may go; the offer stays in their list). `activity_id` is our Offer's id, which its
 * author's Accept or Reject names. One live (sent or accepted) offer per person and listing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table offers alter column helper_id drop not null`.execute(db);
  await sql`alter table offers
      add column remote_helper text references federation_remote_actors (uri) on delete cascade,
      add column remote_activity text,
      add constraint offers_one_helper check ((helper_id is null) <> (remote_helper is null)),
      add constraint offers_remote_activity check ((remote_helper is null) = (remote_activity is null))`.execute(
    db,
  );
  await sql`create unique index offers_remote_activity on offers (remote_activity) where remote_activity is not null`.execute(
    db,
  );
  await sql`create unique index offers_one_live_remote_per_post on offers (post_id, remote_helper)
      where remote_helper is not null and status in ('pending', 'accepted')`.execute(db);

  await sql`create table federation_offers_out (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      object_uri text not null,
      remote_actor text not null,
      host text not null,
      title text not null,
      url text not null,
      message text not null,
      give text not null default '',
      available text not null default '',
      state text not null default 'sent' check (state in ('sent', 'accepted', 'declined', 'withdrawn')),
      activity_id text not null unique,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      decided_at timestamptz
    )`.execute(db);
  await sql`create index federation_offers_out_mine on federation_offers_out (user_id, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create unique index federation_offers_out_live on federation_offers_out (user_id, object_uri)
      where state in ('sent', 'accepted')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists federation_offers_out`.execute(db);
  await sql`delete from offers where remote_helper is not null`.execute(db);
  await sql`drop index if exists offers_one_live_remote_per_post`.execute(db);
  await sql`drop index if exists offers_remote_activity`.execute(db);
  await sql`alter table offers drop constraint if exists offers_remote_activity,
      drop constraint if exists offers_one_helper,
      drop column if exists remote_activity, drop column if exists remote_helper`.execute(db);
  await sql`alter table offers alter column helper_id set not null`.execute(db);
}
