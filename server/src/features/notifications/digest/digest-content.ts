import { describe, notificationTarget } from '@muster/contract/notification-rules';
import { burstSentence, firstWords, requestSentence } from '../mail/chat-mails.js';
import { presentNotification } from '../notifications.present.js';
import type { DigestChatRow, DigestNoticeRow, NetworkPostRow, TagRow } from './digest.queries.js';
import { DIGEST_LIMITS } from './digest-timing.js';

/**
 * What a digest says (issue 34, decision 065), apart from how it is laid out: sections of items,
 * each item a sentence and the page it opens. Built from the section statements' rows; a person
 * with nothing in any section has no digest.
 */
export type DigestItem = {
  text: string;
  /** A path of the app (the mail makes it absolute): the page a click on it opens. */
  path: string;
  /** A second, quieter line: who, or what it is about. */
  detail?: string;
};

export type DigestSection = {
  key: 'notices' | 'messages' | 'missions' | 'network' | 'tags' | 'matches';
  title: string;
  items: DigestItem[];
  /** Left out for length: a link to where they all are. */
  more?: { count: number; text: string; path: string };
};

export type Digest = { frequency: 'daily' | 'weekly'; firstName: string; sections: DigestSection[] };

/** A post or mission named in a sentence: its title (or its text's start), cut short, in quotes. */
export function quoted(title: string | null | undefined, max = 60): string {
  const line = (title ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return 'your post';
  return `“${line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line}”`;
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  `${first ?? ''} ${last ?? ''}`.trim();

/** "Dana Lee", "Dana Lee and Kofi Mensah", "Dana Lee, Kofi Mensah and 3 others". */
export function namesOf(names: string[]): string {
  const unique = [...new Set(names.filter(Boolean))];
  if (unique.length <= 1) return unique[0] ?? '';
  if (unique.length === 2) return `${unique[0]} and ${unique[1]}`;
  const others = unique.length - 2;
  return `${unique[0]}, ${unique[1]} and ${others === 1 ? '1 other' : `${others} others`}`;
}

/** Notices that say the same thing about the same post or mission are one line ("3 new comments on …"). */
const GROUPED = new Set(['like', 'comment', 'replies', 'newOffer', 'missionHelp', 'missionUpdate']);

function groupKey(n: DigestNoticeRow) {
  return GROUPED.has(n.type) ? `${n.type}:${n.relatedPostId ?? ''}:${n.relatedMissionId ?? ''}` : n.id;
}

function plural(count: number, one: string, many: string) {
  return `${count} ${count === 1 ? one : many}`;
}

/** The sentence for a group of like notices (newest first); a group of one says what the list says. */
function sentenceFor(group: DigestNoticeRow[]): string {
  const first = group[0]!;
  const n = group.length;
  if (n === 1) return describe(presentNotification(first));
  const post = quoted(first.postTitle);
  const mission = quoted(first.missionTitle ?? 'your mission');
  switch (first.type) {
    case 'comment':
      return `${plural(n, 'new comment', 'new comments')} on ${post}`;
    case 'replies':
      return `${plural(n, 'new reply', 'new replies')} to your comments on ${post}`;
    case 'like':
      return `${plural(n, 'like', 'likes')} on ${post}`;
    case 'newOffer':
      return `${plural(n, 'offer', 'offers')} of help on ${post}`;
    case 'missionHelp':
      return `${plural(n, 'offer', 'offers')} of help to ${mission}`;
    case 'missionUpdate':
      return `${plural(n, 'new update', 'new updates')} in ${mission}`;
    default:
      return describe(presentNotification(first));
  }
}

/** Notices grouped (newest group first), each group one item. */
function noticeItems(rows: DigestNoticeRow[]): DigestItem[] {
  const groups = new Map<string, DigestNoticeRow[]>();
  for (const row of rows) {
    const key = groupKey(row);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    const senders = group.map((g) => fullName(g.senderFirstName, g.senderLastName));
    const path = notificationTarget(presentNotification(first)) ?? '/notifications';
    const detail = group.length > 1 ? `From ${namesOf(senders)}` : undefined;
    return { text: sentenceFor(group), path, ...(detail ? { detail } : {}) };
  });
}

export type MatchForDigest = {
  needId: string;
  needKind: 'need' | 'want';
  needTitle: string;
  needContent: string;
  provisionTitle: string;
  provisionContent: string;
  authorFirstName: string;
  authorLastName: string;
};

const titleOrText = (p: { title: string; content: string }) => p.title.trim() || p.content;

/** A chat still unread, or a request waiting, in the words its mail and push use (decision 066). */
function chatItem(c: DigestChatRow): DigestItem {
  const name = fullName(c.lastFirstName, c.lastLastName);
  if (c.what === 'request')
    return { text: requestSentence(name), path: '/requests', detail: firstWords(c.lastBody) };
  const mission = c.kind === 'mission' && c.missionId ? { title: c.missionTitle } : undefined;
  const text = burstSentence({
    unread: c.unread,
    writers: c.writers,
    last: { name, username: '', body: c.lastBody },
    mission,
  });
  return {
    text,
    path: mission ? `/chat/${c.missionId}` : `/chats/${c.chatId}`,
    detail: mission ? `${name}: ${firstWords(c.lastBody)}` : firstWords(c.lastBody),
  };
}

/**
 * One person's digest from their rows of each section, or null when there is nothing to say.
 * Mission updates get a section of their own; the notices of a need the matches section names
 * are left out of the first (the same news twice); a tag's posts already shown from the network
 * are not shown again.
 */
export function composeDigest(input: {
  frequency: 'daily' | 'weekly';
  firstName: string;
  notices: DigestNoticeRow[];
  network: NetworkPostRow[];
  tags: TagRow[];
  matches: MatchForDigest[];
  /** Only for someone whose chats go to the digest: their unread chats and waiting requests. */
  chats?: DigestChatRow[];
}): Digest | null {
  const sections: DigestSection[] = [];
  const matchedNeeds = new Set(input.matches.map((m) => m.needId));

  const forYou = noticeItems(
    input.notices.filter(
      (n) =>
        n.type !== 'missionUpdate' && !(n.type === 'matchFound' && matchedNeeds.has(n.relatedPostId ?? '')),
    ),
  );
  if (forYou.length)
    sections.push({
      key: 'notices',
      title: 'For you',
      items: forYou.slice(0, DIGEST_LIMITS.notices),
      ...(forYou.length > DIGEST_LIMITS.notices
        ? {
            more: {
              count: forYou.length - DIGEST_LIMITS.notices,
              text: 'See all your notifications',
              path: '/notifications',
            },
          }
        : {}),
    });

  if (input.chats?.length)
    sections.push({
      key: 'messages',
      title: 'Messages',
      items: input.chats.map(chatItem),
      more: { count: 0, text: 'Open your chats', path: '/chats' },
    });

  const missions = noticeItems(input.notices.filter((n) => n.type === 'missionUpdate'));
  if (missions.length)
    sections.push({
      key: 'missions',
      title: 'Your missions',
      items: missions.slice(0, DIGEST_LIMITS.missions),
      ...(missions.length > DIGEST_LIMITS.missions
        ? {
            more: {
              count: missions.length - DIGEST_LIMITS.missions,
              text: 'See your missions',
              path: '/followed-missions',
            },
          }
        : {}),
    });

  const shown = new Set<string>();
  if (input.network.length) {
    const total = input.network[0]!.total;
    sections.push({
      key: 'network',
      title: 'Your network',
      items: input.network.map((p) => {
        shown.add(p.id);
        const who = fullName(p.authorFirstName, p.authorLastName);
        const verb = p.kind === 'provision' ? 'offers' : p.kind === 'want' ? 'wants' : 'needs';
        return { text: `${who} ${verb} ${quoted(titleOrText(p))}`, path: `/post/${p.id}` };
      }),
      ...(total > input.network.length
        ? {
            more: {
              count: total - input.network.length,
              text: `${total} new ${total === 1 ? 'post' : 'posts'} from your connections in all`,
              path: '/',
            },
          }
        : {}),
    });
  }

  const tags = input.tags.slice(0, DIGEST_LIMITS.tags);
  if (tags.length)
    sections.push({
      key: 'tags',
      title: 'Tags you follow',
      items: tags.map((t) => {
        const count = t.total > DIGEST_LIMITS.tagCount ? `${DIGEST_LIMITS.tagCount}+` : String(t.total);
        const newest = t.posts.filter((p) => !shown.has(p.id)).map((p) => quoted(titleOrText(p), 40));
        return {
          text: `${count} new ${t.total === 1 ? 'post' : 'posts'} in #${t.tag}`,
          path: `/hashtag/${encodeURIComponent(t.tag)}`,
          ...(newest.length ? { detail: newest.join(' · ') } : {}),
        };
      }),
    });

  if (input.matches.length)
    sections.push({
      key: 'matches',
      title: 'Needs you could help with',
      items: input.matches.map((m) => ({
        text: `${fullName(m.authorFirstName, m.authorLastName)} ${m.needKind === 'want' ? 'wants' : 'needs'} ${quoted(titleOrText({ title: m.needTitle, content: m.needContent }))}`,
        path: `/post/${m.needId}`,
        detail: `Matches your offer ${quoted(titleOrText({ title: m.provisionTitle, content: m.provisionContent }), 40)}`,
      })),
      more: { count: 0, text: 'See all your matches', path: '/matches' },
    });

  return sections.length ? { frequency: input.frequency, firstName: input.firstName, sections } : null;
}

/**
 * The inbox's preview line: what each section holds, in a phrase ("2 notifications, news from 1
 * mission, 3 posts from your network, new posts in #floodrelief and 1 need you could help with").
 */
export function digestSummary(d: Digest): string {
  const parts = d.sections.map((s) => {
    const n = s.items.length + (s.more?.count ?? 0);
    switch (s.key) {
      case 'notices':
        return plural(n, 'notification', 'notifications');
      case 'messages':
        return plural(s.items.length, 'unread chat', 'unread chats');
      case 'missions':
        return `news from ${plural(s.items.length, 'mission', 'missions')}`;
      case 'network':
        return plural(n, 'post from your network', 'posts from your network');
      case 'tags': {
        const tags = s.items.map((i) => i.text.slice(i.text.indexOf('#')));
        return `new posts in ${tags.slice(0, 2).join(', ')}${tags.length > 2 ? ' and more' : ''}`;
      }
      case 'matches':
        return plural(s.items.length, 'need you could help with', 'needs you could help with');
    }
  });
  if (parts.length === 1) return parts[0]!;
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The subject: the digest's first news, and how much more there is ("… and 4 more"). */
export function digestSubject(d: Digest): string {
  const items = d.sections.flatMap((s) => s.items);
  const others = items.length - 1;
  const period = d.frequency === 'weekly' ? 'weekly' : 'daily';
  return `Your ${period} digest: ${items[0]!.text}${others > 0 ? ` and ${others} more` : ''}`;
}
