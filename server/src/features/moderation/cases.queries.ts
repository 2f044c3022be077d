import { type RawBuilder, sql } from 'kysely';
import type { ReportTargetType } from '@muster/contract/safety';
import type { Db } from '../../db/database.js';

/** A person inside a snapshot: as they were named then. */
const person = (alias: string) =>
  sql`jsonb_build_object('id', ${sql.ref(`${alias}.id`)}, 'username', ${sql.ref(`${alias}.username`)},
    'firstName', ${sql.ref(`${alias}.first_name`)}, 'lastName', ${sql.ref(`${alias}.last_name`)})`;

/** A staff member as the queue names them (assignee, note author, who closed it). */
const staff = (alias: string) =>
  sql`case when ${sql.ref(`${alias}.id`)} is null then null else jsonb_build_object('id', ${sql.ref(`${alias}.id`)},
    'username', ${sql.ref(`${alias}.username`)},
    'name', ${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}) end`;

/**
 * The reported thing as it is now, as JSON (contract `snapshotSchema`), read in the report's
 * transaction. Undefined if it is gone (it cannot be: the report just found it, in the same one).
 */
export async function takeSnapshot(
  db: Db,
  type: ReportTargetType,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const query: Record<ReportTargetType, RawBuilder<{ snapshot: Record<string, unknown> }>> = {
    post: sql`select jsonb_build_object('type', 'post', 'kind', p.kind, 'title', p.title, 'content', p.content,
        'category', p.category, 'image', p.image, 'video', p.video, 'fileUrl', p.file_url,
        'fileName', p.file_name, 'author', ${person('u')}) as snapshot
      from posts p join users u on u.id = p.author_id where p.id = ${id}`,
    comment: sql`select jsonb_build_object('type', 'comment', 'content', c.content, 'postId', p.id,
        'postTitle', case when p.title <> '' then p.title else left(p.content, 120) end,
        'author', ${person('u')}) as snapshot
      from comments c join posts p on p.id = c.post_id join users u on u.id = c.author_id where c.id = ${id}`,
    user: sql`select jsonb_build_object('type', 'user', 'person', ${person('u')}, 'headline', u.headline,
        'bio', u.bio, 'profilePicture', u.profile_picture) as snapshot
      from users u where u.id = ${id}`,
    message: sql`select jsonb_build_object('type', 'message', 'body', m.body, 'chatRequest', false,
        'sender', ${person('u')}) as snapshot
      from chat_messages m join users u on u.id = m.sender_id where m.id = ${id}
      union all
      select jsonb_build_object('type', 'message', 'body', r.message, 'chatRequest', true,
        'sender', ${person('u')}) as snapshot
      from chat_requests r join users u on u.id = r.sender_id where r.id = ${id}`,
    collaboration: sql`select jsonb_build_object('type', 'collaboration', 'title', r.title,
        'description', r.description, 'category', r.category, 'deadline', r.deadline::text,
        'location', r.location, 'image', r.image, 'author', ${person('u')}) as snapshot
      from collaboration_requests r join users u on u.id = r.user_id where r.id = ${id}`,
  };
  const { rows } = await query[type].execute(db);
  return rows[0]?.snapshot;
}

/**
 * Files a report in its target's open case, opening one if there is none (at most one open case
 * per target: `moderation_cases_open`), and keeps the snapshot with it. One statement, so two
 * reports at once land in one case. Times to the millisecond: the queue's cursor holds them.
 */
export async function fileReport(
  db: Db,
  r: {
    newCaseId: string;
    reportId: string;
    targetType: string;
    targetId: string;
    ownerId: string;
    danger: boolean;
    snapshot: Record<string, unknown>;
  },
): Promise<string> {
  const { rows } = await sql<{ caseId: string }>`
    with filed as (
      insert into moderation_cases (id, target_type, target_id, author_id, danger, reporter_count,
        first_reported_at, last_reported_at)
      values (${r.newCaseId}, ${r.targetType}, ${r.targetId}, ${r.ownerId}, ${r.danger}, 1,
        date_trunc('milliseconds', now()), date_trunc('milliseconds', now()))
      on conflict (target_type, target_id) where status = 'open' do update
        set reporter_count = moderation_cases.reporter_count + 1,
            danger = moderation_cases.danger or excluded.danger,
            last_reported_at = excluded.last_reported_at
      returning id)
    insert into moderation_case_reports (report_id, case_id, snapshot)
    select ${r.reportId}, filed.id, ${JSON.stringify(r.snapshot)}::jsonb from filed
    returning case_id as "caseId"`.execute(db);
  return rows[0]!.caseId;
}

