import { DEFAULT_AVATAR } from '@muster/contract/users';
import type { Notification } from '@muster/contract/notifications';
import type { listNotifications } from './notifications.queries.js';

type Row = Awaited<ReturnType<typeof listNotifications>>[number];

export function presentNotification(n: Row): Notification {
  return {
    _id: n.id,
    type: n.type,
    subType: n.subType,
    slideType: (n.slideType as Notification['slideType']) ?? null,
    typeTask: (n.typeTask as Notification['typeTask']) ?? null,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
    message: n.message,
    sender:
      n.senderId && n.senderUsername
        ? {
            _id: n.senderId,
            firstName: n.senderFirstName ?? '',
            lastName: n.senderLastName ?? '',
            username: n.senderUsername,
            profilePicture: n.senderPicture ?? DEFAULT_AVATAR,
          }
        : null,
    commentContent: n.commentContent,
    replyContent: n.replyContent,
    relatedPost: n.relatedPostId ? { _id: n.relatedPostId, image: null, content: null } : null,
    relatedUser: n.relatedUserId && n.relatedUsername ? { _id: n.relatedUserId, username: n.relatedUsername } : null,
    relatedMission: n.relatedMissionId,
    chat: n.chatId,
  };
}
