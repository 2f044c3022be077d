import type { PushPayload } from '@muster/contract/push';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { mailLater } from '../../platform/mail.js';
import { pushLater } from '../../platform/push.js';
import {
  burstSentence,
  chatBurstMail,
  chatRequestMail,
  firstWords,
  requestSentence,
  type ChatBurstWords,
  type ChatMailLinks,
} from './mail/chat-mails.js';
import { renderMail } from './mail/layout.js';
import type { NoticeMail } from './mail/notice-mails.js';
import { channelFor, quietUntil } from './notice-channels.js';
import { appLink } from './notice-mail.js';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe.js';
import {
  endChatBurst,
  findChatBurstRecipients,
  findChatRequestToTell,
  type ChatBurstRecipient,
} from './chat-notices.queries.js';

/**
 * Messages told away from the app (issue 34 item 2, decision 066). A chat message makes no notice
 * in the bell: chats have their own unread badge, and a row per message would be the flood this
 * spares. Instead each burst of messages in a chat is told once, when it ends, to each member who
 * has not read it by then, by their channel for 'chats' (mail by default, or push); a chat request
 * once. The mails wear the notice mails' frame and one-click unsubscribe (mail/chat-mails.tsx); a
 * push goes through the push feature's queue, which reads the burst again when it sends.
 */
export const CHAT_BURST_QUEUE = 'chat-burst';
export const CHAT_REQUEST_QUEUE = 'chat-request-notice';

/**
 * A burst's telling: `since` its start (ISO 8601); `userId`: one member only, whose quiet hours
 * held it back; `open`: count every message since, as a held-back telling stands for all the
 * bursts of the night.
 */
type ChatBurstJob = { chatId: string; since: string; userId?: string; open?: boolean };
type ChatRequestJob = { requestId: string };

type Away = {
  channels: Record<string, string> | null;
  quietEnabled: boolean | null;
  quietStart: string | null;
  quietEnd: string | null;
  timeZone: string | null;
};

/** Their channel for messages, and when their quiet hours end if they hold now. */
function awayChoice(p: Away, now: Date) {
  return {
    channel: channelFor(p.channels, 'chats'),
    until: quietUntil(
      {
        enabled: p.quietEnabled ?? false,
        start: p.quietStart ?? '22:00',
        end: p.quietEnd ?? '07:00',
        timeZone: p.timeZone ?? 'UTC',
      },
      now,
    ),
  };
}

export function defineChatNotices(deps: Deps) {
  // Each member told of a burst when it ends: the job was sent, delayed until then, as the burst began.
  deps.jobs.define(CHAT_BURST_QUEUE, async (trx, data) => tellBurst(deps, trx, data as ChatBurstJob));
  deps.jobs.define(CHAT_REQUEST_QUEUE, async (trx, data) =>
    tellChatRequest(deps, trx, (data as ChatRequestJob).requestId),
  );

  const notices = deps.events.subscriber('notifications');
  notices.on('chat.burst_started', async (trx, { chatId, since, until }) => {
    await deps.jobs.send(trx, CHAT_BURST_QUEUE, { chatId, since } satisfies ChatBurstJob, {
      key: `chat:${chatId}:${since}`,
      startAfter: new Date(until),
    });
  });
  notices.on('chat.requested', async (trx, { requestId }) => tellChatRequest(deps, trx, requestId));
}

async function tellBurst(deps: Deps, trx: Db, job: ChatBurstJob) {
  const now = new Date();
  // Told as it ends: a message from now on starts the next burst (a held-back telling ends none).
  if (!job.userId) await endChatBurst(trx, job.chatId, job.since);
  const open = job.open ?? false;
  const members = await findChatBurstRecipients(trx, {
    chatId: job.chatId,
    since: job.since,
    open,
    userId: job.userId,
  });
  for (const m of members) {
    const { channel, until } = awayChoice(m, now);
    // 'app': the chats badge says it; 'digest': the digest reads notice rows, which a chat makes
    // none of (decision 066).
    if (channel !== 'mail' && channel !== 'push') continue;
    if (until) {
      // Quiet hours: held back to their end, then told of everything still unread since this
      // burst began; later bursts of the night meet this key and are told with it.
      await deps.jobs.send(
        trx,
        CHAT_BURST_QUEUE,
        { chatId: job.chatId, since: job.since, userId: m.userId, open: true } satisfies ChatBurstJob,
        { key: `chat:${job.chatId}:${m.userId}:${until.toISOString()}`, startAfter: until },
      );
      continue;
    }
    const key = `chat:${job.chatId}:${job.since}:${m.userId}`;
    if (channel === 'push') {
      // Once per burst: the push job counts what is still unread when it sends (pushedChatBurst).
      await pushLater(
        deps.jobs,
        trx,
        { userId: m.userId, chatBurst: { chatId: job.chatId, since: job.since, open } },
        key,
      );
      continue;
    }
    if (!m.emailVerifiedAt) continue;
    const mail = chatBurstMail({
      ...burstWords(m),
      firstName: m.firstName,
      links: await mailLinks(deps, trx, m.userId, burstPath(job.chatId, m)),
    });
    await mailChats(deps, trx, { userId: m.userId, email: m.email }, mail, key);
  }
}

