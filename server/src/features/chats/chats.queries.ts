import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { batchColumn, batched, columnsOf, type ThenInTransaction } from '../../db/batched.js';
import { prepared } from '../../db/prepared.js';
import { sessionIsLive } from '../../platform/auth/session.queries.js';
import type { Cursor } from '../../platform/paging.js';
import {
  cardOf,
  contentShownTo,
  hiddenEitherWay,
  limitedFrom,
  mayMessageDirectly,
  missionOwnerOf,
  missionTitleOf,
  type Person,
  postVisibleTo,
} from '../../social/social.queries.js';

/**
 * When a message is stamped (issue 15: exact unread counts). A message's time is taken while its
 * chat's row is locked (the chat is touched in the same statement, before the message is
 * written), one millisecond past the chat's newest message at least. A chat's messages then
 * carry strictly rising times in the order they commit, so a read mark set to the newest message
 * the reader's statement can see (`markChatReadBy`) covers exactly those: any message committed
 * later is stamped later, however its transaction interleaved. `now()` would not do: it is the
 * start of the writer's transaction, so a message could commit just after a read with a time
 * before the mark and never count as unread.
 *
 * `chats.last_message_at` is the newest message's time (or the chat's opening), so it is the
 * one the next message must pass. In `ON CONFLICT … DO UPDATE` and in `UPDATE chats` it is read
 * from the newest committed row version, after any other writer's lock is released.
 */
const nextMessageAt = sql<Date>`greatest(date_trunc('milliseconds', clock_timestamp()), chats.last_message_at + interval '1 millisecond')`;
const openedAt = sql<Date>`date_trunc('milliseconds', clock_timestamp())`;

/**
 * A chat's burst of messages (issue 34, decision 066): each member away from the chat hears of
 * the messages of a burst once, when it ends, not of each message. A burst starts with the first
 * message after the last one ended and lasts the burst's seconds (CHAT_BURST_SECONDS, 10 minutes
 * unless set); every message is written with the chat touched, so the statement that stamps it
 * keeps the burst too (no statement more per send). Its start is this transaction's start, to the
 * millisecond: every message stamped in it is at or past it (`nextMessageAt`), and a message that
 * starts a burst finds `burst_since` equal to it.
 */
const burstNow = sql<Date>`date_trunc('milliseconds', now())`;
/** Where a burst begun now ends: the seconds written into a prepared statement (sql.lit), or a value. */
const burstEnd = (seconds: RawBuilder<number> | number) =>
  sql<Date>`${burstNow} + make_interval(secs => ${seconds})`;
const burstGoesOn = sql<boolean>`(chats.burst_until > ${burstNow})`;
const keptBurst = (
  seconds: RawBuilder<number> | number,
) => sql`burst_since = case when ${burstGoesOn} then chats.burst_since else ${burstNow} end,
  burst_until = case when ${burstGoesOn} then chats.burst_until else ${burstEnd(seconds)} end`;
/** The burst a statement's message belongs to, for its `returning`: did this message start it? */
const burstStarted = (alias: string) => sql<boolean>`(${sql.ref(`${alias}.burst_since`)} = ${burstNow})`;

/** What a send answers of its chat's burst (null when no message was sent). */
export type BurstOfSend = {
  burstChatId: string | null;
  burstSince: Date | null;
  burstUntil: Date | null;
  burstStarted: boolean | null;
};

/** The columns a sent message is presented from (the sender is the viewer, presented from the session). */
type SentMessage = {
  id: string;
  chatId: string;
  body: string;
  createdAt: Date;
  clientMessageId: string | null;
};

