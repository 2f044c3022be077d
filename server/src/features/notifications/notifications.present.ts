import { moderationRuleLabels, type ModerationRule } from '@muster/contract/moderation-actions';
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

const thingNames: Record<string, string> = {
  post: 'post',
  comment: 'comment',
  collaboration: 'collaboration request',
  message: 'message',
};
const dayOf = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

type StrikeTold = {
  rule: string;
  contentAction: 'none' | 'hide' | 'delete';
  accountAction: 'none' | 'warn' | 'limit' | 'suspend';
  endsAt: Date | null;
  targetType: string | null;
};

/**
 * What the author of a strike is told (decision 070), in one sentence: what happened to the
 * content and to the account, until when, and the rule ("Your post was hidden and your account
 * is suspended until 5 December 2026 because it broke the rule “No scams or fake appeals for
 * money”."). The moderator's reason follows as the notice's comment; the moderator is not named.
 */
export function strikeMessage(s: StrikeTold): string {
  const until = s.endsAt ? `until ${dayOf.format(s.endsAt)}` : 'for good';
  const thing = thingNames[s.targetType ?? ''] ?? 'post';
  const parts: string[] = [];
  if (s.contentAction === 'hide') parts.push(`Your ${thing} was hidden`);
  if (s.contentAction === 'delete') parts.push(`Your ${thing} was removed`);
  const first = parts.length === 0;
  if (s.accountAction === 'warn') parts.push(first ? 'You were warned' : 'you were warned');
  if (s.accountAction === 'limit') parts.push(`${first ? 'Your' : 'your'} account is limited ${until}`);
  if (s.accountAction === 'suspend') parts.push(`${first ? 'Your' : 'your'} account is suspended ${until}`);
  const label = moderationRuleLabels[s.rule as ModerationRule] ?? moderationRuleLabels.other;
  const who = s.contentAction === 'none' ? 'you broke' : 'it broke';
  return `${parts.join(' and ')} because ${who} the rule “${label}”.`;
}

/** What the author is told of their appeal's answer; the moderator's reason is the comment. */
export function appealDecidedMessage(decision: 'uphold' | 'lift', rule: string): string {
  const label = moderationRuleLabels[rule as ModerationRule] ?? moderationRuleLabels.other;
  return decision === 'lift'
    ? `Your appeal was accepted: the decision about the rule “${label}” is lifted and no longer counts against you.`
    : `Your appeal was reviewed by another moderator, who kept the decision about the rule “${label}”.`;
}
