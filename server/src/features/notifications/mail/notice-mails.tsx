import {
  andOthers,
  APPEAL_NOTICE,
  describe,
  REMOTE_OFFER_NOTICE,
  SUSPENSION_NOTICE,
} from '@muster/contract/notification-rules';
import {
  noticeChannelLabels,
  noticeKindLabels,
  type NoticeKind,
} from '@muster/contract/notification-settings';
import type { Notification } from '@muster/contract/notifications';
import { unsubscribeSubject } from '@muster/contract/unsubscribe';
import type { ReactElement } from 'react';
import {
  MailButton,
  MailDetails,
  MailHeading,
  MailLayout,
  MailPerson,
  MailQuote,
  MailText,
  type MailFooterProps,
} from './layout.js';

/**
 * The mail of each kind of notice (issue 34 item 2, decision 063): who (the sender's name), what
 * (the notice's own words, and what the person wrote: an offer's message, a comment, a match's
 * reasons) and where (the post's or the mission's title), with one button to the page a click on
 * the notice in the app opens. Subjects read like a person's mail, not a system's ("Kofi Mensah
 * offered to help with “A van to the clinic”"). Everything here is text put in React elements,
 * which escape it: nothing a person wrote can become markup.
 */

export type NoticePlaces = {
  post?: { title: string; kind: string; content: string } | undefined;
  mission?: { title: string } | undefined;
};

export type NoticeMailInput = {
  notice: Notification;
  kind: NoticeKind;
  places: NoticePlaces;
  /** Absolute links: the instance, the notice's page (its in-app click), settings, this kind's unsubscribe page. */
  links: { home: string; open: string; settings: string; unsubscribe: string; appeal?: string };
  /** The notice's in-app target (notificationTarget), undefined when a click opens nothing. */
  target: string | undefined;
};

export type NoticeMail = { subject: string; preview: string; element: ReactElement };

/** A title in a subject or a sentence: one line, at most `max` characters. */
function cut(text: string, max: number): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return words.length > max ? `${words.slice(0, max - 1).trimEnd()}…` : words;
}