async function tellChatRequest(deps: Deps, trx: Db, requestId: string) {
  const r = await findChatRequestToTell(trx, requestId);
  // Accepted, declined or ended by a block meanwhile: nothing to tell.
  if (!r) return;
  const { channel, until } = awayChoice(r, new Date());
  if (channel !== 'mail' && channel !== 'push') return;
  if (until) {
    await deps.jobs.send(trx, CHAT_REQUEST_QUEUE, { requestId } satisfies ChatRequestJob, {
      key: `chat-request:${requestId}:${until.toISOString()}`,
      startAfter: until,
    });
    return;
  }
  const key = `chat-request:${requestId}`;
  if (channel === 'push') {
    await pushLater(deps.jobs, trx, { userId: r.recipientId, chatRequestId: requestId }, key);
    return;
  }
  if (!r.emailVerifiedAt) return;
  const mail = chatRequestMail({
    firstName: r.firstName,
    sender: { name: fullName(r.senderFirstName, r.senderLastName), username: r.senderUsername },
    message: r.message,
    links: await mailLinks(deps, trx, r.recipientId, '/requests'),
  });
  await mailChats(deps, trx, { userId: r.recipientId, email: r.email }, mail, key);
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

const burstWords = (m: ChatBurstRecipient): ChatBurstWords => ({
  unread: m.unread,
  writers: m.writers,
  last: { name: fullName(m.lastFirstName, m.lastLastName), username: m.lastUsername, body: m.lastBody },
  mission: m.kind === 'mission' && m.missionId ? { title: m.missionTitle } : undefined,
});

/** Where a burst's link leads: the direct chat, or the mission's chat page (as the chats list opens them). */
const burstPath = (chatId: string, m: ChatBurstRecipient) =>
  m.kind === 'mission' && m.missionId ? `/chat/${m.missionId}` : `/chats/${chatId}`;

/** A chats mail's links, the unsubscribe one signed in the job's transaction (decision 063). */
async function mailLinks(deps: Deps, trx: Db, userId: string, path: string): Promise<ChatMailLinks> {
  return {
    home: `${deps.config.publicUrl}/`,
    open: appLink(deps, path),
    settings: appLink(deps, '/settings/notifications'),
    unsubscribe: await unsubscribeUrl(deps, userId, 'chats', trx),
  };
}

/** Rendered here, in the job, so the mail job only sends what was decided: once per key. */
async function mailChats(
  deps: Deps,
  trx: Db,
  to: { userId: string; email: string },
  mail: NoticeMail,
  key: string,
) {
  const { html, text } = await renderMail(mail.element);
  await mailLater(
    deps.jobs,
    trx,
    {
      to: to.email,
      forUser: to.userId,
      subject: mail.subject,
      text,
      html,
      headers: await unsubscribeHeaders(deps, to.userId, 'chats', trx),
    },
    { key },
  );
}

/**
 * A burst as a push to one member (decision 066), read when the push is sent: what of it they
 * still have not read, from no one blocked either way, while they are a member who sees the chat;
 * undefined when nothing is left (read meanwhile, a block, left). The title is the mail's subject,
 * the body the newest message's first words; the tag names the chat, so the browser shows one
 * notification per chat, a later burst replacing the earlier.
 */
export async function pushedChatBurst(
  db: Db,
  userId: string,
  burst: { chatId: string; since: string; open: boolean },
): Promise<PushPayload | undefined> {
  const [m] = await findChatBurstRecipients(db, { ...burst, userId });
  if (!m) return undefined;
  const words = burstWords(m);
  const said = firstWords(m.lastBody);
  return {
    title: burstSentence(words),
    body: words.mission ? `${words.last.name}: ${said}` : said,
    url: `/#${burstPath(burst.chatId, m)}`,
    tag: `chat:${burst.chatId}`,
  };
}

/** A chat request as a push to its recipient, while it waits (not answered, no block since). */
export async function pushedChatRequest(
  db: Db,
  userId: string,
  requestId: string,
): Promise<PushPayload | undefined> {
  const r = await findChatRequestToTell(db, requestId);
  if (!r || r.recipientId !== userId) return undefined;
  return {
    title: requestSentence(fullName(r.senderFirstName, r.senderLastName)),
    body: firstWords(r.message),
    url: '/#/requests',
    tag: `chat-request:${requestId}`,
  };
}