export type DirectSendRow = {
  /** The sender's session is still live (sessionIsLive): when not, nothing was written and the rest is null. */
  live: boolean;
  /** The recipient exists. */
  found: boolean;
  blocked: boolean;
  /** Their message policy lets me write, or they have taken part in our chat (`accepts_messages`). */
  allowed: boolean;
  /**
   * My account is limited and they are no connection of mine (the kernel's limitedFrom, decision
   * 071): nothing written, neither a message nor a request; until when it is limited.
   */
  limitedUntil: Date | null;
  /** The message written now (null: nothing written). */
  id: string | null;
  chatId: string | null;
  body: string | null;
  createdAt: Date | null;
  clientMessageId: string | null;
  /** A message of mine already carrying this clientMessageId (a retry), and the direct key of its chat. */
  priorId: string | null;
  priorChatId: string | null;
  priorKey: string | null;
  priorBody: string | null;
  priorCreatedAt: Date | null;
  /** The request written now, when the message became one. */
  requestId: string | null;
  requestCreatedAt: Date | null;
  /** My request to them that was already waiting (a second message, or a retry of the first). */
  pendingId: string | null;
  pendingClientId: string | null;
  pendingCreatedAt: Date | null;
} & BurstOfSend;

/**
 * A direct message in one statement. The sender's session must still be live (`live`: the viewer
 * may come from the session cache, so the statement checks; nothing written otherwise), the
 * recipient must exist (`found`) and neither may have blocked the other (`blocked`: nothing
 * written). Then:
 *
 * - a message of mine with the same `clientMessageId` already there (a retry, a double click):
 *   nothing is written, and it is answered (`prior…`);
 * - the recipient's message policy lets me write (the kernel's `mayMessageDirectly`), or they took
 *   part in our chat (wrote in it, or accepted what opened it: `accepts_messages`): the pair's chat
 *   is made on the first message (its unique pair key makes concurrent first messages one chat),
 *   both are members, the chat moves to the top of both lists, and I have read it up to here;
 *   the partial unique index on (sender, client id) keeps two concurrent retries one message;
 * - otherwise the message becomes a chat request (issue 15), one per pair: a second one while the
 *   first waits inserts nothing (`pending…` is the one waiting).
 */
export async function sendDirectMessageIfAllowed(
  db: Db,
  m: DirectSend,
  then?: ThenInTransaction<DirectSendRow>,
): Promise<DirectSendRow> {
  return directSend(db, m, then);
}

type DirectSend = {
  sessionId: string;
  chatId: string;
  directKey: string;
  messageId: string;
  requestId: string;
  senderId: string;
  recipientId: string;
  body: string;
  clientMessageId: string | null;
  /** How long a burst this message starts lasts (config.chatBurstSeconds): the same for a whole batch. */
  burstSeconds: number;
};

/** A batch's sends as one array per field; the burst's length is one for them all. */
type DirectSendColumns = { [K in Exclude<keyof DirectSend, 'burstSeconds'>]: Array<DirectSend[K]> };

/**
 * The statement, for every send that queued while others ran (db/batched.ts, decision 035): each
 * row of `i` is one send, and every step below is the one-send statement's, joined on `i.ord`.
 * Sends of one pair never share a batch (`key`), so each chat row is touched once; chats are
 * locked in key order. Compiled once (db/prepared.ts): building this template of kernel fragments
 * cost 20–30 µs of every send.
 */
