import { preview } from '@muster/contract/notification-rules';
import type { Db } from '../../db/database.js';
import type { Deps } from '../../platform/deps.js';
import { mailLater, type OutgoingMail } from '../../platform/mail.js';
import { channelFor, quietUntil } from './notice-channels.js';
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
 * has not read it by then, by their channel for 'chats' (mail by default); a chat request once.
 *
 * The mails here are plain text and simple HTML of their own; the notice mails' layout (the mail
 * part of issue 34) is to wrap them once it exists.
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
  const members = await findChatBurstRecipients(trx, {
    chatId: job.chatId,
    since: job.since,
    open: job.open ?? false,
    userId: job.userId,
  });
  for (const m of members) {
    const { channel, until } = awayChoice(m, now);
    // 'app': the chats badge says it; 'digest' and 'push' are told by the digest and the push
    // sender of issue 34, which read no notice row for a chat: see decision 066.
    if (channel !== 'mail') continue;
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
    if (!m.emailVerifiedAt) continue;
    await mailLater(deps.jobs, trx, burstMail(deps.config.publicUrl, job.chatId, m), {
      key: `chat:${job.chatId}:${job.since}:${m.userId}`,
    });
  }
}

async function tellChatRequest(deps: Deps, trx: Db, requestId: string) {
  const r = await findChatRequestToTell(trx, requestId);
  // Accepted, declined or ended by a block meanwhile: nothing to tell.
  if (!r) return;
  const { channel, until } = awayChoice(r, new Date());
  if (channel !== 'mail') return;
  if (until) {
    await deps.jobs.send(trx, CHAT_REQUEST_QUEUE, { requestId } satisfies ChatRequestJob, {
      key: `chat-request:${requestId}:${until.toISOString()}`,
      startAfter: until,
    });
    return;
  }
  if (!r.emailVerifiedAt) return;
  const who = fullName(r.senderFirstName, r.senderLastName);
  const link = `${deps.config.publicUrl}/#/requests`;
  const said = preview(r.message.replace(/\s+/g, ' ').trim());
  await mailLater(
    deps.jobs,
    trx,
    {
      to: r.email,
      forUser: r.recipientId,
      subject: `${who} asked to send you a message`,
      text: `Hi ${r.firstName},\n\n${who} is not among your connections and asked to send you a message on Muster:\n\n“${said}”\n\nAccept it to answer, or decline it (they only learn that it was not accepted): ${link}\n\n— Muster\n`,
      html: page(
        `<p>Hi ${esc(r.firstName)},</p><p>${esc(who)} is not among your connections and asked to send you a message on Muster:</p><blockquote>“${esc(said)}”</blockquote><p>Accept it to answer, or decline it (they only learn that it was not accepted).</p>${button(link, 'See the request')}`,
      ),
    },
    { key: `chat-request:${requestId}` },
  );
}

const fullName = (first: string, last: string) => `${first} ${last}`.trim();
const times = (n: number) => (n === 1 ? 'a message' : `${n} messages`);

/**
 * "Kofi Mensah sent you 4 messages" (a direct chat), "4 new messages in Dune fence" (a mission's
 * chat), with the newest one's first words and the link the chats list opens.
 */
export function burstMail(publicUrl: string, chatId: string, m: ChatBurstRecipient): OutgoingMail {
  const last = fullName(m.lastFirstName, m.lastLastName);
  const said = preview(m.lastBody.replace(/\s+/g, ' ').trim());
  if (m.kind === 'mission' && m.missionId) {
    const title = m.missionTitle ?? 'your mission';
    const who = m.writers > 1 ? `${last} and ${m.writers - 1} ${m.writers === 2 ? 'other' : 'others'}` : last;
    const link = `${publicUrl}/#/chat/${m.missionId}`;
    const subject = `${m.unread === 1 ? 'A new message' : `${m.unread} new messages`} in ${title}`;
    return {
      to: m.email,
      forUser: m.userId,
      subject,
      text: `Hi ${m.firstName},\n\n${who} wrote ${times(m.unread)} in the ${title} chat while you were away. The newest, from ${last}:\n\n“${said}”\n\nOpen the chat: ${link}\n\n— Muster\n`,
      html: page(
        `<p>Hi ${esc(m.firstName)},</p><p>${esc(who)} wrote ${times(m.unread)} in the ${esc(title)} chat while you were away. The newest, from ${esc(last)}:</p><blockquote>“${esc(said)}”</blockquote>${button(link, 'Open the chat')}`,
      ),
    };
  }
  const link = `${publicUrl}/#/chats/${chatId}`;
  return {
    to: m.email,
    forUser: m.userId,
    subject: `${last} sent you ${times(m.unread)}`,
    text: `Hi ${m.firstName},\n\n${last} sent you ${times(m.unread)} on Muster. ${m.unread === 1 ? 'It says' : 'The newest'}:\n\n“${said}”\n\nRead and answer: ${link}\n\n— Muster\n`,
    html: page(
      `<p>Hi ${esc(m.firstName)},</p><p>${esc(last)} sent you ${times(m.unread)} on Muster. ${m.unread === 1 ? 'It says' : 'The newest'}:</p><blockquote>“${esc(said)}”</blockquote>${button(link, 'Read and answer')}`,
    ),
  };
}

/** Text made safe inside HTML: people's names and messages are theirs to write. */
function esc(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const button = (href: string, label: string) =>
  `<p><a href="${esc(href)}" style="display:inline-block;padding:10px 16px;border-radius:6px;background:#4338ca;color:#ffffff;text-decoration:none">${esc(label)}</a></p>`;

const page = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${body}<p style="color:#64748b">— Muster</p></body></html>`;
