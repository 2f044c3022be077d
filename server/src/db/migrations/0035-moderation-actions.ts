import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 3 (decision 070): moderation actions, strikes and appeals.
 *
 * - `users.suspended_until` / `suspension_reason` / `suspension_rule`: a suspended account
 *   ('infinity' for good) cannot sign in and is shown to nobody; `users.limited_until`: a limited
 *   account's posts reach only its connections and it cannot message strangers. Written by the
 *   moderation feature alone (as `role` is), read by the kernel's predicates.
 * - `hidden_reason` on posts, comments, chat messages and collaboration requests: content hidden
 *   by a moderator (null: shown). Each is written by the feature that owns the table, in the
 *   moderator's transaction; its author still sees it, with the reason, and nobody else does.
 * - `moderation_strikes`: one per moderator decision against a person, with its one appeal.
 *   Owned by the moderation feature.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users
      add column suspended_until timestamptz,
      add column suspension_reason text,
      add column suspension_rule text,
      add column limited_until timestamptz`.execute(db);
  for (const table of ['posts', 'comments', 'chat_messages', 'collaboration_requests']) {
    await sql`alter table ${sql.table(table)} add column hidden_reason text`.execute(db);
  }

  await sql`create table moderation_strikes (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      case_id uuid references moderation_cases (id) on delete set null,
      actor_id uuid references users (id) on delete set null,
      rule text not null,
      reason text not null,
      content_action text not null constraint moderation_strikes_content
        check (content_action in ('none', 'hide', 'delete')),
      account_action text not null constraint moderation_strikes_account
        check (account_action in ('none', 'warn', 'limit', 'suspend')),
      ends_at timestamptz,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      appeal_text text,
      appealed_at timestamptz,
      appeal_decision text constraint moderation_strikes_decision check (appeal_decision in ('uphold', 'lift')),
      appeal_reason text,
      appeal_decided_by uuid references users (id) on delete set null,
      appeal_decided_at timestamptz,
      lifted_at timestamptz
    )`.execute(db);
  await sql`create index moderation_strikes_user on moderation_strikes (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index moderation_strikes_appeals on moderation_strikes (appealed_at, id)
    where appealed_at is not null and appeal_decided_at is null`.execute(db);
}
