import { type Kysely, sql } from 'kysely';

/**
 * Issue 35 item 2 (decision 068): the moderation queue. Owned by the moderation feature.
 *
 * - `moderation_cases`: the reports about one thing (a post, comment, person, collaboration
 *   request or message), grouped while the case is open: at most one open case per target
 *   (`moderation_cases_open`). A report after the case was closed opens a new one. The counts and
 *   dates are kept by the report's own transaction, so the queue sorts without counting.
 *   `resolution`: how it was closed ('dismissed' today; the actions of item 3 add theirs).
 * - `moderation_case_reports`: which case each report (safety's `reports`) belongs to, and the
 *   thing as it was when that report was made (`snapshot`), so an edit or a deletion afterwards
 *   hides nothing from the moderator.
 * - `moderation_case_notes`: moderators' internal notes on a case, never shown to anyone else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table moderation_cases (
      id uuid primary key,
      target_type text not null,
      target_id uuid not null,
      author_id uuid references users (id) on delete set null,
      status text not null default 'open' constraint moderation_cases_status check (status in ('open', 'closed')),
      danger boolean not null default false,
      reporter_count integer not null default 0,
      assignee_id uuid references users (id) on delete set null,
      first_reported_at timestamptz not null,
      last_reported_at timestamptz not null,
      closed_at timestamptz,
      closed_by uuid references users (id) on delete set null,
      resolution text,
      resolution_reason text
    )`.execute(db);
  await sql`create unique index moderation_cases_open on moderation_cases (target_type, target_id)
    where status = 'open'`.execute(db);
  // The queue's order (danger first, then most reporters, then oldest) as an index walk.
  await sql`create index moderation_cases_queue on moderation_cases
    ((not danger), (-reporter_count), first_reported_at, id) where status = 'open'`.execute(db);
  await sql`create index moderation_cases_closed on moderation_cases (closed_at desc, id desc)
    where status = 'closed'`.execute(db);
  await sql`create index moderation_cases_author on moderation_cases (author_id, closed_at desc)`.execute(db);

  await sql`create table moderation_case_reports (
      report_id uuid primary key references reports (id) on delete cascade,
      case_id uuid not null references moderation_cases (id) on delete cascade,
      snapshot jsonb not null
    )`.execute(db);
  await sql`create index moderation_case_reports_case on moderation_case_reports (case_id)`.execute(db);

  await sql`create table moderation_case_notes (
      id uuid primary key,
      case_id uuid not null references moderation_cases (id) on delete cascade,
      author_id uuid references users (id) on delete set null,
      body text not null,
      created_at timestamptz not null default date_trunc('milliseconds', now())
    )`.execute(db);
  await sql`create index moderation_case_notes_case on moderation_case_notes (case_id, created_at)`.execute(
    db,
  );
}
