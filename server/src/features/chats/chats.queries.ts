import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Cursor } from '../../platform/paging.js';
import { hiddenEitherWay, mayMessageDirectly, missionOwnerOf, missionPhotoOf, missionTitleOf } from '../../social/social.queries.js';

/**
 * A direct message in one statement, sent only if the recipient exists, neither person has blocked the
 * other, and the recipient's message policy lets the sender write (the kernel's
 * `mayMessageDirectly`) or the recipient has already written in this chat (a conversation they
 * took part in stays open): the pair's chat is made on the first message (its unique pair key
 * makes concurrent first messages one chat), both people are members, the chat moves to the top
 * of both lists, and the sender has read it up to here. No row: no such person. `blocked` or not
 * `allowed`: nothing was written.
 */
export async function sendDirectMessageIfAllowed(
  db: Db,
  m: { chatId: string; directKey: string; messageId: string; senderId: string; recipientId: string; body: string },
) {
  const { rows } = await sql<
    | { blocked: boolean; allowed: false; id: null }
    | { blocked: false; allowed: true; id: string; chatId: string; senderId: string; body: string; createdAt: Date }
  >`
    with recipient as (
      select u.id, ${hiddenEitherWay(m.senderId, sql.ref('u.id'))} as blocked,
        (${mayMessageDirectly(m.senderId, 'u')} or (not ${hiddenEitherWay(m.senderId, sql.ref('u.id'))} and exists (
          select 1 from chats c join chat_messages w on w.chat_id = c.id
          where c.direct_key = ${m.directKey} and w.sender_id = u.id))) as allowed
      from users u where u.id = ${m.recipientId}
    ), chat as (
      insert into chats (id, kind, direct_key, last_message_at)
      select ${m.chatId}, 'direct', ${m.directKey}, now() from recipient where recipient.allowed
      on conflict (direct_key) do update set last_message_at = excluded.last_message_at
      returning id
    ), members as (
      insert into chat_members (chat_id, user_id, last_read_at)
      select chat.id, who.user_id, case when who.user_id = ${m.senderId}::uuid then now() else 'epoch'::timestamptz end
      from chat, (values (${m.senderId}::uuid), (${m.recipientId}::uuid)) as who (user_id)
      on conflict (chat_id, user_id) do update set last_read_at = excluded.last_read_at where chat_members.user_id = ${m.senderId}::uuid
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body)
      select ${m.messageId}, chat.id, ${m.senderId}, ${m.body} from chat
      returning id, chat_id, sender_id, body, created_at
    )
    select recipient.blocked, recipient.allowed, message.* from recipient left join message on true`.execute(db);
  return rows[0];
}

/** Only a member's own mark moves; false when they are not a member (or there is no such chat). */
export async function markChatReadBy(db: Db, chatId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('chatMembers')
    .set({ lastReadAt: sql<Date>`now()` })
    .where('chatId', '=', chatId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * My chats, most recent first, each with the other person (direct) or the mission (a mission's
 * group chat), the last message and my unread count — one query with lateral joins, so the list
 * costs the same for 2 chats or 200. A direct chat with someone blocked either way is left out
 * (and so not found): unblocking brings it back. So is a mission chat whose owner is blocked
 * either way with me (blocked people never share a mission); in a mission chat, messages of
 * members blocked either way with me are neither shown nor counted.
 */
export function listChatsOf(db: Db, userId: string, chatId?: string) {
  let q = db
    .selectFrom('chatMembers as me')
    .innerJoin('chats as c', 'c.id', 'me.chatId')
    .leftJoin('chatMembers as om', (j) => j.onRef('om.chatId', '=', 'c.id').on('om.userId', '!=', userId).on('c.kind', '=', 'direct'))
    .leftJoin('users as o', 'o.id', 'om.userId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chatMessages as m')
          .select(['m.body', 'm.createdAt', 'm.senderId'])
          .whereRef('m.chatId', '=', 'c.id')
          .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('m.sender_id'))}`)
          .orderBy('m.createdAt', 'desc')
          .orderBy('m.id', 'desc')
          .limit(sql.lit(1))
          .as('last'),
      (j) => j.onTrue(),
    )
    .select([
      'c.id',
      'c.kind',
      'c.lastMessageAt',
      'c.missionId',
      'o.id as otherId',
      'o.username as otherUsername',
      'o.firstName as otherFirstName',
      'o.lastName as otherLastName',
      'o.headline as otherHeadline',
      'o.profilePicture as otherPicture',
      'last.body as lastBody',
      'last.createdAt as lastCreatedAt',
      'last.senderId as lastSenderId',
      missionTitleOf(sql.ref('c.mission_id')).as('missionTitle'),
      missionPhotoOf(sql.ref('c.mission_id')).as('missionPhoto'),
    ])
    .select((eb) =>
      eb
        .selectFrom('chatMessages as u')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('u.chatId', '=', 'c.id')
        .whereRef('u.createdAt', '>', 'me.lastReadAt')
        .where('u.senderId', '!=', userId)
        .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('u.sender_id'))}`)
        .as('unreadCount'),
    )
    .where('me.userId', '=', userId)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('om.user_id'))}`)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, missionOwnerOf(sql.ref('c.mission_id')))}`);
  if (chatId) q = q.where('c.id', '=', chatId);
  return q.orderBy('c.lastMessageAt', 'desc').limit(sql.lit(200)).execute();
}

