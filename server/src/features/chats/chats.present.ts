import type { ChatMessage, ChatSummary, ChatTopic } from '@muster/contract/chats';
import { DEFAULT_MISSION_PHOTO, UNTITLED_MISSION } from '@muster/contract/missions';
import type { JsonText } from '../../platform/json-text.js';
import { presentCard } from '../../social/social.present.js';
import type { ChatRow, MessageRow } from './chats.queries.js';

/** A mark never set (a member who has not read the chat yet) is 'epoch' in the table, none here. */
const markOf = (at: Date | null) => (at && at.getTime() > 0 ? at.toISOString() : null);

export function presentChat(c: ChatRow): ChatSummary {
  return {
    _id: c.id,
    kind: c.kind,
    otherUser: c.otherId
      ? presentCard({
          id: c.otherId,
          username: c.otherUsername ?? '',
          firstName: c.otherFirstName ?? '',
          lastName: c.otherLastName ?? '',
          headline: c.otherHeadline ?? '',
          profilePicture: c.otherPicture,
          verifiedOrg: c.otherVerifiedOrg,
        })
      : null,
    mission: c.missionId
      ? {
          _id: c.missionId,
          title: c.missionTitle || UNTITLED_MISSION,
          photo: c.missionPhoto ?? DEFAULT_MISSION_PHOTO,
        }
      : null,
    lastMessage:
      c.lastBody && c.lastCreatedAt && c.lastSenderId
        ? { message: c.lastBody, createdAt: c.lastCreatedAt.toISOString(), senderId: c.lastSenderId }
        : null,
    unreadCount: c.unreadCount ?? 0,
    updatedAt: c.lastMessageAt.toISOString(),
    otherLastReadAt: c.kind === 'direct' ? markOf(c.otherLastReadAt) : null,
  };
}

/** A need a direct chat is about: its title, or the start of its text when it has none. */
export function presentChatTopic(t: { postId: string; title: string; content: string }): ChatTopic {
  const text = t.content.replace(/\s+/g, ' ').trim();
  const title = t.title.trim() || (text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text);
  return { postId: t.postId, title };
}

export function presentMessage(
  m: Omit<MessageRow, 'hiddenReason'> & { hiddenReason?: string | null },
): ChatMessage {
  return {
    _id: m.id,
    chatId: m.chatId,
    sender: presentCard({ ...m, id: m.senderId }),
    message: m.body,
    createdAt: m.createdAt.toISOString(),
    clientMessageId: m.clientMessageId ?? null,
    // Only its sender is ever shown a hidden message (listMessages), and only then does it carry
    // the field: a message shown to all reads the same in the history as in its live event.
    ...(m.hiddenReason ? { hiddenReason: m.hiddenReason } : {}),
  };
}

/**
 * A chat request as the contract shows it (`chatRequestSchema`), written as JSON text around the
 * sender's card, which is already JSON text (`cardOf`, decision 010).
 */
export function presentChatRequest(r: {
  id: string;
  message: string;
  createdAt: Date;
  card: string;
}): JsonText {
  return `{"_id":${JSON.stringify(r.id)},"sender":${r.card},"message":${JSON.stringify(r.message)},"createdAt":${JSON.stringify(r.createdAt.toISOString())}}` as JsonText;
}