const directSends = prepared(
  (db, m: DirectSendColumns & { burstSeconds: number }) => {
    const me = sql.ref('i.sender_id');
    return sql<DirectSendRow & { ord: number }>`
    with i as materialized (
      select * from unnest(${batchColumn(m.sessionId, 'uuid[]')}, ${batchColumn(m.chatId, 'uuid[]')}, ${batchColumn(m.directKey, 'text[]')}, ${batchColumn(m.messageId, 'uuid[]')},
        ${batchColumn(m.requestId, 'uuid[]')}, ${batchColumn(m.senderId, 'uuid[]')}, ${batchColumn(m.recipientId, 'uuid[]')}, ${batchColumn(m.body, 'text[]')}, ${batchColumn(m.clientMessageId, 'uuid[]')})
        with ordinality as i (session_id, chat_id, direct_key, message_id, request_id, sender_id, recipient_id, body, client_id, ord)
    ), recipient as (
      select i.ord, u.id, ${hiddenEitherWay(me, sql.ref('u.id'))} as blocked,
        (${mayMessageDirectly(me, 'u')} or exists (
          select 1 from chats c join chat_members took on took.chat_id = c.id
          where c.direct_key = i.direct_key and took.user_id = u.id and took.accepts_messages)) as allowed,
        ${limitedFrom(sql.ref('u.id'), me)} as restricted
      from i join users u on u.id = i.recipient_id
    ), prior as (
      select i.ord, p.id, p.chat_id, p.body, p.created_at, pc.direct_key
      from i join chat_messages p on p.sender_id = i.sender_id and p.client_message_id = i.client_id
      join chats pc on pc.id = p.chat_id
    ), live as (
      select i.ord, ${sessionIsLive(sql.ref('i.session_id'))} as live from i
    ), gate as (
      select i.ord, not r.blocked and not r.restricted and r.allowed and p.id is null as send,
        not r.blocked and not r.restricted and not r.allowed and p.id is null as ask
      from i join live l on l.ord = i.ord and l.live join recipient r on r.ord = i.ord left join prior p on p.ord = i.ord
    ), chat as (
      insert into chats (id, kind, direct_key, last_message_at, burst_since, burst_until)
      select i.chat_id, 'direct', i.direct_key, ${openedAt}, ${burstNow}, ${burstEnd(sql.lit(m.burstSeconds))} from i join gate g on g.ord = i.ord where g.send order by i.direct_key
      on conflict (direct_key) do update set last_message_at = ${nextMessageAt}, ${keptBurst(sql.lit(m.burstSeconds))}
      returning id, direct_key, last_message_at, burst_since, burst_until
    ), members as (
      insert into chat_members (chat_id, user_id, last_read_at, accepts_messages)
      select chat.id, who.user_id, case when who.sender then chat.last_message_at else 'epoch'::timestamptz end, who.sender
      from i join chat on chat.direct_key = i.direct_key, lateral (values (i.sender_id, true), (i.recipient_id, false)) as who (user_id, sender)
      order by chat.id, who.user_id
      on conflict (chat_id, user_id) do update
        set last_read_at = greatest(chat_members.last_read_at, excluded.last_read_at), accepts_messages = true
        where excluded.accepts_messages
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body, client_message_id, created_at)
      select i.message_id, chat.id, i.sender_id, i.body, i.client_id, chat.last_message_at from i join chat on chat.direct_key = i.direct_key
      on conflict do nothing
      returning id, chat_id, body, created_at, client_message_id
    ), request as (
      insert into chat_requests (id, sender_id, recipient_id, message, client_message_id)
      select i.request_id, i.sender_id, i.recipient_id, i.body, i.client_id from i join gate g on g.ord = i.ord where g.ask
      on conflict (sender_id, recipient_id) do nothing
      returning id, created_at
    ), pending as (
      select i.ord, w.id, w.client_message_id, w.created_at from i join chat_requests w on w.sender_id = i.sender_id and w.recipient_id = i.recipient_id
    )
    select i.ord, l.live, r.id is not null as found, r.blocked, r.allowed,
      case when r.restricted then (select lu.limited_until from users lu where lu.id = i.sender_id) end as limited_until,
      m.id, m.chat_id, m.body, m.created_at, m.client_message_id,
      p.id as prior_id, p.chat_id as prior_chat_id, p.direct_key as prior_key, p.body as prior_body, p.created_at as prior_created_at,
      q.id as request_id, q.created_at as request_created_at,
      w.id as pending_id, w.client_message_id as pending_client_id, w.created_at as pending_created_at,
      ch.id as burst_chat_id, ch.burst_since, ch.burst_until, ${burstStarted('ch')} as burst_started
    from i join live l on l.ord = i.ord left join recipient r on r.ord = i.ord left join message m on m.id = i.message_id
      left join prior p on p.ord = i.ord and l.live left join request q on q.id = i.request_id left join pending w on w.ord = i.ord and l.live
      left join chat ch on ch.direct_key = i.direct_key
    order by i.ord`;
  },
  // Written into the statement: one setting per process, so one shape.
  { literal: ['burstSeconds'] },
);

