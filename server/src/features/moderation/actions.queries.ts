import { type Selectable, sql } from 'kysely';
import type { Role } from '@muster/contract/moderation';
import type { Db } from '../../db/database.js';
import type { ModerationStrikesTable } from '../../db/schema.js';

/**
 * Moderation actions, strikes and appeals (issue 35 item 3, decision 070). A strike is one
 * moderator decision against a person (0035's `moderation_strikes`); the users' suspension and
 * limit columns are never set by hand: they follow the person's strikes (`settleStanding`).
 */

/** An open case locked for its decision, with its author's role read (and their row locked) here. */
export async function lockOpenCase(db: Db, caseId: string) {
  const { rows } = await sql<{
    id: string;
    status: 'open' | 'closed';
    targetType: string;
    targetId: string;
    authorId: string | null;
  }>`select c.id, c.status, c.target_type as "targetType", c.target_id as "targetId", c.author_id as "authorId"
    from moderation_cases c where c.id = ${caseId} for update`.execute(db);
  return rows[0];
}

/**
 * A person's role, their row locked until the transaction ends: a role change (which locks it
 * too) cannot slip between the check that a moderator may act on them and the action.
 */
export async function lockRoleOf(db: Db, userId: string): Promise<Role | undefined> {
  const { rows } = await sql<{ role: Role }>`select role from users where id = ${userId} for update`.execute(
    db,
  );
  return rows[0]?.role;
}

/** Closes a case as actioned and names its reporters (for their notices). */
export async function closeCaseActioned(db: Db, caseId: string, closedBy: string, reason: string) {
  const { rows } = await sql<{ reporterCount: number; reporterIds: string[] }>`
    update moderation_cases c set status = 'closed', closed_at = date_trunc('milliseconds', now()),
      closed_by = ${closedBy}, resolution = 'actioned', resolution_reason = ${reason}
    where c.id = ${caseId} and c.status = 'open'
    returning c.reporter_count as "reporterCount",
      (select coalesce(jsonb_agg(r.reporter_id), '[]') from moderation_case_reports cr
        join reports r on r.id = cr.report_id where cr.case_id = c.id) as "reporterIds"`.execute(db);
  return rows[0];
}

/**
 * Records a strike. Its end: `days` from now for a limit or a suspension, 'infinity' for good
 * (`days` null); none for a warning or a content action alone.
 */
export async function insertStrike(
  db: Db,
  s: {
    id: string;
    userId: string;
    caseId: string;
    actorId: string;
    rule: string;
    reason: string;
    content: string;
    account: string;
    days: number | null | undefined;
  },
) {
  const timed = s.account === 'limit' || s.account === 'suspend';
  const endsAt = !timed
    ? sql`null::timestamptz`
    : s.days == null
      ? sql`'infinity'::timestamptz`
      : sql`date_trunc('milliseconds', now()) + make_interval(days => ${s.days}::int)`;
  await sql`insert into moderation_strikes (id, user_id, case_id, actor_id, rule, reason, content_action,
      account_action, ends_at)
    values (${s.id}, ${s.userId}, ${s.caseId}, ${s.actorId}, ${s.rule}, ${s.reason}, ${s.content},
      ${s.account}, ${endsAt})`.execute(db);
}

/**
 * Sets a person's suspension and limit from their strikes: the furthest end of those not lifted
 * and not over (a suspension with its reason and rule, shown at sign-in). So a shorter suspension
 * never cuts a longer one short, and lifting one strike leaves another still running in force.
 */
export async function settleStanding(db: Db, userId: string) {
  await sql`with s as (
      select ends_at, reason, rule from moderation_strikes
      where user_id = ${userId} and account_action = 'suspend' and lifted_at is null and ends_at > now()
      order by ends_at desc, created_at desc limit 1)
    update users set suspended_until = (select ends_at from s),
      suspension_reason = (select reason from s), suspension_rule = (select rule from s),
      limited_until = (select max(ends_at) from moderation_strikes
        where user_id = ${userId} and account_action = 'limit' and lifted_at is null and ends_at > now())
    where id = ${userId}`.execute(db);
}

/** Every column a strike is shown with (contract `strikeSchema`), from the strike row `s`. */
const strikeColumns = sql`s.id, s.user_id as "userId", s.case_id as "caseId", s.actor_id as "actorId",
  s.rule, s.reason, s.content_action as "contentAction", s.account_action as "accountAction",
  case when s.ends_at = 'infinity' then null else s.ends_at end as "endsAt", s.created_at as "createdAt", s.appeal_text as "appealText",
  s.appealed_at as "appealedAt", s.appeal_decision as "appealDecision", s.appeal_reason as "appealReason",
  s.appeal_decided_at as "appealDecidedAt", s.lifted_at as "liftedAt"`;

/**
 * A strike as `strikeColumns` reads it: the table's row but who decided its appeal. `endsAt` is
 * null for a warning, or for good ('infinity' is read as null: JavaScript has no such date).
 */