/** The queue's order for open cases, and recently closed first for closed ones. */
export type CaseCursor =
  | { status: 'open'; notDanger: boolean; negCount: number; first: string; id: string }
  | { status: 'closed'; closedAt: string; id: string };

export type CaseFilter = {
  status: 'open' | 'closed';
  reason?: string | undefined;
  targetType?: string | undefined;
  assigned: 'anyone' | 'me' | 'unassigned';
  viewerId: string;
};

/**
 * A case's entries: the people's reports and what the server flagged itself (a watched word or
 * domain, a young account asking for money: moderation_case_flags, decision 072), as one list.
 */
const casesEntries = (caseId: RawBuilder<unknown>) => sql`
  select r.id, r.reason, r.note, r.created_at, cr.snapshot from moderation_case_reports cr
    join reports r on r.id = cr.report_id where cr.case_id = ${caseId}
  union all
  select f.id, f.reason, f.note, f.created_at, f.snapshot from moderation_case_flags f where f.case_id = ${caseId}`;

/** What every read of a case shows, from the case row `c`. */
const summaryColumns = sql`c.id, c.target_type as "targetType", c.target_id as "targetId", c.status,
  c.danger, c.reporter_count as "reporterCount", c.first_reported_at as "firstReportedAt",
  c.last_reported_at as "lastReportedAt", c.closed_at as "closedAt", c.resolution,
  c.resolution_reason as "resolutionReason", c.author_id as "authorId",
  (select coalesce(jsonb_agg(jsonb_build_object('reason', x.reason, 'count', x.n) order by x.n desc, x.reason), '[]')
     from (select y.reason, count(*)::int as n from (${casesEntries(sql`c.id`)}) y group by y.reason) x) as reasons,
  (select y.snapshot from (${casesEntries(sql`c.id`)}) y order by y.created_at desc, y.id desc limit 1) as snapshot,
  (select ${person('au')} from users au where au.id = c.author_id) as author,
  (select ${staff('s')} from users s where s.id = c.assignee_id) as assignee`;

export type CaseRow = {
  id: string;
  targetType: string;
  targetId: string;
  status: 'open' | 'closed';
  danger: boolean;
  reporterCount: number;
  firstReportedAt: Date;
  lastReportedAt: Date;
  closedAt: Date | null;
  resolution: string | null;
  resolutionReason: string | null;
  authorId: string | null;
  reasons: { reason: string; count: number }[];
  snapshot: Record<string, unknown> | null;
  author: { id: string; username: string; firstName: string; lastName: string } | null;
  assignee: { id: string; username: string; name: string } | null;
};

/** One page of cases, `limit + 1` rows so the caller knows whether there is more. */
export async function listCases(db: Db, f: CaseFilter, after: CaseCursor | undefined, limit: number) {
  const where = [sql`c.status = ${f.status}`];
  if (f.targetType) where.push(sql`c.target_type = ${f.targetType}`);
  if (f.reason)
    where.push(sql`exists (select 1 from (${casesEntries(sql`c.id`)}) y where y.reason = ${f.reason})`);
  if (f.assigned === 'me') where.push(sql`c.assignee_id = ${f.viewerId}`);
  if (f.assigned === 'unassigned') where.push(sql`c.assignee_id is null`);
  let order;
  if (f.status === 'open') {
    order = sql`(not c.danger), (-c.reporter_count), c.first_reported_at, c.id`;
    if (after?.status === 'open')
      where.push(sql`((not c.danger), (-c.reporter_count), c.first_reported_at, c.id)
        > (${after.notDanger}::boolean, ${after.negCount}::int, ${after.first}::timestamptz, ${after.id}::uuid)`);
  } else {
    order = sql`c.closed_at desc, c.id desc`;
    if (after?.status === 'closed')
      where.push(sql`(c.closed_at, c.id) < (${after.closedAt}::timestamptz, ${after.id}::uuid)`);
  }
  const { rows } = await sql<CaseRow>`select ${summaryColumns} from moderation_cases c
    where ${sql.join(where, sql` and `)} order by ${order} limit ${limit + 1}`.execute(db);
  return rows;
}

export async function findCase(db: Db, caseId: string) {
  const { rows } = await sql<
    CaseRow & { closedBy: { id: string; username: string; name: string } | null }
  >`select ${summaryColumns}, (select ${staff('cb')} from users cb where cb.id = c.closed_by) as "closedBy"
    from moderation_cases c where c.id = ${caseId}`.execute(db);
  return rows[0];
}

/**
 * Every report of a case, newest first, with its snapshot, and what the server flagged (its note
 * says what matched: "Watched word: fire"). Reporters are left out on purpose.
 */
