import type { Notification } from './notifications.js';
import { NOTIFICATION_PREVIEW_CHARS } from './limits.js';

/**
 * The sub-type of a system notice answering a request to be verified as an organisation (decision
 * 069): its message says the answer ("… was refused"), its comment the moderator's reason.
 */
export const VERIFICATION_NOTICE = 'verification';

/**
 * The sub-types of a moderation notice to the person acted on (decision 070): a strike (its
 * message says what was done and the rule, its comment the moderator's reason), a suspension (the
 * same, mailed whatever the channel: they cannot sign in), and an appeal's answer.
 */
export const STRIKE_NOTICE = 'strike';
export const SUSPENSION_NOTICE = 'suspension';
export const APPEAL_NOTICE = 'appealDecided';
const standingNotices: readonly string[] = [STRIKE_NOTICE, APPEAL_NOTICE, SUSPENSION_NOTICE];
/** Where the person reads their strikes and appeals (the web's standing page). */
export const STANDING_PATH = '/settings/standing';

/**
 * Offers across servers (decision 090). A 'newOffer' from a helper on another server has no sender
 * here: its message names them ("Zoe Remote (@zoe@social.example)").
 * A helper here hears of their offer's answer on another server as a system notice; its click
 * opens their offers.
 */
export const REMOTE_OFFER_NOTICE = 'remoteOffer';
export const REMOTE_OFFER_ANSWER_NOTICE = 'remoteOfferAnswer';
/** The web's offers page, where a person's offers, sent anywhere, are listed. */
export const OFFERS_PATH = '/offers';

/**
 * Where a notice leads and what it says, one rule for the app's list, its mail and its push
 * (issue 34): the button in a mail opens the page a click in the list opens.
 */

/** Spec §4 click priority, 1 to 5; undefined means the click does nothing. */
export function notificationTarget(n: Notification): string | undefined {
  // The chat's id is the path, as the spec says; the mission rides along so the page asks for
  // that mission rather than for a mission by the chat's id (a 404 on every task alert).
  if (n.typeTask && n.chat)
    return n.relatedMission ? `/chat/${n.chat}?mission=${n.relatedMission}` : `/chat/${n.chat}`;
  if (n.type === 'missionUpdate' && n.relatedMission) return `/missions/${n.relatedMission}`;
  // A moderator's answer on an organisation's verification (decision 069): the request's page.
  if (n.subType === VERIFICATION_NOTICE) return '/settings/organisation';
  // A strike or an appeal's answer (decision 070): the page that lists them and takes the appeal.
  if (n.subType && standingNotices.includes(n.subType)) return STANDING_PATH;
  // The answer to an offer sent to another server (decision 090): nothing of it is here but the offer.
  if (n.subType === REMOTE_OFFER_ANSWER_NOTICE) return OFFERS_PATH;
  // A saved alert's notice (decision 080): the map, centred on the post with its card and Offer help.
  if (n.type === 'alertMatch' && n.relatedPost) return `/map?post=${n.relatedPost._id}`;
  if (n.relatedPost) return `/post/${n.relatedPost._id}`;
  if (n.relatedUser) {
    const username = n.relatedUser.username || n.sender?.username;
    if (username) return `/profile/${username}`;
  }
  return undefined;
}

/** Spec §5: previews are cut to 60 characters with an ellipsis. */
export function preview(text: string, max = NOTIFICATION_PREVIEW_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/**
 * The others a coalesced notice counts besides its sender (issue 34): '' when alone, so a single
 * like still reads "Dana Okafor liked your post" (spec §5); " and 1 other", " and 9 others".
 */
export function andOthers(count: number): string {
  // Not above 0 (or missing, from a server before 0031): the sender alone.
  if (!(count > 0)) return '';
  return ` and ${count} ${count === 1 ? 'other' : 'others'}`;
}

/** What a notification says, in words, for the list. */
export function describe(n: Notification): string {
  const who = n.sender ? `${n.sender.firstName} ${n.sender.lastName}`.trim() : '';
  switch (n.type) {
    case 'like':
      return `${who}${andOthers(n.othersCount)} liked your post`;
    // Issue 34: "Dana Okafor mentioned you in a comment: …", the words around the mention previewed.
    case 'mention': {
      const where = n.subType === 'comment' ? 'a comment' : 'a post';
      const said = n.commentContent ?? n.message;
      return `${who} mentioned you in ${where}${said ? `: ${preview(said)}` : ''}`;
    }
    case 'comment':
      return `${who} commented: ${preview(n.commentContent ?? n.message)}`;
    case 'replies':
      return `${who} replied: ${preview(n.replyContent ?? n.message)}`;
    case 'newOffer': {
      // The helper's own words are the comment; the message says what it was about.
      const said = n.commentContent ?? n.message;
      // From another server (decision 090): no sender here, the message names the helper.
      if (n.subType === REMOTE_OFFER_NOTICE)
        return `${n.message} offered help${n.commentContent ? `: ${preview(n.commentContent)}` : ''}`;
      return `${who} offered help${said ? `: ${preview(said)}` : ''}`;
    }
    // Mission and task notices say what someone did ('posted an update to a mission you follow',
    // 'assigned you a task: …'): the sender's name goes first, as for likes.
    case 'missionHelp':
    case 'missionUpdate':
    case 'task':
      return who ? `${who} ${preview(n.message)}` : preview(n.message);
    // Issue 16: the server's own sentence naming both posts (titles already cut), said whole.
    case 'matchFound':
      return n.message;
    // Decision 080: "New need near Mandaue, Cebu: Need a generator", said whole (the title already cut).
    case 'alertMatch':
      return n.message;
    // Issue 32 item 6: "Ana Reyes marked “…” fulfilled with your help", the title already cut by
    // the server; cut at 60 it would lose the thanks it is for.
    case 'systemNotification':
      // Issue 35: "We reviewed your report…" is said whole; cut, it would stop before the thanks.
      if (n.subType === VERIFICATION_NOTICE)
        return n.commentContent ? `${n.message}: ${preview(n.commentContent)}` : n.message;
      // A strike says what was done and the rule whole; the moderator's reason is the comment.
      if (n.subType && standingNotices.includes(n.subType))
        return n.commentContent ? `${n.message} ${preview(n.commentContent)}` : n.message;
      return n.subType === 'credited' ||
        n.subType === 'reportReviewed' ||
        n.subType === 'reportActioned' ||
        n.subType === REMOTE_OFFER_ANSWER_NOTICE
        ? n.message
        : preview(n.message);
    default:
      return preview(n.message);
  }
}
