import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import {
  addToMissionChat,
  listChatsOf,
  listMessages,
  markChatReadBy,
  openOfferChat,
  removeFromMissionChat,
  sendDirectMessageIfAllowed,
  sendToChatAsMember,
} from './chats.queries.js';
import { presentChat, presentMessage } from './chats.present.js';

const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** Sends a direct message, opening the pair's chat on the first one. */
export async function sendDirectMessage(deps: Deps, viewer: Viewer | null, input: { recipientId: string; message: string }) {
  const me = requireViewer(viewer);
  const recipientId = input.recipientId.toLowerCase();
  if (recipientId === me.id) throw badRequest('You cannot message yourself', [{ path: 'recipientId', message: 'You cannot message yourself' }]);
  const message = await sendDirectMessageIfAllowed(deps.db, {
    chatId: newId(),
    directKey: directKey(me.id, recipientId),
    messageId: newId(),
    senderId: me.id,
    recipientId,
    body: input.message,
  });
  if (!message) throw notFound('That person is not on Muster');
  if (message.blocked) throw forbidden('You cannot message this person');
  if (!message.allowed) throw forbidden('This person accepts messages only from their connections');
  return presentMessage({ ...message, senderId: me.id, username: me.username, firstName: me.firstName, lastName: me.lastName, headline: me.headline, profilePicture: me.profilePicture });
}

export async function listMyChats(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listChatsOf(deps.db, me.id)).map(presentChat);
}

/** A page of one of my chats. Reading changes nothing (a GET is safe to repeat, prefetch or replay); markChatRead does. */
export async function readChat(deps: Deps, viewer: Viewer | null, chatId: string, query: { cursor?: string | undefined; limit: number }) {
  const me = requireViewer(viewer);
  const [chat] = await listChatsOf(deps.db, me.id, chatId);
  // Not a member and not there are the same answer.
  if (!chat) throw notFound('Conversation not found');
  const rows = await listMessages(deps.db, chatId, me.id, { ...(query.cursor ? { cursor: decodeCursor(query.cursor)! } : {}), limit: query.limit });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: { chat: presentChat(chat), messages: page.map(presentMessage) }, meta: { nextCursor } };
}

/** Marks one of my chats read up to now; someone else's chat, or none, is not found. */
export async function markChatRead(deps: Deps, viewer: Viewer | null, chatId: string) {
  const me = requireViewer(viewer);
  if (!(await markChatReadBy(deps.db, chatId, me.id))) throw notFound('Conversation not found');
}

/**
 * Sends into one of my chats by its id. A mission's group chat takes a message from any member;
 * a direct chat goes through the direct-message rules (blocks, the other's message policy), as
 * POST /chats/send would. Not a member, or a chat hidden from me, is not found.
 */
export async function sendToChat(deps: Deps, viewer: Viewer | null, chatId: string, input: { message: string }) {
  const me = requireViewer(viewer);
  const [chat] = await listChatsOf(deps.db, me.id, chatId);
  if (!chat) throw notFound('Conversation not found');
  if (chat.kind === 'direct') {
    if (!chat.otherId) throw notFound('Conversation not found');
    return sendDirectMessage(deps, me, { recipientId: chat.otherId, message: input.message });
  }
  const message = await sendToChatAsMember(deps.db, { chatId, messageId: newId(), senderId: me.id, body: input.message });
  // Removed from the mission between the look and the write.
  if (!message) throw notFound('Conversation not found');
  return presentMessage({ ...message, senderId: me.id, username: me.username, firstName: me.firstName, lastName: me.lastName, headline: me.headline, profilePicture: me.profilePicture });
}

/**
 * A mission's group chat follows its membership (issue 12): made with the mission, the owner in
 * it from the start; a member who joins is added, one who leaves or is removed is taken out.
 */
export function subscribeMissionChats(deps: Deps) {
  deps.events.on('mission.created', async (db, { missionId, ownerId }) => {
    await addToMissionChat(db, { newChatId: newId(), missionId, userIds: [ownerId] });
  });
  deps.events.on('mission.member_joined', async (db, { missionId, userId }) => {
    await addToMissionChat(db, { newChatId: newId(), missionId, userIds: [userId] });
  });
  deps.events.on('mission.member_left', async (db, { missionId, userId }) => {
    await removeFromMissionChat(db, missionId, userId);
  });
}

/**
 * An accepted offer of help (issue 13) opens, or reuses, the helper and owner's direct chat, with
 * the offer as the helper's first message there.
 */
export function subscribeOfferChats(deps: Deps) {
  deps.events.on('offer.accepted', async (db, { offerId, chatId, helperId, ownerId, message }) => {
    await openOfferChat(db, { chatId, directKey: directKey(helperId, ownerId), messageId: offerId, helperId, ownerId, body: message });
  });
}
