import { requireViewer, type Viewer } from '../../platform/auth/session.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import { listChatsOf, listMessages, markChatReadBy, sendDirectMessageIfAllowed } from './chats.queries.js';
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
  const rows = await listMessages(deps.db, chatId, { ...(query.cursor ? { cursor: decodeCursor(query.cursor)! } : {}), limit: query.limit });
  const { page, nextCursor } = pageOf(rows, query.limit);
  return { data: { chat: presentChat(chat), messages: page.map(presentMessage) }, meta: { nextCursor } };
}

/** Marks one of my chats read up to now; someone else's chat, or none, is not found. */
export async function markChatRead(deps: Deps, viewer: Viewer | null, chatId: string) {
  const me = requireViewer(viewer);
  if (!(await markChatReadBy(deps.db, chatId, me.id))) throw notFound('Conversation not found');
}
