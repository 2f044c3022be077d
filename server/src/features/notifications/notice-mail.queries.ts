import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Where a mailed notice happened: its post (title, kind, the start of its words) and its mission's
 * title. Read after `findListedNotification` let the notice through, whose audience rule already
 * asked whether the recipient may read both now.
 */
export async function findNoticePlaces(db: Db, postId: string | null, missionId: string | null) {
  const post = postId
    ? await db
        .selectFrom('posts')
        .select(['title', 'kind', 'content'])
        .where('id', '=', postId)
        .executeTakeFirst()
    : undefined;
  const mission = missionId
    ? await db.selectFrom('missions').select(['title']).where('id', '=', missionId).executeTakeFirst()
    : undefined;
  return { post, mission };
}

/**
 * What a moderation notice tells (decision 070): the strike (moderation's table, read here), and
 * what it acted on. Undefined when it is gone (the account deleted since).
 */
export async function findStrikeForNotice(db: Db, strikeId: string) {
  const { rows } = await sql<{
    userId: string;
    rule: string;
    reason: string;
    contentAction: 'none' | 'hide' | 'delete';
    accountAction: 'none' | 'warn' | 'limit' | 'suspend';
    endsAt: Date | null;
    targetType: string | null;
    appealDecision: 'uphold' | 'lift' | null;
    appealReason: string | null;
  }>`select s.user_id as "userId", s.rule, s.reason, s.content_action as "contentAction",
      s.account_action as "accountAction",
      case when s.ends_at = 'infinity' then null else s.ends_at end as "endsAt",
      c.target_type as "targetType", s.appeal_decision as "appealDecision", s.appeal_reason as "appealReason"
    from moderation_strikes s left join moderation_cases c on c.id = s.case_id
    where s.id = ${strikeId}`.execute(db);
  return rows[0];
}

/** The not yet appealed strike behind a suspension in force: what a suspended person's mail links an appeal to. */
export async function appealableSuspension(db: Db, userId: string) {
  const { rows } = await sql<{ id: string }>`select s.id from moderation_strikes s
    join users u on u.id = s.user_id
    where s.user_id = ${userId} and s.account_action = 'suspend' and s.lifted_at is null
      and s.appealed_at is null and s.ends_at > now() and s.ends_at = u.suspended_until
    order by s.created_at desc limit 1`.execute(db);
  return rows[0]?.id;
}
