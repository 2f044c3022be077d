import type { Notification } from '@muster/contract/notifications';
import type { PublicUser } from '@muster/contract/users';
import { presentCard } from '../../social/social.present.js';
import type { listNotifications } from './notifications.queries.js';

type Row = Awaited<ReturnType<typeof listNotifications>>[number];

/**
 * A notice's sender is the card without its headline (spec §3 Notification) nor its badge: the
 * list names who did something, it does not vouch for them.
 */
const withoutHeadline = ({ headline: _headline, verifiedOrg: _verifiedOrg, ...sender }: PublicUser) => sender;

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
        ? withoutHeadline(
            presentCard({
              id: n.senderId,
              username: n.senderUsername,
              firstName: n.senderFirstName ?? '',
              lastName: n.senderLastName ?? '',
              headline: '',
              profilePicture: n.senderPicture,
              verifiedOrg: null,
            }),
          )
        : null,
    commentContent: n.commentContent,
    replyContent: n.replyContent,
    relatedPost: n.relatedPostId ? { _id: n.relatedPostId, image: null, content: null } : null,
    relatedUser:
      n.relatedUserId && n.relatedUsername ? { _id: n.relatedUserId, username: n.relatedUsername } : null,
    relatedMission: n.relatedMissionId,
    chat: n.chatId,
    othersCount: n.othersCount,
  };
}

/** A need's title in its notice, at most (a need without one is named by its text). */
const NEED_TITLE_SHOWN = 80;

/**
 * The "Still needed?" notice (issue 16) for a need or want that expires in `daysLeft` days. What to
 * do comes first: the list shows 60 characters of a message, and a long title is cut, not the days.
 */
export function stillNeededMessage(title: string, daysLeft: number) {
  const words = title.replace(/\s+/g, ' ').trim();
  const shown =
    words.length > NEED_TITLE_SHOWN ? `${words.slice(0, NEED_TITLE_SHOWN - 1).trimEnd()}…` : words;
  return `Still needed? Expires in ${daysLeft <= 1 ? 'a day' : `${daysLeft} days`}: “${shown}”`;
}

/** What a verification notice says (decision 069); the moderator's reason follows as its comment. */
export function verificationMessage(outcome: 'approved' | 'refused' | 'revoked', organisationName: string) {
  if (outcome === 'approved') return `“${organisationName}” is verified: your badge shows now`;
  if (outcome === 'refused') return `Your request to verify “${organisationName}” was refused`;
  return `The verification of “${organisationName}” was taken back`;
}