export type StrikeRow = Omit<Selectable<ModerationStrikesTable>, 'appealDecidedBy'>;

/** A person's strikes, newest first. */
export async function strikesOf(db: Db, userId: string) {
  const { rows } = await sql<StrikeRow>`select ${strikeColumns} from moderation_strikes s
    where s.user_id = ${userId} order by s.created_at desc, s.id desc limit ${sql.lit(500)}`.execute(db);
  return rows;
}

/** The strike a case was closed with (decision 070: one per actioned case), if any. */
export async function strikeOfCase(db: Db, caseId: string) {
  const { rows } = await sql<StrikeRow>`select ${strikeColumns} from moderation_strikes s
    where s.case_id = ${caseId} order by s.created_at limit 1`.execute(db);
  return rows[0];
}

export async function findStrike(db: Db, strikeId: string) {
  const { rows } = await sql<StrikeRow>`select ${strikeColumns} from moderation_strikes s
    where s.id = ${strikeId}`.execute(db);
  return rows[0];
}

/**
 * Appeals a strike with the person's words: once (`appealed_at is null`), and only the strike of
 * `userId` when given. Undefined when nothing was appealed (gone, someone else's, appealed before).
 */
export async function appealStrike(db: Db, strikeId: string, text: string, userId?: string) {
  const mine = userId ? sql`and s.user_id = ${userId}` : sql``;
  const { rows } = await sql<StrikeRow>`update moderation_strikes s
    set appeal_text = ${text}, appealed_at = date_trunc('milliseconds', now())
    where s.id = ${strikeId} and s.appealed_at is null ${mine}
    returning ${strikeColumns}`.execute(db);
  return rows[0];
}

/** The strike of a suspension still running: what a suspended person's appeal link names. */
export async function runningSuspensionStrike(db: Db, userId: string) {
  const { rows } = await sql<{ id: string; appealedAt: Date | null }>`
    select id, appealed_at as "appealedAt" from moderation_strikes
    where user_id = ${userId} and account_action = 'suspend' and lifted_at is null and ends_at > now()
    order by ends_at desc, created_at desc limit 1`.execute(db);
  return rows[0];
}

/** A strike locked for its appeal's decision, with what it acted on (the case's target). */
export async function lockStrike(db: Db, strikeId: string) {
  const { rows } = await sql<StrikeRow & { targetType: string | null; targetId: string | null }>`
    select ${strikeColumns}, c.target_type as "targetType", c.target_id as "targetId"
    from moderation_strikes s left join moderation_cases c on c.id = s.case_id
    where s.id = ${strikeId} for update of s`.execute(db);
  return rows[0];
}

export async function decideStrikeAppeal(
  db: Db,
  d: { strikeId: string; decision: 'uphold' | 'lift'; reason: string; decidedBy: string },
) {
  const { rows } = await sql<StrikeRow>`update moderation_strikes s
    set appeal_decision = ${d.decision}, appeal_reason = ${d.reason}, appeal_decided_by = ${d.decidedBy},
      appeal_decided_at = date_trunc('milliseconds', now()),
      lifted_at = case when ${d.decision} = 'lift' then date_trunc('milliseconds', now()) end
    where s.id = ${d.strikeId} and s.appealed_at is not null and s.appeal_decided_at is null
    returning ${strikeColumns}`.execute(db);
  return rows[0];
}

export type AppealCursor = { at: string; id: string };

/**
 * Appeals in the queue: waiting ones oldest first (fair to who asked first), decided ones newest
 * decided first; keyset-paged on that order. `limit + 1` rows.
 */
export async function listAppeals(
  db: Db,
  state: 'pending' | 'decided',
  after: AppealCursor | undefined,
  limit: number,
) {
  const pending = state === 'pending';
  const where = pending
    ? [sql`s.appealed_at is not null and s.appeal_decided_at is null`]
    : [sql`s.appeal_decided_at is not null`];
  if (after)
    where.push(
      pending
        ? sql`(s.appealed_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql`(s.appeal_decided_at, s.id) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  const order = pending ? sql`s.appealed_at, s.id` : sql`s.appeal_decided_at desc, s.id desc`;
  const { rows } = await sql<
    StrikeRow & {
      author: { id: string; username: string; firstName: string; lastName: string };
      actedBy: { id: string; username: string; name: string } | null;
    }
  >`select ${strikeColumns},
      jsonb_build_object('id', u.id, 'username', u.username, 'firstName', u.first_name, 'lastName', u.last_name) as author,
      case when a.id is null then null else jsonb_build_object('id', a.id, 'username', a.username,
        'name', a.first_name || ' ' || a.last_name) end as "actedBy"
    from moderation_strikes s join users u on u.id = s.user_id left join users a on a.id = s.actor_id
    where ${sql.join(where, sql` and `)} order by ${order} limit ${sql.lit(limit + 1)}`.execute(db);
  return rows;
}