/** What a person wrote, shown whole but not without end (the app holds the rest). */
const QUOTE_MAX = 1200;
export const quoted = (text: string | null | undefined) => {
  const t = text?.trim();
  if (!t) return undefined;
  return t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX - 1).trimEnd()}…` : t;
};

const postKindNames: Record<string, string> = {
  need: 'need',
  want: 'want',
  provision: 'offer',
  hunt: 'hunt',
  mission_update: 'update',
};

type Content = {
  subject: string;
  heading: string;
  /** Plain sentences under the heading. */
  lines?: string[];
  quote?: string | undefined;
  /** Short facts as a list (a match's reasons). */
  details?: string[];
  button?: string;
};

/** The name a mail gives the notice's sender, or undefined for a system notice. */
const nameOf = (n: Notification) =>
  n.sender ? `${n.sender.firstName} ${n.sender.lastName}`.trim() || n.sender.username : undefined;

/** `title` set in quotation marks where a sentence names it (once); the sentence as it is otherwise. */
const quotedTitle = (sentence: string, title: string | null | undefined) =>
  title && sentence.includes(title) ? sentence.replace(title, `“${title}”`) : sentence;

/**
 * A match's sentence as the server writes it for the list ("Your need 'A' may match Kofi Mensah's
 * offer 'B'"), with a mail's quotation marks and apostrophe, as every other mail heading has them.
 * A sentence not of that shape (a title holding "' may match ") is kept as it is.
 */
function typographicMatch(message: string): string {
  const parts = /^Your (\S+) '(.+)' may match (.+)'s (\S+) '(.+)'$/.exec(message);
  if (!parts) return message;
  const [, mine, myTitle, who, theirs, theirTitle] = parts;
  return `Your ${mine} “${myTitle}” may match ${who}’s ${theirs} “${theirTitle}”`;
}

/**
 * What the notice says, in the list's words (describe) but whole: the list cuts a system notice's
 * message at 60 characters to keep to a line, which a mail has no need to.
 */
function wholeWords(n: Notification): string {
  const who = nameOf(n);
  switch (n.type) {
    case 'missionHelp':
    case 'missionUpdate':
    case 'task':
      return who ? `${who} ${n.message}` : n.message;
    case 'systemNotification':
    case 'stillNeeded':
    case 'matchFound':
    case 'alertMatch':
      return n.message;
    default:
      return describe(n);
  }
}

function contentOf({ notice: n, kind, places, links }: NoticeMailInput): Content {
  // A helper on another server has no sender here: their notice's message names them (decision 090).
  const who = nameOf(n) ?? (n.subType === REMOTE_OFFER_NOTICE ? n.message : 'Someone');
  const said = wholeWords(n);
  const post = places.post;
  const postTitle = post ? cut(post.title.trim() || post.content, 70) : undefined;
  const missionTitle = places.mission ? cut(places.mission.title, 70) : undefined;
  const about = postTitle ?? missionTitle;
  const inQuotes = (s: string | undefined) => (s ? ` “${s}”` : '');
  const postKind = post ? (postKindNames[post.kind] ?? 'post') : 'post';

  switch (n.type) {
    case 'newOffer':
      return {
        subject: `${who} offered to help with${inQuotes(postTitle) || ` your ${postKind}`}`,
        heading: `${who} offered to help with your ${postKind}${inQuotes(postTitle)}`,
        quote: quoted(n.commentContent),
        lines: n.commentContent ? undefined : ['They did not add a message.'],
        button: 'See the offer',
      };
    case 'missionHelp':
      return {
        subject: `${who} offered to help with${inQuotes(missionTitle) || ' your mission'}`,
        heading: `${who} offered to help with your mission${inQuotes(missionTitle)}`,
        quote: quoted(n.commentContent),
      };
    case 'matchFound':
      // The related post is the other side's: a provider is told of a need, a seeker of an offer.
      return {
        subject: `${who}’s ${postKind}${inQuotes(postTitle && cut(postTitle, 60))} may match yours`,
        heading: typographicMatch(said),
        details: (n.commentContent ?? '')
          .split(' · ')
          .map((r) => r.trim())
          .filter(Boolean),
        button: 'See the match',
      };
    case 'alertMatch':
      // Decision 080: the post is someone else's, at its public place (the message names it); the
      // alert's name is the comment. The button opens the map on the post, with Offer help.
      return {
        subject: cut(n.message, 110),
        heading: n.message,
        quote: quoted(post?.content),
        lines: [
          n.commentContent
            ? `It fits your alert “${cut(n.commentContent, 80)}”.`
            : 'It fits one of your alerts.',
        ],
        button: 'See it on the map',
      };
    case 'connectionRequest':
      return {
        subject: `${who} wants to connect with you`,
        heading: `${who} sent you a connection request`,
        lines: ['Their profile shows who they are and what they work on; answer the request from there.'],
      };
    case 'missionUpdate':
      if (kind === 'missionUpdates')
        return {
          subject: `${who} posted an update to${inQuotes(missionTitle) || ' a mission'}`,
          heading: `${who} posted an update to${inQuotes(missionTitle) || ' a mission you follow'}`,
          quote: quoted(post?.content),
          button: 'Read the update',
        };
      if (n.message.startsWith('approved'))
        return {
          subject: `You’re in: ${who} approved your request to join${inQuotes(missionTitle)}`,
          heading: said,
          lines: ['Welcome to the team. The mission’s page has its tasks, its chat and its people.'],
        };
      // The list's "asked to join Clean the river as a volunteer", with the title set off as in
      // every other mail's subject: unquoted, a title runs into the words around it.
      return {
        subject: `${who} ${cut(quotedTitle(n.message, places.mission?.title), 90)}`,
        heading: quotedTitle(said, places.mission?.title),
        lines: ['Approve or decline the request on the mission’s page.'],
      };
    case 'task':
      return {
        subject: `${who} ${cut(n.message, 90)}`,
        heading: said,
        lines: missionTitle ? [`In the mission “${missionTitle}”.`] : undefined,
      };
    case 'stillNeeded':
      return {
        subject: cut(n.message, 110),
        heading: n.message,
        lines: [
          'If you still need help, keep it open so helpers can find it. If it is sorted, mark it fulfilled and thank who helped.',
        ],
        button: 'Keep it open or close it',
      };
    case 'like':
      return {
        // A coalesced like counts the others of its burst, as the list says it (decision 066).
        subject: `${who}${andOthers(n.othersCount)} liked your post${inQuotes(postTitle)}`,
        heading: `${who}${andOthers(n.othersCount)} liked your post${inQuotes(postTitle)}`,
        button: 'See your post',
      };
    case 'comment':
      return {
        subject: `${who} commented on${inQuotes(postTitle) || ' your post'}`,
        heading: `${who} commented on your post${inQuotes(postTitle)}`,
        quote: quoted(n.commentContent),
        button: 'Reply',
      };
    case 'replies':
      return {
        subject: `${who} replied to your comment${postTitle ? ` on “${postTitle}”` : ''}`,
        heading: `${who} replied to your comment${postTitle ? ` on “${postTitle}”` : ''}`,
        quote: quoted(n.replyContent),
        button: 'Reply',
      };
  }

  if (kind === 'mentions') {
    // Said where the words are: "in “Post”" read as if the post named them when a comment on it did.
    const where =
      n.subType === 'comment'
        ? ` in a comment${about ? ` on “${about}”` : ''}`
        : about
          ? ` in “${about}”`
          : '';
    return {
      subject: `${who} mentioned you${where}`,
      heading: `${who} mentioned you${where}`,
      quote: quoted(n.commentContent ?? n.replyContent ?? post?.content),
    };
  }
  // A moderator's answer on an organisation's verification (decision 069): the reason quoted.
  if (kind === 'verification')
    return {
      subject: cut(n.message, 110),
      heading: n.message,
      quote: quoted(n.commentContent),
      lines: [
        n.message.endsWith('shows now')
          ? 'People now see the badge by your name on your posts, your profile and in search.'
          : 'Your request’s page says what a moderator needs to verify you, and lets you ask again.',
      ],
      button: 'See your request',
    };
  // A moderator's decision about the person, or their appeal's answer (decision 070): the reason
  // quoted. A suspended person cannot sign in: their button opens the appeal page itself.
  if (kind === 'safety') {
    const suspended = n.subType === SUSPENSION_NOTICE;
    const appealed = n.subType === APPEAL_NOTICE;
    const lines = appealed
      ? ['This answer is final.']
      : suspended
        ? [
            links.appeal
              ? 'You cannot sign in while your account is suspended. If you think this decision is wrong, you can appeal it once from the button below, without signing in.'
              : 'You cannot sign in while your account is suspended.',
          ]
        : ['If you think this decision is wrong, you can appeal it once from your account’s standing page.'];
    return {
      subject: cut(n.message, 110),
      heading: n.message,
      quote: quoted(n.commentContent),
      lines,
      button: suspended ? (links.appeal ? 'Appeal this decision' : 'Open Muster') : 'See your standing',
    };
  }
  // The answers to an offer of help, a credit, a connection or chat request's answer: system
  // notices whose message is the whole sentence, names included.
  if (kind === 'connections')
    return {
      subject: cut(said, 110),
      heading: said,
      lines: ['You are connected now: you can message each other directly.'],
    };
  if (kind === 'offers' && n.subType === 'credited')
    return {
      subject: `${who} thanked you: “${postTitle ?? 'a need'}” is fulfilled with your help`,
      heading: said,
      lines: ['Your help is on their post for everyone to see. Thank you for showing up.'],
      button: 'See the need',
    };
  if (kind === 'offers' && n.chat)
    return {
      subject: `${who} accepted your offer to help with${inQuotes(about)}`,
      heading: said,
      lines: ['A chat between you two is open: agree on what happens next there.'],
    };
  if (kind === 'offers')
    return { subject: `Your offer to help with${inQuotes(about) || ' a need'}`, heading: said };
  return { subject: cut(said, 110), heading: said };
}

/** The button's words, from the page it opens: it must say where it goes. */
function buttonFor(input: NoticeMailInput, chosen: string | undefined): string {
  const { target, notice } = input;
  if (!target) return 'Open your notifications';
  if (target.startsWith('/chat/')) return 'Open the mission chat';
  if (target.startsWith('/missions/')) return chosen ?? 'Open the mission';
  if (target.startsWith('/profile/')) {
    const first = notice.sender?.firstName;
    return first && target === `/profile/${notice.sender?.username}`
      ? `See ${first}’s profile`
      : 'See the profile';
  }
  if (target.startsWith('/post/')) {
    const kind = input.places.post?.kind;
    return chosen ?? `See the ${(kind && postKindNames[kind]) || 'post'}`;
  }
  return chosen ?? 'Open in Muster';
}

/**
 * The footer of a mail about one kind: why it came (the kind's channel is mail) and the links to
 * the settings and to this kind's one-click unsubscribe page. One sentence for every kind's mail.
 */
export function kindFooter(
  kind: NoticeKind,
  links: { settings: string; unsubscribe: string },
): MailFooterProps {
  const label = noticeKindLabels[kind].label;
  return {
    reason: `You get this mail because ${label.startsWith('“') ? label : `“${label}”`} is set to “${noticeChannelLabels.mail}” in your notification settings.`,
    settingsUrl: links.settings,
    unsubscribeUrl: links.unsubscribe,
    unsubscribeLabel: `Stop ${unsubscribeSubject(kind)}`,
  };
}

/** A suspension's mail goes whatever the channel (decision 070): its footer says so, not the setting. */
function footerOf(notice: Notification, kind: NoticeKind, links: NoticeMailInput['links']): MailFooterProps {
  const footer = kindFooter(kind, links);
  if (notice.subType !== SUSPENSION_NOTICE) return footer;
  return {
    ...footer,
    reason:
      'You get this mail because your account was suspended: while you cannot sign in, we mail it whatever your notification settings say.',
  };
}

/** The mail for one notice: its subject, the inbox's preview line and the element to render. */
export function noticeMail(input: NoticeMailInput): NoticeMail {
  const { notice, kind, links } = input;
  const c = contentOf(input);
  const subject = cut(c.subject, 140);
  const preview = cut(c.quote ?? c.lines?.[0] ?? describe(notice), 140);
  const sender = nameOf(notice);
  const element = (
    <MailLayout preview={preview} homeUrl={links.home} footer={footerOf(notice, kind, links)}>
      {sender && notice.sender ? <MailPerson name={sender} username={notice.sender.username} /> : null}
      <MailHeading>{c.heading}</MailHeading>
      {c.quote ? <MailQuote>{c.quote}</MailQuote> : null}
      {c.details?.length ? <MailDetails items={c.details} /> : null}
      {c.lines?.map((line) => (
        <MailText key={line}>{line}</MailText>
      ))}
      <MailButton href={links.appeal ?? links.open}>{buttonFor(input, c.button)}</MailButton>
    </MailLayout>
  );
  return { subject, preview, element };
}
