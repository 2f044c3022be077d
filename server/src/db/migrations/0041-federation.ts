import { type Kysely, sql } from 'kysely';

/**
 * Issue 38 part 1 (decision 082): the federation feature's tables, all owned by it.
 *
 * `users.federate`: whether a person's public posts go to other servers (default yes; the actor is
 * not served at all while it is off, or while the person is not searchable).
 *
 * `federation_kv`: Fedify's key–value store (its caches, idempotence of incoming activities,
 * remote documents) on our own database, so every process shares it. `key` is the JSON text of
 * Fedify's key array, which keeps its elements apart whatever characters they hold and lets a
 * prefix be found with `starts_with`. A row past `expires_at` is treated as absent.
 *
 * `federation_keys`: each local actor's key pairs as JWK (RSA for HTTP Signatures, Ed25519 for
 * Object Integrity Proofs), made on first need; the first process to store one wins.
 *
 * `federation_followers`: remote actors following a local person or mission (an accepted Follow).
 * `federation_remote_actors`: what we last fetched of a remote actor. `federation_servers`: an
 * admin's policy for a whole remote server (blocked: everything refused; limited: for later).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column federate boolean not null default true`.execute(db);
  await sql`create table federation_kv (
      key text primary key,
      value jsonb not null,
      expires_at timestamptz
    )`.execute(db);
  await sql`create index federation_kv_expires on federation_kv (expires_at) where expires_at is not null`.execute(
    db,
  );
  await sql`create table federation_keys (
      actor_kind text not null check (actor_kind in ('person', 'mission')),
      actor_id uuid not null,
      algorithm text not null check (algorithm in ('RSASSA-PKCS1-v1_5', 'Ed25519')),
      public_jwk jsonb not null,
      private_jwk jsonb not null,
      created_at timestamptz not null default now(),
      primary key (actor_kind, actor_id, algorithm)
    )`.execute(db);
  await sql`create table federation_remote_actors (
      uri text primary key,
      handle text,
      host text not null,
      inbox text not null,
      shared_inbox text,
      name text,
      fetched_at timestamptz not null default now()
    )`.execute(db);
  await sql`create table federation_followers (
      actor_kind text not null check (actor_kind in ('person', 'mission')),
      actor_id uuid not null,
      remote_actor text not null,
      inbox text not null,
      shared_inbox text,
      follow_id text not null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      primary key (actor_kind, actor_id, remote_actor)
    )`.execute(db);
  await sql`create index federation_followers_page on federation_followers (actor_kind, actor_id, created_at, remote_actor)`.execute(
    db,
  );
  // An actor's keys and followers name a person or a mission by kind and id, which no foreign key
  // can: they go with their actor by these triggers instead (a deleted person's private keys must
  // not outlive them). Statement-level, so deleting many rows is one delete here.
  for (const [table, kind] of [
    ['users', 'person'],
    ['missions', 'mission'],
  ] as const) {
    await sql
      .raw(
        `create function federation_forget_${table}() returns trigger language plpgsql as $$
begin
  delete from federation_keys k using removed r where k.actor_kind = '${kind}' and k.actor_id = r.id;
  delete from federation_followers f using removed r where f.actor_kind = '${kind}' and f.actor_id = r.id;
  return null;
end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_federation_forget after delete on ${table}
  referencing old table as removed for each statement execute function federation_forget_${table}()`,
      )
      .execute(db);
  }
  await sql`create table federation_servers (
      host text primary key,
      policy text not null check (policy in ('blocked', 'limited')),
      reason text not null default '',
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['users', 'missions']) {
    await sql.raw(`drop trigger if exists ${table}_federation_forget on ${table}`).execute(db);
    await sql.raw(`drop function if exists federation_forget_${table}()`).execute(db);
  }
  await sql`drop table if exists federation_servers`.execute(db);
  await sql`drop table if exists federation_followers`.execute(db);
  await sql`drop table if exists federation_remote_actors`.execute(db);
  await sql`drop table if exists federation_keys`.execute(db);
  await sql`drop table if exists federation_kv`.execute(db);
  await sql`alter table users drop column if exists federate`.execute(db);
}
