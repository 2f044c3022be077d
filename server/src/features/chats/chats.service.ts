import type { ChatMessage } from '@muster/contract/chats';
import { requireViewer, sessionEnded, type Viewer } from '../../platform/auth/session.js';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { afterCommit, inTransaction } from '../../platform/transaction.js';
import { newId } from '../../platform/ids.js';
import { decodeCursor, pageOf } from '../../platform/paging.js';
import {
  acceptRequest,
  addToMissionChat,
  type BurstOfSend,
  declineRequest,
  deleteRequestsBetween,
  findMessageByClientId,
  findRequestTo,
  listChatsOf,
  listChatTopics,
  listMessages,
  listRequestsTo,
  markChatReadBy,
  openOfferChat,
  removeFromMissionChat,
  sendDirectMessageIfAllowed,
  sendToChatAsMember,
  haveDirectChat,
  setMessageHidden,
  deleteMessage,
} from './chats.queries.js';
import { presentChat, presentChatRequest, presentChatTopic, presentMessage } from './chats.present.js';

/** A pair's one direct chat, whoever writes first: `chats.direct_key` is unique on it. */
export const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);
const fullName = (v: Viewer) => `${v.firstName} ${v.lastName}`.trim() || v.username;

const CHAT_NOT_FOUND = 'Conversation not found';
const REQUEST_NOT_FOUND = 'Chat request not found';
/** The same clientMessageId for a different conversation is a client's mistake, not a retry. */
const idReused = () => conflict('That message id was already used for another message');

/** What a send comes to: the message, or (a stranger writing to someone who takes messages only from connections) a chat request. */
export type SendOutcome =
  | { message: ChatMessage; request?: undefined }
  | {
      request: { _id: string; recipientId: string; status: 'pending'; createdAt: string };
      message?: undefined;
    };

/** A message of the viewer's, presented with them as its sender (their card comes from the session). */
function mine(
  me: Viewer,
  m: { id: string; chatId: string; body: string; createdAt: Date; clientMessageId: string | null },
): ChatMessage {
  return presentMessage({
    ...m,
    senderId: me.id,
    username: me.username,
    firstName: me.firstName,
    lastName: me.lastName,
    headline: me.headline,
    profilePicture: me.profilePicture,
    verifiedOrg: me.verifiedOrg,
  });
}

/**
 * Tells the chat's members of a new message once it is committed: `message.created` to everyone
 * who may see it (the sender's other tabs too), and to the others that their unread count moved.
 */
function publishMessage(deps: Deps, message: ChatMessage, audience: readonly string[]) {
  deps.realtime.publish(audience, { type: 'message.created', data: message });
  deps.realtime.publish(
    audience.filter((id) => id !== message.sender._id),
    { type: 'counts.changed', data: { counts: ['chats'] } },
  );
}

/**
 * A message that began a burst in its chat (issue 34) is told to the members away from it once
 * the burst ends, with the rest of the burst: the event, in the send's transaction, is the one
 * thing a send adds for it, once per burst.
 */
async function burstBegun(deps: Deps, trx: Db, sent: BurstOfSend) {
  if (!sent.burstStarted || !sent.burstChatId || !sent.burstSince || !sent.burstUntil) return;
  const since = sent.burstSince.toISOString();
  await deps.events.emit(
    trx,
    'chat.burst_started',
    { chatId: sent.burstChatId, since, until: sent.burstUntil.toISOString() },
    { key: `${sent.burstChatId}:${since}` },
  );
}

/**
 * Whether a message from the viewer to `recipientId` would be their first to that person (no
 * direct chat between them yet): what a new account's budget for strangers counts (decision 072).
 */
export async function isFirstContact(deps: Deps, viewer: Viewer, recipientId: string): Promise<boolean> {
  const other = recipientId.toLowerCase();
  if (other === viewer.id) return false;
  return !(await haveDirectChat(deps.db, directKey(viewer.id, other)));
}

/**
 * Sends a direct message, opening the pair's chat on the first one. To someone who takes messages
 * only from their connections (and has not taken part in a chat with me) it becomes a chat request
 * instead, one at a time. A `clientMessageId` already used by me answers what it made (the
 * message, or the request still waiting), so a retry never makes a second one. The route takes the
 * viewer from the session cache (`sessionCheckedByWrite`): the statement checks the session.
 */
