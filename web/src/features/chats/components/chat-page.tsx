import { ArrowLeft, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatShortTime } from '../../../lib/time';
import { useChatMessagesQuery } from '../api/get-chat-messages';
import { useMarkChatReadMutation } from '../api/mark-chat-read';
import { useSendMessageMutation } from '../api/send-message';

/** /chats/{chatId}: a conversation, oldest at the top, with a composer. */
export function ChatPage({ viewerId }: { viewerId: string | undefined }) {
  const { chatId = '' } = useParams();
  const query = useChatMessagesQuery(chatId);
  const send = useSendMessageMutation();
  const markRead = useMarkChatReadMutation();
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const first = query.data?.pages[0]?.data;
  const other = first?.chat.otherUser;
  const messages = (query.data?.pages.flatMap((p) => p.data.messages) ?? []).slice().reverse();
  const newest = messages[messages.length - 1]?._id;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  // Shown is read: when the conversation appears, and again when a poll brings a new message.
  const unread = first?.chat.unreadCount ?? 0;
  const { mutate: markChatRead } = markRead;
  useEffect(() => {
    if (chatId && unread > 0) markChatRead(chatId);
  }, [chatId, newest, unread, markChatRead]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const message = text.trim();
    if (!message || !other) return;
    send.mutate({ recipientId: other._id, message }, { onSuccess: () => setText('') });
  }

  const name = other ? `${other.firstName} ${other.lastName}`.trim() : '';

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-2xl flex-col px-4 py-4 md:h-[calc(100dvh-5rem)]">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3">
        <Link to={paths.chats} className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100" aria-label="Back to chats">
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        {other ? (
          <Link to={paths.profile(other.username)} className="flex min-w-0 items-center gap-3">
            <img src={other.profilePicture} alt="" className="size-9 rounded-full object-cover" />
            <span className="min-w-0">
              <h1 className="truncate font-semibold text-slate-900">{name}</h1>
              <span className="block truncate text-xs text-slate-500">{other.headline}</span>
            </span>
          </Link>
        ) : (
          <h1 className="font-semibold text-slate-900">{query.isError ? 'Conversation not found' : 'Loading…'}</h1>
        )}
      </header>

      <div className="flex-1 overflow-y-auto py-4" aria-live="polite">
        {query.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <button type="button" onClick={() => query.fetchNextPage()} className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-50">
              {query.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
            </button>
          </div>
        )}
        {query.isPending && (
          <div role="status" className="flex justify-center py-10">
            <span className="size-7 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" />
            <span className="sr-only">Loading…</span>
          </div>
        )}
        <ol className="space-y-2">
          {messages.map((m) => {
            const mine = m.sender._id === viewerId;
            return (
              <li key={m._id} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
                <div className={`max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-sm ${mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'}`}>
                  <p className="whitespace-pre-line break-words">{m.message}</p>
                  <p className={`mt-1 text-right text-[11px] ${mine ? 'text-white/80' : 'text-slate-500'}`}>
                    <span className="sr-only">{mine ? 'You' : m.sender.firstName}, </span>
                    {formatShortTime(m.createdAt)}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
        <div ref={bottom} />
      </div>

      <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-200 pt-3">
        <label htmlFor="chat-composer" className="sr-only">Write a message</label>
        <textarea id="chat-composer" value={text} onChange={(e) => setText(e.target.value)} rows={1} placeholder="Write a message…"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30" />
        <button type="submit" disabled={!text.trim() || send.isPending || !other} aria-label="Send"
          className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:opacity-50">
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </form>
    </div>
  );
}
