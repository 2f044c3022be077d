import { type Kysely, sql } from 'kysely';

/**
 * Issue 32, items 6 and 5 (decision 047).
 *
 * A helper credited on a fulfilled need is told once per post, ever: unmarking, reopening and
 * marking it again with them writes no second notice, as the insert goes `on conflict do nothing`
 * (notifications.queries.ts). Partial, as for likes (0026): other system notices repeat by design.
 *
 * New accounts take direct messages from their connections only, others' first messages waiting as
 * chat requests: only the column's default changes, so every existing account keeps its choice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unique index notifications_credit_once on notifications (user_id, related_post_id)
    where type = 'systemNotification' and sub_type = 'credited'`.execute(db);
  await sql`alter table users alter column message_policy set default 'connections'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users alter column message_policy set default 'everyone'`.execute(db);
  await sql`drop index notifications_credit_once`.execute(db);
}