export async function sendDirectMessage(
  deps: Deps,
  viewer: Viewer | null,
  input: { recipientId: string; message: string; clientMessageId?: string | undefined },
): Promise<SendOutcome> {
  const me = requireViewer(viewer);
  const recipientId = input.recipientId.toLowerCase();
  if (recipientId === me.id)
    throw badRequest('You cannot message yourself', [
      { path: 'recipientId', message: 'You cannot message yourself' },
    ]);
  const key = directKey(me.id, recipientId);
  const clientMessageId = input.clientMessageId?.toLowerCase() ?? null;
  const row = await sendDirectMessageIfAllowed(
    deps.db,
    {
      sessionId: me.sessionId,
      chatId: newId(),
      directKey: key,
      messageId: newId(),
      requestId: newId(),
      senderId: me.id,
      recipientId,
      body: input.message,
      clientMessageId,
      burstSeconds: deps.config.chatBurstSeconds,
    },
    // In the send's transaction (the batch's): a burst begun, a request made, told away from the app.
    async (trx, sent) => {
      await burstBegun(deps, trx, sent);
      if (sent.requestId)
        await deps.events.emit(trx, 'chat.requested', {
          requestId: sent.requestId,
          senderId: me.id,
          recipientId,
        });
    },
  );
  // The viewer came from the session cache: the statement found the session ended, and wrote nothing.
  if (!row.live) throw sessionEnded(deps, me);
  if (!row.found) throw notFound('That person is not on Muster');
  if (row.blocked) throw forbidden('You cannot message this person');
  if (row.limitedUntil) throw limitedAccount(row.limitedUntil);
  if (row.priorId) {
    if (row.priorKey !== key) throw idReused();
    const message = mine(me, {
      id: row.priorId,
      chatId: row.priorChatId!,
      body: row.priorBody!,
      createdAt: row.priorCreatedAt!,
      clientMessageId,
    });
    // Told again: the process that stored it may have died before telling anyone (decision 074).
    publishMessage(deps, message, [me.id, recipientId]);
    return { message };
  }
  if (row.id) {
    const message = mine(me, {
      id: row.id,
      chatId: row.chatId!,
      body: row.body!,
      createdAt: row.createdAt!,
      clientMessageId: row.clientMessageId,
    });
    publishMessage(deps, message, [me.id, recipientId]);
    return { message };
  }
  if (row.requestId) {
    deps.realtime.publish([recipientId], {
      type: 'chat.request',
      data: { requestId: row.requestId, status: 'pending', chatId: null },
    });
    deps.realtime.publish([recipientId], { type: 'counts.changed', data: { counts: ['requests'] } });
    return {
      request: {
        _id: row.requestId,
        recipientId,
        status: 'pending',
        createdAt: row.requestCreatedAt!.toISOString(),
      },
    };
  }
  // A retry of the request that still waits is answered as the first time.
  if (row.pendingId && clientMessageId && row.pendingClientId === clientMessageId) {
    return {
      request: {
        _id: row.pendingId,
        recipientId,
        status: 'pending',
        createdAt: row.pendingCreatedAt!.toISOString(),
      },
    };
  }
  // Allowed, yet nothing written: a twin of this retry (same clientMessageId) committed first.
  if (row.allowed && clientMessageId) {
    const twin = await findMessageByClientId(deps.db, me.id, clientMessageId);
    if (twin && twin.directKey !== key) throw idReused();
    if (twin) return { message: mine(me, twin) };
  }
  throw conflict('You have already sent this person a message request. It waits for their answer.');
}

/**
 * A limited account writes to a stranger (decision 071): refused, saying until when and what is
 * still open to them. A limit for good (or a date the driver cannot read) says no date.
 */