export async function caseReports(db: Db, caseId: string) {
  const { rows } = await sql<{
    id: string;
    reason: string;
    note: string;
    createdAt: Date;
    snapshot: Record<string, unknown>;
  }>`select y.id, y.reason, y.note, y.created_at as "createdAt", y.snapshot
    from (${casesEntries(sql`${caseId}::uuid`)}) y order by y.created_at desc, y.id desc`.execute(db);
  return rows;
}

export async function caseNotes(db: Db, caseId: string) {
  const { rows } = await sql<{
    id: string;
    body: string;
    createdAt: Date;
    author: { id: string; username: string; name: string } | null;
  }>`select n.id, n.body, n.created_at as "createdAt", ${staff('s')} as author
    from moderation_case_notes n left join users s on s.id = n.author_id
    where n.case_id = ${caseId} order by n.created_at, n.id`.execute(db);
  return rows;
}

export async function addNote(db: Db, note: { id: string; caseId: string; authorId: string; body: string }) {
  const { rows } = await sql<{
    id: string;
    body: string;
    createdAt: Date;
    author: { id: string; username: string; name: string } | null;
  }>`with added as (
      insert into moderation_case_notes (id, case_id, author_id, body)
      values (${note.id}, ${note.caseId}, ${note.authorId}, ${note.body})
      returning id, body, created_at, author_id)
    select a.id, a.body, a.created_at as "createdAt", ${staff('s')} as author
    from added a left join users s on s.id = a.author_id`.execute(db);
  return rows[0]!;
}

/** How many earlier cases to list in an author's history. */
const HISTORY_CASES = 20;

/** The author's record: when they joined and how earlier cases about them ended. */
export async function authorHistory(db: Db, authorId: string, exceptCaseId: string) {
  const user = await db.selectFrom('users').select('createdAt').where('id', '=', authorId).executeTakeFirst();
  if (!user) return undefined;
  const { rows: earlier } = await sql<{
    id: string;
    targetType: string;
    resolution: string | null;
    closedAt: Date | null;
  }>`select c.id, c.target_type as "targetType", c.resolution, c.closed_at as "closedAt"
    from moderation_cases c where c.author_id = ${authorId} and c.status = 'closed' and c.id <> ${exceptCaseId}
    order by c.closed_at desc, c.id desc limit ${HISTORY_CASES}`.execute(db);
  // Actioned: the strikes against them that still count (decision 070: one lifted on appeal does
  // not), this case's own left out, as its own strike is no earlier record.
  const { rows: counts } = await sql<{ dismissed: number; actioned: number }>`
    select (select count(*)::int from moderation_cases where author_id = ${authorId} and status = 'closed'
        and resolution = 'dismissed' and id <> ${exceptCaseId}) as dismissed,
      (select count(*)::int from moderation_strikes where user_id = ${authorId} and lifted_at is null
        and case_id is distinct from ${exceptCaseId}::uuid) as actioned`.execute(db);
  return { joinedAt: user.createdAt, earlier, ...counts[0]! };
}

/** Whether the person holds a staff role: only they may be given a case. */
export async function isStaff(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .where('role', '<>', 'member')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives an open case to a moderator, or to nobody; false when no open case has that id. */
export async function assignCase(db: Db, caseId: string, assigneeId: string | null) {
  const { rows } = await sql<{ targetType: string; targetId: string; authorId: string | null }>`
    update moderation_cases set assignee_id = ${assigneeId} where id = ${caseId} and status = 'open'
    returning target_type as "targetType", target_id as "targetId", author_id as "authorId"`.execute(db);
  return rows[0];
}

/**
 * Closes an open case as dismissed, and names its reporters (for their notices): undefined when
 * no open case has that id. Its `status = 'open'` makes closing happen once, so each reporter is
 * told once.
 */
export async function dismissCase(db: Db, caseId: string, closedBy: string, reason: string) {
  const { rows } = await sql<{
    targetType: string;
    targetId: string;
    authorId: string | null;
    reporterCount: number;
    reporterIds: string[];
  }>`update moderation_cases c set status = 'closed', closed_at = date_trunc('milliseconds', now()),
      closed_by = ${closedBy}, resolution = 'dismissed', resolution_reason = ${reason}
    where c.id = ${caseId} and c.status = 'open'
    returning c.target_type as "targetType", c.target_id as "targetId", c.author_id as "authorId",
      c.reporter_count as "reporterCount",
      (select coalesce(jsonb_agg(r.reporter_id), '[]') from moderation_case_reports cr
        join reports r on r.id = cr.report_id where cr.case_id = c.id) as "reporterIds"`.execute(db);
  return rows[0];
}

export async function caseExists(db: Db, caseId: string): Promise<boolean> {
  const row = await db.selectFrom('moderationCases').select('id').where('id', '=', caseId).executeTakeFirst();
  return row !== undefined;
}
