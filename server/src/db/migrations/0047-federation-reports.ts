import { type Kysely, sql } from 'kysely';

/**
 * Issue 38, reports of what came from another server (decision 094). Both the federation feature's.
 *
 * `federation_keys.actor_kind` may be 'instance': the server's own actor (an Application, as
 * Mastodon's `/actor`) signs what the server says as itself, a report forwarded to another server
 * first. Its one key pair is stored under the nil UUID.
 *
 * `federation_reports_out`: a person's report of a remote listing or reply, sent to its home server
 * as a Flag. One per person and object (a second report answers as a local duplicate does).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table federation_keys drop constraint federation_keys_actor_kind_check`.execute(db);
  await sql`alter table federation_keys add constraint federation_keys_actor_kind_check
      check (actor_kind in ('person', 'mission', 'instance'))`.execute(db);
  await sql`create table federation_reports_out (
      id uuid primary key,
      reporter_id uuid not null references users (id) on delete cascade,
      object_uri text not null,
      remote_actor text not null,
      host text not null,
      reason text not null,
      note text not null default '',
      flag_id text not null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      unique (reporter_id, object_uri)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists federation_reports_out`.execute(db);
  await sql`delete from federation_keys where actor_kind = 'instance'`.execute(db);
  await sql`alter table federation_keys drop constraint federation_keys_actor_kind_check`.execute(db);
  await sql`alter table federation_keys add constraint federation_keys_actor_kind_check
      check (actor_kind in ('person', 'mission'))`.execute(db);
}
