import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Cursor } from '../../platform/paging.js';

/** True when either person blocks the other: they cannot reach each other at all. */
export async function eitherBlocks(db: Db, a: string, b: string) {
  const row = await db
    .selectFrom('blocks')
    .select('blockerId')
    .where((eb) =>
      eb.or([eb.and([eb('blockerId', '=', a), eb('blockedId', '=', b)]), eb.and([eb('blockerId', '=', b), eb('blockedId', '=', a)])]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

export function findUserForChat(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findChatByDirectKey(db: Db, directKey: string) {
  return db.selectFrom('chats').select('id').where('directKey', '=', directKey).executeTakeFirst();
}

/** Creates the pair's chat, or finds the one a concurrent request just made. */
export async function insertDirectChat(db: Db, chat: { id: string; directKey: string }, members: [string, string]) {
  const inserted = await db
    .insertInto('chats')
    .values({ id: chat.id, kind: 'direct', directKey: chat.directKey })
    .onConflict((oc) => oc.column('directKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return (await findChatByDirectKey(db, chat.directKey))!.id;
  await db
    .insertInto('chatMembers')
    .values(members.map((userId) => ({ chatId: chat.id, userId })))
    .execute();
  return chat.id;
}

export function insertMessage(db: Db, row: { id: string; chatId: string; senderId: string; body: string }) {
  return db.insertInto('chatMessages').values(row).returningAll().executeTakeFirstOrThrow();
}

export function touchChat(db: Db, chatId: string, at: Date) {
  return db.updateTable('chats').set({ lastMessageAt: at }).where('id', '=', chatId).execute();
}

export function markChatRead(db: Db, chatId: string, userId: string) {
  return db.updateTable('chatMembers').set({ lastReadAt: new Date() }).where('chatId', '=', chatId).where('userId', '=', userId).execute();
}

/**
 * My chats, most recent first, each with the other person, the last message and my unread
 * count — one query with lateral joins, so the list costs the same for 2 chats or 200.
 */
export function listChatsOf(db: Db, userId: string, chatId?: string) {
  let q = db
    .selectFrom('chatMembers as me')
    .innerJoin('chats as c', 'c.id', 'me.chatId')
    .leftJoin('chatMembers as om', (j) => j.onRef('om.chatId', '=', 'c.id').on('om.userId', '!=', userId))
    .leftJoin('users as o', 'o.id', 'om.userId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('chatMessages as m')
          .select(['m.body', 'm.createdAt', 'm.senderId'])
          .whereRef('m.chatId', '=', 'c.id')
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
      'o.id as otherId',
      'o.username as otherUsername',
      'o.firstName as otherFirstName',
      'o.lastName as otherLastName',
      'o.headline as otherHeadline',
      'o.profilePicture as otherPicture',
      'last.body as lastBody',
      'last.createdAt as lastCreatedAt',
      'last.senderId as lastSenderId',
    ])
    .select((eb) =>
      eb
        .selectFrom('chatMessages as u')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('u.chatId', '=', 'c.id')
        .whereRef('u.createdAt', '>', 'me.lastReadAt')
        .where('u.senderId', '!=', userId)
        .as('unreadCount'),
    )
    .where('me.userId', '=', userId);
  if (chatId) q = q.where('c.id', '=', chatId);
  return q.orderBy('c.lastMessageAt', 'desc').limit(sql.lit(200)).execute();
}

export type ChatRow = Awaited<ReturnType<typeof listChatsOf>>[number];

/** A page of a chat's messages, newest first, with each sender. */
export function listMessages(db: Db, chatId: string, options: { cursor?: Cursor; limit: number }) {
  let q = db
    .selectFrom('chatMessages as m')
    .innerJoin('users as s', 's.id', 'm.senderId')
    .select(['m.id', 'm.chatId', 'm.body', 'm.createdAt', 's.id as senderId', 's.username', 's.firstName', 's.lastName', 's.headline', 's.profilePicture'])
    .where('m.chatId', '=', chatId);
  if (options.cursor) {
    const { createdAt, id } = options.cursor;
    q = q.where((eb) => eb.or([eb('m.createdAt', '<', createdAt), eb.and([eb('m.createdAt', '=', createdAt), eb('m.id', '<', id)])]));
  }
  return q.orderBy('m.createdAt', 'desc').orderBy('m.id', 'desc').limit(sql.lit(options.limit + 1)).execute();
}

export type MessageRow = Awaited<ReturnType<typeof listMessages>>[number];
