import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 3 (decision 071): what moderation hides, in every read. The kernel's rules ask
 * whether a person is suspended or limited for every row a read weighs (hiddenEitherWay) and once
 * per statement for the feed's walks (silencedIdsFor): these partial indexes hold only the few
 * accounts so marked, so a probe is one descent of a tiny index, and the walk of all of them costs
 * a handful of entries however many people Muster has. The end date is in the index, so the
 * `> now()` test needs no table read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_suspended on users (id, suspended_until) where suspended_until is not null`.execute(
    db,
  );
  await sql`create index users_limited on users (id, limited_until) where limited_until is not null`.execute(
    db,
  );
}
