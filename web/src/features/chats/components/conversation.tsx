import { type ChatMessage, MESSAGE_MAX } from '@muster/contract/chats';
import { RotateCw, SendHorizontal } from 'lucide-react';
import { useState } from 'react';
import { formatShortTime } from '../../../lib/time';
import type { OutgoingMessage } from '../api/chat-cache';
import { Avatar } from '../../../components/avatar';
import { HiddenBanner, hiddenReasonOf } from '../../../components/hidden-banner';
import { ReportButton } from '../../../components/report-button';

// The parts every conversation shares, direct (/chats/{id}) or a mission's group (/chat/{id}).

/** 'Load earlier messages' above the oldest one shown, while older pages exist. */
export function EarlierMessages({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mb-3 flex justify-center">
      <button
        type="button"
        onClick={() => query.fetchNextPage()}
        className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-50"
      >
        {query.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
      </button>
    </div>
  );
}

/** A message as a conversation shows it: the server's, or one of mine not yet confirmed (chat-cache.ts). */
export type ShownMessage = ChatMessage & { delivery?: OutgoingMessage['delivery'] };

/**
 * Messages oldest first, mine on the right. In a group (`showSenders`) others' messages carry the
 * sender's picture and name, once per run of messages from the same person. Mine not yet
 * confirmed say so quietly ('Sending...'), or offer Retry when sending failed, or explain that a
 * chat request waits for the other's answer; "Seen" goes under the message `seenId` names.
 */
export function MessageBubbles({
  messages,
  viewerId,
  showSenders = false,
  seenId = null,
  onRetry,
}: {
  messages: ShownMessage[];
  viewerId: string | undefined;
  showSenders?: boolean;
  seenId?: string | null;
  onRetry?: (message: OutgoingMessage) => void;
}) {
  return (
    <ol className="space-y-2">
      {messages.map((m, i) => {
        const mine = m.sender._id === viewerId;
        const sameAsBefore = messages[i - 1]?.sender._id === m.sender._id;
        const withSender = showSenders && !mine;
        const failed = m.delivery === 'failed';
        // Sent to me only if it is mine (issue 35): why moderators hid it.
        const hiddenReason = hiddenReasonOf(m);
        const sender = `${m.sender.firstName} ${m.sender.lastName}`.trim();
        return (
          <li
            key={m.clientMessageId ?? m._id}
            className={`flex items-end gap-2 ${mine ? 'justify-end' : 'justify-start'}`}
          >
            {withSender &&
              (sameAsBefore ? (
                <span className="size-7 shrink-0" />
              ) : (
                <Avatar person={m.sender} className="size-7 shrink-0" />
              ))}
            <div className={`flex max-w-[80%] flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
              <div
                className={`rounded-2xl px-3.5 py-2 text-sm shadow-sm ${mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'} ${m.delivery === 'sending' || failed ? 'opacity-70' : ''}`}
              >
                {withSender && !sameAsBefore && (
                  <p className="mb-0.5 text-xs font-semibold text-brand-700">{sender}</p>
                )}
                <p className="whitespace-pre-line break-words">{m.message}</p>
                <p className={`mt-1 text-right text-[11px] ${mine ? 'text-white/80' : 'text-slate-500'}`}>
                  <span className="sr-only">{mine ? 'You' : m.sender.firstName}, </span>
                  {m.delivery === 'sending'
                    ? 'Sending...'
                    : m.delivery === 'failed'
                      ? 'Not sent'
                      : m.delivery === 'requested'
                        ? 'Request sent'
                        : formatShortTime(m.createdAt)}
                </p>
              </div>
              {hiddenReason && <HiddenBanner reason={hiddenReason} />}
              {failed && onRetry && (
                <button
                  type="button"
                  onClick={() => onRetry(m as OutgoingMessage)}
                  className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold text-red-700 hover:bg-red-50"
                >
                  <RotateCw className="size-3.5" aria-hidden="true" /> Retry
                </button>
              )}
              {m.delivery === 'requested' && (
                <p className="max-w-xs text-right text-xs text-slate-600">
                  They accept messages only from their connections, so this went as a request. They will see
                  it when they accept.
                </p>
              )}
              {m._id === seenId && <p className="text-[11px] text-slate-500">Seen</p>}
            </div>
            {/* The recipient's side only, and only for a message the server holds (issue 35): beside the
                bubble, so a run of messages stays as tall as it was. */}
            {!mine && !m.delivery && (
              <ReportButton
                targetType="message"
                targetId={m._id}
                subject={`this message from ${sender}`}
                label={`Report message from ${sender}`}
                text="never"
                className="shrink-0 self-center rounded-full p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:text-red-700"
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The composer under a conversation: Enter sends, Shift+Enter starts a new line; cleared once sent
 * (at once when the conversation shows the message optimistically).
 */
export function MessageComposer({
  id,
  disabled = false,
  pending = false,
  onSend,
}: {
  id: string;
  disabled?: boolean;
  pending?: boolean;
  onSend: (message: string, sent: () => void) => void;
}) {
  const [text, setText] = useState('');
  function submit(e: React.FormEvent) {
    e.preventDefault();
    const message = text.trim();
    if (message && !disabled) onSend(message, () => setText(''));
  }
  return (
    <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 pt-3">
      <label htmlFor={id} className="sr-only">
        Write a message
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={1}
        placeholder="Write a message…"
        maxLength={MESSAGE_MAX}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      />
      <button
        type="submit"
        disabled={!text.trim() || pending || disabled}
        aria-label="Send"
        className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:opacity-50"
      >
        <SendHorizontal className="size-5" aria-hidden="true" />
      </button>
    </form>
  );
}
