import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hiddenEitherWay, missionOwnerOf, missionTitleOf } from '../../social/social.queries.js';

/** A member to tell of a chat's burst, with what delivery needs of them and what they missed. */
export type ChatBurstRecipient = {
  userId: string;
  email: string;
  emailVerifiedAt: Date | null;
  firstName: string;
  channels: Record<string, string> | null;
  quietEnabled: boolean | null;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
  kind: 'direct' | 'mission';
  missionId: string | null;
  missionTitle: string | null;
  /** The burst's messages still unread by them (not theirs, none from anyone blocked either way). */
  unread: number;
  /** How many people wrote those. */
  writers: number;
  /** The newest of them and who wrote it. */
  lastBody: string;
  lastFirstName: string;
  lastLastName: string;
};

/**
 * The members of a chat to tell of a burst of messages (issue 34, decision 066), each with the
 * burst's messages they have not read: those since `since` and, unless `open`, before the chat's
 * next burst (its own job tells of those); not their own, and none from anyone blocked either way
 * with them, as their chat list counts them (`listChatsOf`). Only members now (someone who left a
 * mission hears nothing of its chat), none who sees no chat at all (a mission chat whose owner is
 * blocked either way with them), and only those with something unread. `userId`: that member only.
 */
export async function findChatBurstRecipients(
  db: Db,
  burst: { chatId: string; since: string; open: boolean; userId?: string | undefined },
) {
  const member = sql.ref('cm.user_id');
  const { rows } = await sql<ChatBurstRecipient>`
    select cm.user_id, u.email, u.email_verified_at, u.first_name,
      s.channels, s.quiet_enabled, s.quiet_start, s.quiet_end, s.time_zone,
      c.kind, c.mission_id, ${missionTitleOf(sql.ref('c.mission_id'))} as mission_title,
      w.unread, w.writers, l.body as last_body, lu.first_name as last_first_name, lu.last_name as last_last_name
    from chats c
    join chat_members cm on cm.chat_id = c.id
    join users u on u.id = cm.user_id
    left join notification_settings s on s.user_id = cm.user_id
    cross join lateral (
      select count(*)::int as unread, count(distinct m.sender_id)::int as writers, max(m.created_at) as newest
      from chat_messages m
      where m.chat_id = c.id and m.created_at >= ${burst.since}::timestamptz
        and (${burst.open} or c.burst_since is null or c.burst_since <= ${burst.since}::timestamptz
          or m.created_at < c.burst_since)
        and m.created_at > cm.last_read_at and m.sender_id <> ${member}
        and not ${hiddenEitherWay(member, sql.ref('m.sender_id'))}
    ) w
    cross join lateral (
      select m.body, m.sender_id from chat_messages m
      where m.chat_id = c.id and m.created_at = w.newest and m.sender_id <> ${member}
        and not ${hiddenEitherWay(member, sql.ref('m.sender_id'))}
      order by m.id desc limit 1
    ) l
    join users lu on lu.id = l.sender_id
    where c.id = ${burst.chatId} and w.unread > 0
      and (${burst.userId ?? null}::uuid is null or cm.user_id = ${burst.userId ?? null}::uuid)
      and not ${hiddenEitherWay(member, missionOwnerOf(sql.ref('c.mission_id')))}
    order by cm.user_id`.execute(db);
  return rows;
}

/**
 * A chat's burst is over once it is told: the next message starts another. Only that burst (by
 * its start), never a later one.
 */
export async function endChatBurst(db: Db, chatId: string, since: string) {
  await sql`update chats set burst_until = least(burst_until, date_trunc('milliseconds', now()))
    where id = ${chatId} and burst_since = ${since}::timestamptz`.execute(db);
}

/**
 * A chat request still waiting (issue 15), with its sender's name and what its recipient's
 * delivery needs; undefined when it is gone (accepted, declined, ended by a block) or the two are
 * blocked either way.
 */
export async function findChatRequestToTell(db: Db, requestId: string) {
  const { rows } = await sql<{
    recipientId: string;
    email: string;
    emailVerifiedAt: Date | null;
    firstName: string;
    channels: Record<string, string> | null;
    quietEnabled: boolean | null;
    quietStart: string | null;
    quietEnd: string | null;
    timeZone: string | null;
    message: string;
    senderFirstName: string;
    senderLastName: string;
  }>`
    select r.recipient_id, u.email, u.email_verified_at, u.first_name,
      s.channels, s.quiet_enabled, s.quiet_start, s.quiet_end, s.time_zone,
      r.message, su.first_name as sender_first_name, su.last_name as sender_last_name
    from chat_requests r
    join users u on u.id = r.recipient_id
    join users su on su.id = r.sender_id
    left join notification_settings s on s.user_id = r.recipient_id
    where r.id = ${requestId} and not ${hiddenEitherWay(sql.ref('r.recipient_id'), sql.ref('r.sender_id'))}`.execute(
    db,
  );
  return rows[0];
}
