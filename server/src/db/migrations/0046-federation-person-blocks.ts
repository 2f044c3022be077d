import { type Kysely, sql } from 'kysely';

/**
 * Issue 38 "Safety" (decision 092): a person here blocking a person on another server. A remote
 * actor is no row of `users`, so the safety feature's `blocks` cannot hold it; this table is the
 * federation feature's. One row per person and remote actor (its URI, as
 * `federation_remote_actors` keys it); it goes with the person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table federation_person_blocks (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      remote_actor text not null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      unique (user_id, remote_actor)
    )`.execute(db);
  // Whether an incoming actor is blocked by the person it addresses: looked up by the actor.
  await sql`create index federation_person_blocks_actor on federation_person_blocks (remote_actor)`.execute(
    db,
  );
}
