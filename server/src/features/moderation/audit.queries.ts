import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../platform/ids.js';
import type { Cursor } from '../../platform/paging.js';

/**
 * One entry of the moderation audit log (0032, decision 067): who did what, to what and whom,
 * and why. Written in the transaction of the action it records, so an action and its entry stand
 * or fall together. The names are copied at the time: the log outlives the accounts it names.
 */
export type AuditEntry = {
  /** Null: no person, the server itself (the first admin named by ADMIN_USERNAMES or the command line). */
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  subjectId?: string | null;
  reason?: string;
  details?: Record<string, unknown>;
};

export async function recordModeration(trx: Db, e: AuditEntry): Promise<string> {
  const id = newId();
  await sql`insert into moderation_audit
      (id, actor_id, actor_name, action, target_type, target_id, subject_id, subject_name, reason, details)
    select ${id}, a.id,
      coalesce(a.first_name || ' ' || a.last_name || ' (@' || a.username || ')', 'the server (command line or ADMIN_USERNAMES)'),
      ${e.action},
      ${e.targetType ?? null}, ${e.targetId ?? null}::uuid, s.id,
      case when s.id is null then null else s.first_name || ' ' || s.last_name || ' (@' || s.username || ')' end,
      ${e.reason ?? ''}, ${JSON.stringify(e.details ?? {})}::jsonb
    from (select 1) one
    left join users a on a.id = ${e.actorId}::uuid
    left join users s on s.id = ${e.subjectId ?? null}::uuid`.execute(trx);
  return id;
}

export type AuditFilters = {
  action?: string | undefined;
  /** Usernames: the entries whose actor (subject) is, or was before deleting their account, this person. */
  actor?: string | undefined;
  subject?: string | undefined;
};

/**
 * Who a username filter means: the account's id while it exists, and the name kept in the entry
 * (which ends "(@username)") once it is gone — so a deleted moderator's work stays findable.
 */
function personIs(
  idColumn: 'actor_id' | 'subject_id',
  nameColumn: 'actor_name' | 'subject_name',
  username: string,
) {
  return sql<boolean>`(${sql.ref(idColumn)} = (select id from users where username = ${username})
    or ${sql.ref(nameColumn)} like ${`%(@${username.replace(/_/g, '\\_')})`})`;
}

/** One page of the log, newest first, keyset-paged on (created_at, id) like every list. */
export function listAudit(db: Db, filters: AuditFilters, cursor: Cursor | undefined, limit: number) {
  let q = db.selectFrom('moderationAudit').selectAll();
  if (filters.action) q = q.where('action', '=', filters.action);
  if (filters.actor) q = q.where(personIs('actor_id', 'actor_name', filters.actor));
  if (filters.subject) q = q.where(personIs('subject_id', 'subject_name', filters.subject));
  if (cursor) q = q.where(sql<boolean>`(created_at, id) < (${cursor.createdAt}, ${cursor.id}::uuid)`);
  return q
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(limit + 1))
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof listAudit>>[number];