function limitedAccount(until: Date) {
  const date = until instanceof Date && Number.isFinite(until.getTime()) ? until : undefined;
  const when = date
    ? ` until ${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : '';
  return forbidden(`Your account is limited${when}: you can message your connections only`);
}

export async function listMyChats(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listChatsOf(deps.db, me.id)).map(presentChat);
}

/** A page of one of my chats. Reading changes nothing (a GET is safe to repeat, prefetch or replay); markChatRead does. */
export async function readChat(
  deps: Deps,
  viewer: Viewer | null,
  chatId: string,
  query: { cursor?: string | undefined; limit: number },
) {
  const me = requireViewer(viewer);
  const [chat] = await listChatsOf(deps.db, me.id, chatId);
  // Not a member and not there are the same answer.
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  const [rows, topics] = await Promise.all([
    listMessages(deps.db, chatId, me.id, {
      ...(query.cursor ? { cursor: decodeCursor(query.cursor)! } : {}),
      limit: query.limit,
    }),
    // A direct chat opened by an accepted offer links back to the need (decision 052).
    chat.kind === 'direct' && chat.otherId ? listChatTopics(deps.db, me.id, chat.otherId) : [],
  ]);
  const { page, nextCursor } = pageOf(rows, query.limit);
  return {
    data: {
      chat: {
        ...presentChat(chat),
        ...(chat.kind === 'direct' ? { about: topics.map(presentChatTopic) } : {}),
      },
      messages: page.map(presentMessage),
    },
    meta: { nextCursor },
  };
}

/**
 * Marks one of my chats read up to its newest message; someone else's chat, or none, is not found.
 * When the mark moved, the other person of a direct chat hears of it (`chat.read`, their "Seen")
 * and my other tabs refetch the badge. A mission chat shows no "Seen", so its members are not
 * told: every read would otherwise reach every member.
 */
export async function markChatRead(deps: Deps, viewer: Viewer | null, chatId: string) {
  const me = requireViewer(viewer);
  const mark = await markChatReadBy(deps.db, chatId, me.id);
  if (!mark) throw notFound(CHAT_NOT_FOUND);
  if (mark.readAt.getTime() === mark.before.getTime()) return;
  deps.realtime.publish(mark.others, {
    type: 'chat.read',
    data: { chatId, userId: me.id, readAt: mark.readAt.toISOString() },
  });
  deps.realtime.publish([me.id], { type: 'counts.changed', data: { counts: ['chats'] } });
}

/**
 * Sends into one of my chats by its id. A mission's group chat takes a message from any member;
 * a direct chat goes through the direct-message rules (blocks, the other's message policy, chat
 * requests), as POST /chats/send would. Not a member, or a chat hidden from me, is not found.
 */
export async function sendToChat(
  deps: Deps,
  viewer: Viewer | null,
  chatId: string,
  input: { message: string; clientMessageId?: string | undefined },
): Promise<SendOutcome> {
  const me = requireViewer(viewer);
  const [chat] = await listChatsOf(deps.db, me.id, chatId);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  if (chat.kind === 'direct') {
    if (!chat.otherId) throw notFound(CHAT_NOT_FOUND);
    return sendDirectMessage(deps, me, {
      recipientId: chat.otherId,
      message: input.message,
      clientMessageId: input.clientMessageId,
    });
  }
  const clientMessageId = input.clientMessageId?.toLowerCase() ?? null;
  const sent = await inTransaction(deps.db, async (trx) => {
    const sent = await sendToChatAsMember(trx, {
      chatId,
      messageId: newId(),
      senderId: me.id,
      body: input.message,
      clientMessageId,
      burstSeconds: deps.config.chatBurstSeconds,
    });
    if (sent) await burstBegun(deps, trx, sent);
    return sent;
  });
  if (!sent) {
    // A twin of this retry committed first; or I was removed from the mission between the look and the write.
    const twin = clientMessageId ? await findMessageByClientId(deps.db, me.id, clientMessageId) : undefined;
    if (twin && twin.chatId !== chatId) throw idReused();
    if (twin) return { message: mine(me, twin) };
    throw notFound(CHAT_NOT_FOUND);
  }
  if (sent.chatId !== chatId) throw idReused();
  const message = mine(me, sent);
  // A retry is told again, as above: the tabs show a message once, by its id.
  publishMessage(deps, message, sent.audience);
  return { message };
}

/* ── Chat requests (issue 15) ──────────────────────────────────────────────────────────────── */

/** Requests waiting for my answer, newest first; those of people blocked either way are not shown. */
export async function myChatRequests(deps: Deps, viewer: Viewer | null) {
  const me = requireViewer(viewer);
  return (await listRequestsTo(deps.db, me.id)).map(presentChatRequest);
}

/**
 * Accepting a request opens (or reuses) our direct chat with its message in it as the sender's,
 * and from then on we write to each other there whatever our message policies say. Only its
 * recipient accepts; anyone else's, a gone one and one from someone blocked either way are not found.
 */
export async function acceptChatRequest(deps: Deps, viewer: Viewer | null, requestId: string) {
  const me = requireViewer(viewer);
  const senderId = await findRequestTo(deps.db, requestId, me.id);
  if (!senderId) throw notFound(REQUEST_NOT_FOUND);
  const row = await acceptRequest(deps.db, {
    requestId,
    recipientId: me.id,
    senderId,
    chatId: newId(),
    directKey: directKey(me.id, senderId),
  });
  // Answered meanwhile (another tab), or a block came between.
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (row.id) publishMessage(deps, presentMessage(row), [senderId, me.id]);
  deps.realtime.publish([senderId], {
    type: 'chat.request',
    data: { requestId, status: 'accepted', chatId: row.chatId },
  });
  deps.realtime.publish([me.id], { type: 'counts.changed', data: { counts: ['requests', 'chats'] } });
  return { chatId: row.chatId };
}

/**
 * Declining removes the request. Its sender learns that it was not accepted, and nothing more:
 * no reason, and nothing stops them asking again later (a block does).
 */
export async function declineChatRequest(deps: Deps, viewer: Viewer | null, requestId: string) {
  const me = requireViewer(viewer);
  // The decline and its notice to the sender commit together.
  const senderId = await inTransaction(deps.db, async (trx) => {
    const senderId = await declineRequest(trx, requestId, me.id);
    if (!senderId) throw notFound(REQUEST_NOT_FOUND);
    await deps.events.emit(trx, 'chat.request_declined', {
      requestId,
      senderId,
      recipientId: me.id,
      recipientName: fullName(me),
    });
    return senderId;
  });
  deps.realtime.publish([senderId], {
    type: 'chat.request',
    data: { requestId, status: 'declined', chatId: null },
  });
  deps.realtime.publish([me.id], { type: 'counts.changed', data: { counts: ['requests'] } });
}

/**
 * A mission's group chat follows its membership (issue 12): made with the mission, the owner in
 * it from the start; a member who joins is added, one who leaves or is removed is taken out.
 */
export function subscribeMissionChats(deps: Deps) {
  // Invariants of the membership write: in its transaction (decision 060).
  deps.events.within('mission.created', async (trx, { missionId, ownerId }) => {
    await addToMissionChat(trx, { newChatId: newId(), missionId, userIds: [ownerId] });
  });
  deps.events.within('mission.member_joined', async (trx, { missionId, userId }) => {
    await addToMissionChat(trx, { newChatId: newId(), missionId, userIds: [userId] });
  });
  deps.events.within('mission.member_left', async (trx, { missionId, userId }) => {
    await removeFromMissionChat(trx, missionId, userId);
  });
}

/**
 * An accepted offer of help (issue 13) opens, or reuses, the helper and owner's direct chat, with
 * the offer as the helper's first message there; both hear of it live.
 */
export function subscribeOfferChats(deps: Deps) {
  // In the acceptance's transaction: an accepted offer always has its chat (decision 060).
  deps.events.within('offer.accepted', async (trx, { offerId, chatId, helperId, ownerId, message }) => {
    const sent = await openOfferChat(trx, {
      chatId,
      directKey: directKey(helperId, ownerId),
      messageId: offerId,
      helperId,
      ownerId,
      body: message,
    });
    if (sent) afterCommit(trx, () => publishMessage(deps, presentMessage(sent), [helperId, ownerId]));
  });
}

/** A block ends any chat request between the two, either way; whoever had one waiting sees their badge change. */
export function subscribeChatRequests(deps: Deps) {
  deps.events.within('user.blocked', async (trx, { blockerId, blockedId }) => {
    const recipients = await deleteRequestsBetween(trx, blockerId, blockedId);
    afterCommit(trx, () =>
      deps.realtime.publish(recipients, { type: 'counts.changed', data: { counts: ['requests'] } }),
    );
  });
}

/**
 * A moderator's decision on a message (issue 35 item 3, decision 071), in the moderator's
 * transaction: hidden or shown again by its `hidden_reason` (its sender still reads it, with why),
 * or deleted. Lists and unread counts are read fresh, so nothing kept needs dropping.
 */
export function subscribeModeratedMessages(deps: Deps) {
  deps.events.within('moderation.content_hidden', async (trx, { targetType, targetId, reason }) => {
    if (targetType === 'message') await setMessageHidden(trx, targetId, reason);
  });
  deps.events.within('moderation.content_restored', async (trx, { targetType, targetId }) => {
    if (targetType === 'message') await setMessageHidden(trx, targetId, null);
  });
  deps.events.within('moderation.content_deleted', async (trx, { targetType, targetId }) => {
    if (targetType === 'message') await deleteMessage(trx, targetId);
  });
}
