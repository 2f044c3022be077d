import { MESSAGE_MAX } from '@muster/contract/chats';
import { ArrowLeft, MessagesSquare, SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { formatShortTime } from '../../../lib/time';
import { useChatMessagesQuery } from '../api/get-chat-messages';
import { useMarkChatReadMutation } from '../api/mark-chat-read';
import { usePostChatMessageMutation } from '../api/post-chat-message';

/**
 * A group conversation (a mission's chat, /chat/{missionId}): oldest at the top, each message
 * with its sender, earlier pages on demand, polled every 30 s like /chats/{id}, and a composer
 * posting to the chat itself. Whose chat it is and where Back goes come from outside when known;
 * otherwise (opened by the chat's id, as task notifications do) from the chat's own mission.
 */
export function GroupChat({ chatId, viewerId, title, photo, backTo }: {
  chatId: string;
  viewerId: string;
  title?: string;
  photo?: string;
  backTo?: string;
}) {
  const query = useChatMessagesQuery(chatId);
  const send = usePostChatMessageMutation();
  const { mutate: markChatRead } = useMarkChatReadMutation();
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const messages = (query.data?.pages.flatMap((p) => p.data.messages) ?? []).slice().reverse();
  const newest = messages[messages.length - 1]?._id;
  const chat = query.data?.pages[0]?.data.chat;
  const unread = chat?.unreadCount ?? 0;
  const heading = title ?? chat?.mission?.title ?? (query.isError ? 'Conversation not found' : 'Mission chat');
  const back = backTo ?? (chat?.mission ? paths.mission(chat.mission._id) : paths.chats);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  // Shown is read: when the conversation appears, and again when a poll brings a new message.
  useEffect(() => {
    if (unread > 0) markChatRead(chatId);
  }, [chatId, newest, unread, markChatRead]);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    send.mutate({ chatId, message }, { onSuccess: () => setText(''), onError: (err) => toast.error(errorMessage(err, 'Failed to send the message. Please try again.')) });
  }

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-2xl flex-col px-4 py-4 md:h-[calc(100dvh-5rem)]">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3">
        <Link to={back} className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100" aria-label={back === paths.chats ? 'Back to chats' : 'Back to the mission'}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        {(photo ?? chat?.mission?.photo) && <img src={photo ?? chat?.mission?.photo} alt="" className="size-9 rounded-lg bg-slate-100 object-cover" />}
        <span className="min-w-0">
          <h1 className="truncate font-semibold text-slate-900">{heading}</h1>
          <span className="block text-xs text-slate-500">Mission chat</span>
        </span>
      </header>

      <div className="flex-1 overflow-y-auto py-4" aria-live="polite">
        {query.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <button type="button" onClick={() => query.fetchNextPage()} className="rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:bg-slate-50">
              {query.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
            </button>
          </div>
        )}
        {query.isPending ? (
          <div role="status" className="flex justify-center py-10">
            <span className="size-7 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" />
            <span className="sr-only">Loading…</span>
          </div>
        ) : query.isError ? (
          <p role="alert" className="py-10 text-center text-sm text-red-600">Couldn't load the conversation. Please try again.</p>
        ) : !messages.length ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <MessagesSquare className="size-9 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-800">No messages yet</p>
            <p className="text-sm text-slate-600">Say hello to the team and share what you are working on.</p>
          </div>
        ) : null}
        <ol className="space-y-2">
          {messages.map((m, i) => {
            const mine = m.sender._id === viewerId;
            const sameAsBefore = messages[i - 1]?.sender._id === m.sender._id;
            return (
              <li key={m._id} className={`flex items-end gap-2 ${mine ? 'justify-end' : 'justify-start'}`}>
                {!mine && (sameAsBefore ? <span className="size-7 shrink-0" /> : <img src={m.sender.profilePicture} alt="" className="size-7 shrink-0 rounded-full object-cover" />)}
                <div className={`max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-sm ${mine ? 'rounded-br-md bg-brand-600 text-white' : 'rounded-bl-md bg-white text-slate-900 ring-1 ring-slate-200'}`}>
                  {!mine && !sameAsBefore && <p className="mb-0.5 text-xs font-semibold text-brand-700">{`${m.sender.firstName} ${m.sender.lastName}`.trim()}</p>}
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
        <label htmlFor="group-chat-composer" className="sr-only">Write a message</label>
        <textarea id="group-chat-composer" value={text} onChange={(e) => setText(e.target.value)} rows={1} placeholder="Write a message…" maxLength={MESSAGE_MAX}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-xl border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30" />
        <button type="submit" disabled={!text.trim() || send.isPending} aria-label="Send"
          className="flex size-10 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:opacity-50">
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </form>
    </div>
  );
}