const directSend = batched(
  async (db, sends: DirectSend[]) => {
    const columns = columnsOf(sends.map(({ burstSeconds: _seconds, ...send }) => send));
    const burstSeconds = sends[0]!.burstSeconds;
    return (await directSends(db, { ...columns, burstSeconds })).map(({ ord: _ord, ...row }) => row);
  },
  { key: (s) => s.directKey },
);

/**
 * A message of the sender's by their own id for it, with its chat's direct key (null for a mission
 * chat): a retry that raced its twin and lost finds the twin here, once that has committed.
 */
export async function findMessageByClientId(db: Db, senderId: string, clientMessageId: string) {
  return db
    .selectFrom('chatMessages as m')
    .innerJoin('chats as c', 'c.id', 'm.chatId')
    .select(['m.id', 'm.chatId', 'm.body', 'm.createdAt', 'm.clientMessageId', 'c.directKey'])
    .where('m.senderId', '=', senderId)
    .where('m.clientMessageId', '=', clientMessageId)
    .executeTakeFirst();
}

export type ReadMark = { kind: 'direct' | 'mission'; before: Date; readAt: Date; others: string[] };

/**
 * Marks the chat read by one member up to the newest message this statement can see (not `now()`:
 * see `nextMessageAt`, why that is exact), never backwards. Answers the mark before and after and,
 * for a direct chat, the other member unless blocked either way (whom a "Seen" concerns).
 * Undefined when they are not a member (or there is no such chat).
 */
export async function markChatReadBy(db: Db, chatId: string, userId: string): Promise<ReadMark | undefined> {
  const { rows } = await sql<ReadMark>`
    with mine as (
      select cm.last_read_at, c.kind from chat_members cm join chats c on c.id = cm.chat_id
      where cm.chat_id = ${chatId} and cm.user_id = ${userId}
    ), marked as (
      update chat_members cm
      set last_read_at = greatest(cm.last_read_at, coalesce((select max(n.created_at) from chat_messages n where n.chat_id = ${chatId}), cm.last_read_at))
      where cm.chat_id = ${chatId} and cm.user_id = ${userId}
      returning cm.last_read_at
    )
    select mine.kind, mine.last_read_at as before, marked.last_read_at as read_at,
      case when mine.kind = 'direct' then array(
        select o.user_id::text from chat_members o
        where o.chat_id = ${chatId} and o.user_id <> ${userId} and not ${hiddenEitherWay(userId, sql.ref('o.user_id'))})
      else '{}'::text[] end as others
    from mine cross join marked`.execute(db);
  return rows[0];
}

/**
 * My chats, most recent first, each with the other person (direct) or the mission (a mission's
 * group chat), the last message and my unread count — one query with lateral joins, so the list
 * costs the same for 2 chats or 200. A direct chat with someone blocked either way is left out
 * (and so not found): unblocking brings it back. So is a mission chat whose owner is blocked
 * either way with me (blocked people never share a mission); in a mission chat, messages of
 * members blocked either way with me are neither shown nor counted. A direct chat carries the
 * other person's read mark ("Seen").
 */
