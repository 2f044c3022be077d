import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 5 (decision 072): limits that slow abuse without stopping the honest. Owned by the
 * moderation feature.
 *
 * - `moderation_watched`: the words and link domains admins watch (kept normalised: a word in lower
 *   case, a domain as its host), one row per kind and value. A post or comment that names one is
 *   filed in the queue for review and published all the same.
 * - `moderation_case_flags`: what the server itself filed in a case (a watched word or domain, a
 *   young account asking for money), beside the people's reports in moderation_case_reports: no
 *   reporter, a reason ('other'), the note the moderator reads ("Watched word: fire") and the
 *   content as it was then. A flag counts no reporter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table moderation_watched (
      id uuid primary key,
      kind text not null constraint moderation_watched_kind check (kind in ('word', 'domain')),
      value text not null,
      added_by uuid references users (id) on delete set null,
      created_at timestamptz not null default date_trunc('milliseconds', now()),
      constraint moderation_watched_once unique (kind, value)
    )`.execute(db);

  await sql`create table moderation_case_flags (
      id uuid primary key,
      case_id uuid not null references moderation_cases (id) on delete cascade,
      reason text not null default 'other',
      note text not null,
      snapshot jsonb not null,
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )`.execute(db);
  await sql`create index moderation_case_flags_case on moderation_case_flags (case_id, created_at)`.execute(
    db,
  );
}
