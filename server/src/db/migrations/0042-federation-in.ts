import { type Kysely, sql } from 'kysely';

/**
 * Issue 38 "What comes in", part 1 (decision 087): the federation feature's tables for following
 * remote accounts and for what remote servers send. All owned by the federation feature.
 *
 * `federation_remote_actors.avatar`: the actor's icon URL, for the list of whom a person follows.
 *
 * `federation_following`: a local person following a remote actor; pending until its Accept
 * arrives (a Reject removes it). One row per pair; `follow_id` is the id of the Follow we sent, so
 * an Accept or an Undo names it.
 *
 * `federation_remote_posts`: another Muster's public needs, wants, provisions and mission updates
 * (a RemoteListing), from actors someone here follows or addressed to us. Text is stored as
 * sanitised plain text; the place only approximate. `host` lets a blocked server's be left out.
 *
 * `federation_remote_replies`: a remote status answering one of our posts, counted (shown later).
 *
 * `federation_reactions`: remote Likes and Announces of our posts, once per actor, kind and post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The avatar a person's list of remote follows shows (the actor's icon, as last fetched).
  await sql`alter table federation_remote_actors add column avatar text`.execute(db);
  await sql`create table federation_following (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      remote_actor text not null,
      follow_id text not null unique,
      state text not null default 'pending' check (state in ('pending', 'accepted')),
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      unique (user_id, remote_actor)
    )`.execute(db);
  await sql`create index federation_following_actor on federation_following (remote_actor)`.execute(db);
  await sql`create table federation_remote_posts (
      object_uri text primary key,
      remote_actor text not null,
      host text not null,
      kind text not null,
      title text not null,
      text text not null,
      category text,
      status text,
      emergency boolean not null default false,
      place_name text,
      longitude double precision,
      latitude double precision,
      expires_at timestamptz,
      url text not null,
      published timestamptz not null,
      updated timestamptz,
      fetched_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index federation_remote_posts_host on federation_remote_posts (host)`.execute(db);
  await sql`create table federation_remote_replies (
      object_uri text primary key,
      post_id uuid not null references posts (id) on delete cascade,
      remote_actor text not null,
      host text not null,
      text text not null,
      published timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index federation_remote_replies_post on federation_remote_replies (post_id)`.execute(db);
  await sql`create table federation_reactions (
      post_id uuid not null references posts (id) on delete cascade,
      kind text not null check (kind in ('like', 'announce')),
      remote_actor text not null,
      host text not null,
      activity_id text not null,
      created_at timestamptz not null default now(),
      primary key (post_id, kind, remote_actor)
    )`.execute(db);
  await sql`create index federation_reactions_activity on federation_reactions (activity_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists federation_reactions`.execute(db);
  await sql`drop table if exists federation_remote_replies`.execute(db);
  await sql`drop table if exists federation_remote_posts`.execute(db);
  await sql`drop table if exists federation_following`.execute(db);
  await sql`alter table federation_remote_actors drop column if exists avatar`.execute(db);
}