export function listChatsOf(db: Db, userId: string, chatId?: string) {
  let q = db
    .selectFrom('chatMembers as me')
    .innerJoin('chats as c', 'c.id', 'me.chatId')
    .leftJoin('chatMembers as om', (j) =>
      j.onRef('om.chatId', '=', 'c.id').on('om.userId', '!=', userId).on('c.kind', '=', 'direct'),
    )
    .leftJoin('users as o', 'o.id', 'om.userId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chatMessages as m')
          .select(['m.body', 'm.createdAt', 'm.senderId'])
          .whereRef('m.chatId', '=', 'c.id')
          .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('m.sender_id'))}`)
          .where(contentShownTo(userId, 'm', 'sender_id'))
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
      'o.verifiedOrg as otherVerifiedOrg',
      'om.lastReadAt as otherLastReadAt',
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
        .where(sql<boolean>`u.hidden_reason is null`)
        .as('unreadCount'),
    )
    .where('me.userId', '=', userId)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('om.user_id'))}`)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, missionOwnerOf(sql.ref('c.mission_id')))}`);
  if (chatId) q = q.where('c.id', '=', chatId);
  return q.orderBy('c.lastMessageAt', 'desc').limit(sql.lit(200)).execute();
}

export type ChatRow = Awaited<ReturnType<typeof listChatsOf>>[number];

/** A page of a chat's messages, newest first, with each sender; none from people blocked either way with the reader, nor hidden from them. */
export function listMessages(
  db: Db,
  chatId: string,
  readerId: string,
  options: { cursor?: Cursor; limit: number },
) {
  let q = db
    .selectFrom('chatMessages as m')
    .innerJoin('users as s', 's.id', 'm.senderId')
    .select([
      'm.id',
      'm.chatId',
      'm.body',
      'm.createdAt',
      'm.clientMessageId',
      'm.hiddenReason',
      's.id as senderId',
      's.username',
      's.firstName',
      's.lastName',
      's.headline',
      's.profilePicture',
      's.verifiedOrg',
    ])
    .where('m.chatId', '=', chatId)
    .where(sql<boolean>`not ${hiddenEitherWay(readerId, sql.ref('s.id'))}`)
    // A message a moderator hid is its sender's alone (decision 071).
    .where(contentShownTo(readerId, 'm', 'sender_id'));
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) =>
      eb.or([
        eb('m.createdAt', '<', createdAt),
        eb.and([eb('m.createdAt', '=', createdAt), eb('m.id', '<', id)]),
      ]),
    );
  }
  return q
    .orderBy('m.createdAt', 'desc')
    .orderBy('m.id', 'desc')
    .limit(sql.lit(options.limit + 1))
    .execute();
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];

/**
 * A moderator's decision on a message (issue 35 item 3): hidden with the reason, or shown (null).
 * Answers its chat and sender, or undefined when it is gone.
 */
export function setMessageHidden(db: Db, id: string, reason: string | null) {
  return db
    .updateTable('chatMessages')
    .set({ hiddenReason: reason })
    .where('id', '=', id)
    .returning(['chatId', 'senderId'])
    .executeTakeFirst();
}

/** A moderator deleted a message: it goes (nothing else counts or keeps it). Answers its chat. */
export function deleteMessage(db: Db, id: string) {
  return db.deleteFrom('chatMessages').where('id', '=', id).returning(['chatId']).executeTakeFirst();
}

/**
 * A mission's group chat with the given people in it (the owner first), made on first need: by
 * `mission.created`, or by a later join if the chat was somehow never made. One statement; the
 * unique index on chats.mission_id makes concurrent calls one chat. A newcomer has read the
 * history up to its newest message, so joining does not light the badge with messages from
 * before (and a message committed after the join is stamped later: see `nextMessageAt`).
 */
export async function addToMissionChat(
  db: Db,
  m: { newChatId: string; missionId: string; userIds: string[] },
) {
  await sql`
    with made as (
      insert into chats (id, kind, mission_id, last_message_at)
      select ${m.newChatId}, 'mission', ${m.missionId}, ${openedAt} where ${missionOwnerOf(sql.val(m.missionId))} is not null
      on conflict (mission_id) where mission_id is not null do nothing
      returning id, last_message_at
    ), chat as (
      select id, last_message_at from made union all select id, last_message_at from chats where mission_id = ${m.missionId}
    )
    insert into chat_members (chat_id, user_id, last_read_at)
    select chat.id, who.user_id, chat.last_message_at from chat, (values ${sql.join(m.userIds.map((id) => sql`(${id}::uuid)`))}) as who (user_id)
    on conflict (chat_id, user_id) do nothing`.execute(db);
}

/** Takes someone out of a mission's group chat: they no longer read it, write to it or see it listed. */
export async function removeFromMissionChat(db: Db, missionId: string, userId: string) {
  await sql`delete from chat_members where user_id = ${userId}
    and chat_id = (select id from chats where mission_id = ${missionId})`.execute(db);
}

export type MemberSendRow = SentMessage & { duplicate: boolean; audience: string[] } & BurstOfSend;

/**
 * A message into a chat the sender is a member of, in one statement: the chat moves to the top of
 * its members' lists (its row locked, the message stamped past the newest: `nextMessageAt`) and
 * the sender has read it up to here. A message of the sender's with the same `clientMessageId`
 * is answered instead (`duplicate`), nothing written. `audience`: the members who may see it —
 * not anyone blocked either way with the sender, nor with the mission's owner (such a member sees
 * no chat at all) — the sender included (their other tabs). No row: not a member (or no such
 * chat), or a concurrent twin of this retry won (find it with findMessageByClientId).
 */
export async function sendToChatAsMember(
  db: Db,
  m: {
    chatId: string;
    messageId: string;
    senderId: string;
    body: string;
    clientMessageId: string | null;
    /** How long a burst this message starts lasts (config.chatBurstSeconds). */
    burstSeconds: number;
  },
) {
  const me = sql`${m.senderId}::uuid`;
  const clientId = sql`${m.clientMessageId}::uuid`;
  const { rows } = await sql<MemberSendRow>`
    with prior as (
      select p.id, p.chat_id, p.body, p.created_at, p.client_message_id from chat_messages p
      where ${clientId} is not null and p.sender_id = ${me} and p.client_message_id = ${clientId}
    ), member as (
      select chat_id from chat_members where chat_id = ${m.chatId} and user_id = ${me} and not exists (select 1 from prior)
    ), touched as (
      update chats set last_message_at = ${nextMessageAt}, ${keptBurst(m.burstSeconds)} from member where chats.id = member.chat_id
      returning chats.id, chats.last_message_at, chats.burst_since, chats.burst_until
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body, client_message_id, created_at)
      select ${m.messageId}, touched.id, ${me}, ${m.body}, ${clientId}, touched.last_message_at from touched
      on conflict do nothing
      returning id, chat_id, body, created_at, client_message_id
    ), read as (
      update chat_members set last_read_at = greatest(chat_members.last_read_at, message.created_at) from message
      where chat_members.chat_id = message.chat_id and chat_members.user_id = ${me}
    ), answer as (
      select id, chat_id, body, created_at, client_message_id, false as duplicate from message
      union all
      select id, chat_id, body, created_at, client_message_id, true from prior
    )
    select answer.*, array(
      select a.user_id::text from chat_members a join chats ac on ac.id = a.chat_id
      where a.chat_id = answer.chat_id
        and not ${hiddenEitherWay(m.senderId, sql.ref('a.user_id'))}
        and not ${hiddenEitherWay(missionOwnerOf(sql.ref('ac.mission_id')), sql.ref('a.user_id'))}) as audience,
      t.id as burst_chat_id, t.burst_since, t.burst_until, ${burstStarted('t')} as burst_started
    from answer left join touched t on true`.execute(db);
  return rows[0];
}

/**
 * An accepted offer of help (issue 13) in one statement: the pair's direct chat, opened with
 * `chatId` or the one they have (its unique pair key), both as members (the helper has read it;
 * the owner, new here, reads it as a recipient would), and the offer as the helper's message, its
 * id the offer's so it is there once. No message-policy check: the owner asked for this chat by
 * accepting, and from then on takes the helper's messages there (`accepts_messages`). Answers
 * the message when it was written now (not on a retry of the event).
 */
export async function openOfferChat(
  db: Db,
  m: {
    chatId: string;
    directKey: string;
    messageId: string;
    helperId: string;
    ownerId: string;
    body: string;
  },
) {
  const { rows } = await sql<MessageRow>`
    with chat as (
      insert into chats (id, kind, direct_key, last_message_at)
      values (${m.chatId}, 'direct', ${m.directKey}, ${openedAt})
      on conflict (direct_key) do update set last_message_at = ${nextMessageAt}
      returning id, last_message_at
    ), members as (
      insert into chat_members (chat_id, user_id, last_read_at, accepts_messages)
      select chat.id, who.user_id, case when who.user_id = ${m.helperId}::uuid then chat.last_message_at else 'epoch'::timestamptz end, true
      from chat, (values (${m.helperId}::uuid), (${m.ownerId}::uuid)) as who (user_id)
      on conflict (chat_id, user_id) do update
        set last_read_at = case when chat_members.user_id = ${m.helperId}::uuid then greatest(chat_members.last_read_at, excluded.last_read_at) else chat_members.last_read_at end,
            accepts_messages = true
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body, created_at)
      select ${m.messageId}, chat.id, ${m.helperId}, ${m.body}, chat.last_message_at from chat
      on conflict do nothing
      returning id, chat_id, sender_id, body, created_at, client_message_id
    )
    select message.*, s.username, s.first_name, s.last_name, s.headline, s.profile_picture, s.verified_org
    from message join users s on s.id = message.sender_id`.execute(db);
  return rows[0];
}

/* ── Chat requests (issue 15) ──────────────────────────────────────────────────────────────── */

/** More than anyone answers in one sitting; the rest wait behind them. */
const REQUESTS_LISTED = 100;

/** Requests waiting for my answer, newest first, with the sender's card; none from anyone blocked either way. */
export function listRequestsTo(db: Db, userId: string) {
  return db
    .selectFrom('chatRequests as r')
    .innerJoin('users as u', 'u.id', 'r.senderId')
    .select(['r.id', 'r.message', 'r.createdAt', cardOf('u').as('card')])
    .where('r.recipientId', '=', userId)
    .where(sql<boolean>`not ${hiddenEitherWay(userId, sql.ref('r.sender_id'))}`)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id', 'desc')
    .limit(sql.lit(REQUESTS_LISTED))
    .execute();
}

/** A request to me from someone not blocked either way: its sender (null: not mine, gone, or hidden). */
export async function findRequestTo(db: Db, requestId: string, recipientId: string) {
  const row = await db
    .selectFrom('chatRequests as r')
    .select('r.senderId')
    .where('r.id', '=', requestId)
    .where('r.recipientId', '=', recipientId)
    .where(sql<boolean>`not ${hiddenEitherWay(recipientId, sql.ref('r.sender_id'))}`)
    .executeTakeFirst();
  return row?.senderId ?? null;
}

/**
 * Accepting, in one statement: the request goes, and its message opens (or joins) the pair's
 * direct chat as the sender's message with the request's id — so a second accept, or a retry,
 * cannot put it there twice — and the sender's `clientMessageId` when it is still theirs alone.
 * Both are members who take each other's messages from now on (`accepts_messages`: the sender
 * wrote, the recipient said yes), and both have read it (the recipient read it to decide). No
 * row: the request was no longer there (answered meanwhile, or the pair blocked).
 */
export async function acceptRequest(
  db: Db,
  m: { requestId: string; recipientId: string; senderId: string; chatId: string; directKey: string },
) {
  const { rows } = await sql<MessageRow>`
    with req as (
      delete from chat_requests r
      where r.id = ${m.requestId} and r.recipient_id = ${m.recipientId} and r.sender_id = ${m.senderId}
        and not ${hiddenEitherWay(m.recipientId, sql.ref('r.sender_id'))}
      returning r.id, r.sender_id, r.message, r.client_message_id
    ), chat as (
      insert into chats (id, kind, direct_key, last_message_at)
      select ${m.chatId}, 'direct', ${m.directKey}, ${openedAt} from req
      on conflict (direct_key) do update set last_message_at = ${nextMessageAt}
      returning id, last_message_at
    ), members as (
      insert into chat_members (chat_id, user_id, last_read_at, accepts_messages)
      select chat.id, who.user_id, chat.last_message_at, true
      from chat, (values (${m.senderId}::uuid), (${m.recipientId}::uuid)) as who (user_id)
      on conflict (chat_id, user_id) do update
        set last_read_at = greatest(chat_members.last_read_at, excluded.last_read_at), accepts_messages = true
    ), message as (
      insert into chat_messages (id, chat_id, sender_id, body, client_message_id, created_at)
      select req.id, chat.id, req.sender_id, req.message,
        case when exists (select 1 from chat_messages used where used.sender_id = req.sender_id and used.client_message_id = req.client_message_id)
          then null else req.client_message_id end,
        chat.last_message_at
      from req, chat
      on conflict do nothing
      returning id, chat_id, sender_id, body, created_at, client_message_id
    )
    select chat.id as chat_id, message.id, message.sender_id, message.body, message.created_at, message.client_message_id,
      s.username, s.first_name, s.last_name, s.headline, s.profile_picture, s.verified_org
    from chat left join message on true left join users s on s.id = message.sender_id`.execute(db);
  return rows[0];
}

/** Declining removes the request; answers its sender, or null when it was not mine to answer (or gone, or hidden). */
export async function declineRequest(db: Db, requestId: string, recipientId: string) {
  const row = await db
    .deleteFrom('chatRequests as r')
    .where('r.id', '=', requestId)
    .where('r.recipientId', '=', recipientId)
    .where(sql<boolean>`not ${hiddenEitherWay(recipientId, sql.ref('r.sender_id'))}`)
    .returning('r.senderId')
    .executeTakeFirst();
  return row?.senderId ?? null;
}

/** A block ends whatever request waits between the two, either way: answers the recipients of those that went. */
export async function deleteRequestsBetween(db: Db, a: string, b: string) {
  const rows = await db
    .deleteFrom('chatRequests')
    .where((eb) =>
      eb.or([
        eb.and([eb('senderId', '=', a), eb('recipientId', '=', b)]),
        eb.and([eb('senderId', '=', b), eb('recipientId', '=', a)]),
      ]),
    )
    .returning('recipientId')
    .execute();
  return rows.map((r) => r.recipientId);
}

/** A direct chat names at most this many of the needs it is about (the newest). */
const TOPICS_SHOWN = 3;

/**
 * What my direct chat with `otherId` is about: the needs and wants one of us accepted the other's
 * offer on, that I may read now, newest first (offerPostsBetween, below).
 */
export async function listChatTopics(db: Db, viewerId: string, otherId: string) {
  const { rows } = await sql<{ postId: string; title: string; content: string }>`
    ${offerPostsBetween(viewerId, otherId, TOPICS_SHOWN)}`.execute(db);
  return rows;
}

/** The mission's stored photo (null when it has none: the presenter shows the default). */
function missionPhotoOf(missionId: Person): RawBuilder<string | null> {
  return sql<string | null>`(select mp.photo from missions mp where mp.id = ${missionId})`;
}

/**
 * What two people's direct chat is about (issue 32 item 8, decision 052): the needs and wants on
 * which one of them accepted the other's offer of help — the acceptance opened, or reused, that
 * chat — newest acceptance first, at most `limit`, as rows (post_id, title, content). Only those
 * `viewerId` (one of the two) may read now, by the post reads' own rule (postVisibleTo: not its
 * author hidden by a block either way, not a members-only mission's update they are outside of,
 * decision 040). A
 * post that is gone took its offers with it.
 */
function offerPostsBetween(viewerId: string, otherId: string, limit: number) {
  return sql<{ postId: string; title: string; content: string }>`
    select p.id as post_id, p.title, p.content from offers otop join posts p on p.id = otop.post_id
    where otop.status = 'accepted'
      and ((otop.owner_id = ${viewerId} and otop.helper_id = ${otherId})
        or (otop.owner_id = ${otherId} and otop.helper_id = ${viewerId}))
      and ${postVisibleTo(viewerId, 'p')}
    order by otop.decided_at desc nulls last, otop.id desc
    limit ${sql.lit(limit)}`;
}

/**
 * Whether the pair has a direct chat already (decision 072): a new account's first message to
 * anyone else is a message to a stranger, which its own budget counts.
 */
export async function haveDirectChat(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('chats').select('id').where('directKey', '=', key).executeTakeFirst();
  return row !== undefined;
}