export type ChatRow = Awaited<ReturnType<typeof listChatsOf>>[number];

/** A page of a chat's messages, newest first, with each sender; none from people blocked either way with the reader. */
export function listMessages(db: Db, chatId: string, readerId: string, options: { cursor?: Cursor; limit: number }) {
  let q = db
    .selectFrom('chatMessages as m')
    .innerJoin('users as s', 's.id', 'm.senderId')
    .select(['m.id', 'm.chatId', 'm.body', 'm.createdAt', 's.id as senderId', 's.username', 's.firstName', 's.lastName', 's.headline', 's.profilePicture'])
    .where('m.chatId', '=', chatId)
    .where(sql<boolean>`not ${hiddenEitherWay(readerId, sql.ref('s.id'))}`);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) => eb.or([eb('m.createdAt', '<', createdAt), eb.and([eb('m.createdAt', '=', createdAt), eb('m.id', '<', id)])]));
  }
  return q.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').limit(sql.lit(options.limit + 1)).execute();
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/**
 * A mission's group chat with the given people in it (the owner first), made on first need: by
 * `mission.created`, or by a later join if the chat was somehow never made. One statement; the
 * unique index on chats.mission_id makes concurrent calls one chat. A newcomer has read the
 * history up to now, so joining does not light the badge with messages from before.
 */
export async function addToMissionChat(db: Db, m: { newChatId: string; missionId: string; userIds: string[] }) {
  await sql`
    with made as (
      insert into chats (id, kind, mission_id, last_message_at)
      select ${m.newChatId}, 'mission', ${m.missionId}, now() where ${missionOwnerOf(sql.val(m.missionId))} is not null
      on conflict (mission_id) where mission_id is not null do nothing
      returning id
    ), chat as (
      select id from made union all select id from chats where mission_id = ${m.missionId}
    )
    insert into chat_members (chat_id, user_id, last_read_at)
    select chat.id, who.user_id, now() from chat, (values ${sql.join(m.userIds.map((id) => sql`(${id}::uuid)`))}) as who (user_id)
    on conflict (chat_id, user_id) do nothing`.execute(db);
}

/** Takes someone out of a mission's group chat: they no longer read it, write to it or see it listed. */
export async function removeFromMissionChat(db: Db, missionId: string, userId: string) {
  await sql`delete from chat_members where user_id = ${userId}
    and chat_id = (select id from chats where mission_id = ${missionId})`.execute(db);
}

/**
 * A message into a chat the sender is a member of, in one statement: the chat moves to the top of
 * its members' lists and the sender has read it up to here. No row: not a member (or no such chat).
 */
export async function sendToChatAsMember(db: Db, m: { chatId: string; messageId: string; senderId: string; body: string }) {
  const { rows } = await sql<{ id: string; chatId: string; body: string; createdAt: Date }>`
    with member as (
      select chat_id from chat_members where chat_id = ${m.chatId} and user_id = ${m.senderId}
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body)
      select ${m.messageId}, chat_id, ${m.senderId}, ${m.body} from member
      returning id, chat_id, body, created_at
    ), touched as (
      update chats set last_message_at = message.created_at from message where chats.id = message.chat_id
    ), read as (
      update chat_members set last_read_at = message.created_at from message
      where chat_members.chat_id = message.chat_id and chat_members.user_id = ${m.senderId}
    )
    select * from message`.execute(db);
  return rows[0];
}

/**
 * An accepted offer of help (issue 13) in one statement: the pair's direct chat, opened with
 * `chatId` or the one they have (its unique pair key), both as members (the helper has read it;
 * the owner, new here, reads it as a recipient would), and the offer as the helper's message, its
 * id the offer's so it is there once. No message-policy check: the owner asked for this chat by
 * accepting.
 */
export async function openOfferChat(db: Db, m: { chatId: string; directKey: string; messageId: string; helperId: string; ownerId: string; body: string }) {
  await sql`
    with chat as (
      insert into chats (id, kind, direct_key, last_message_at)
      values (${m.chatId}, 'direct', ${m.directKey}, now())
      on conflict (direct_key) do update set last_message_at = excluded.last_message_at
      returning id
    ), members as (
      insert into chat_members (chat_id, user_id, last_read_at)
      select chat.id, who.user_id, case when who.user_id = ${m.helperId}::uuid then now() else 'epoch'::timestamptz end
      from chat, (values (${m.helperId}::uuid), (${m.ownerId}::uuid)) as who (user_id)
      on conflict (chat_id, user_id) do update set last_read_at = excluded.last_read_at where chat_members.user_id = ${m.helperId}::uuid
    )
    insert into chat_messages (id, chat_id, sender_id, body)
    select ${m.messageId}, chat.id, ${m.helperId}, ${m.body} from chat
    on conflict (id) do nothing`.execute(db);
}
