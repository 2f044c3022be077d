import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { EarlierMessages, MessageBubbles, MessageComposer } from './conversation';
import { useConversation } from './use-conversation';

/**
 * A group conversation (a mission's chat, /chat/{missionId}): oldest at the top, each message
 * with its sender, earlier pages on demand, live like /chats/{id} (read marking included), and a composer
 * posting to the chat itself. Whose chat it is and where Back goes come from outside when known;
 * otherwise (opened by the chat's id, as task notifications do) from the chat's own mission.
 */
export function GroupChat({
  chatId,
  viewerId,
  title,
  photo,
  backTo,
  pinned,
}: {
  chatId: string;
  viewerId: string;
  title?: string;
  photo?: string;
  backTo?: string;
  /** A line kept under the header (the missions feature's: the viewer's open tasks there). */
  pinned?: React.ReactNode;
}) {
  const { query, chat, messages, send, retry } = useConversation(chatId);
  const bottom = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?._id;
  const heading =
    title ?? chat?.mission?.title ?? (query.isError ? 'Conversation not found' : 'Mission chat');
  const back = backTo ?? (chat?.mission ? paths.mission(chat.mission._id) : paths.chats);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-2xl flex-col px-4 py-4 md:h-[calc(100dvh-5rem)]">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3">
        <Link
          to={back}
          className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100"
          aria-label={back === paths.chats ? 'Back to chats' : 'Back to the mission'}
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        {(photo ?? chat?.mission?.photo) && (
          <img
            src={photo ?? chat?.mission?.photo}
            alt=""
            className="size-9 rounded-lg bg-slate-100 object-cover"
          />
        )}
        <span className="min-w-0">
          <h1 className="truncate font-semibold text-slate-900">{heading}</h1>
          <span className="block text-xs text-slate-500">Mission chat</span>
        </span>
      </header>
      {pinned}

      <div className="flex-1 overflow-y-auto py-4" aria-live="polite">
        <EarlierMessages query={query} />
        {query.isPending ? (
          <div role="status" className="flex justify-center py-10">
            <span
              className="size-7 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              aria-hidden="true"
            />
            <span className="sr-only">Loading…</span>
          </div>
        ) : query.isError ? (
          <p role="alert" className="py-10 text-center text-sm text-red-600">
            Couldn't load the conversation. Please try again.
          </p>
        ) : !messages.length ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <MessagesSquare className="size-9 text-slate-300" aria-hidden="true" />
            <p className="font-medium text-slate-800">No messages yet</p>
            <p className="text-sm text-slate-600">Say hello to the team and share what you are working on.</p>
          </div>
        ) : null}
        <MessageBubbles messages={messages} viewerId={viewerId} showSenders onRetry={retry} />
        <div ref={bottom} />
      </div>

      <MessageComposer
        id="group-chat-composer"
        onSend={(message, sent) => {
          send(message);
          sent();
        }}
      />
    </div>
  );
}
