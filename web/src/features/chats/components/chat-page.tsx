import type { ChatTopic } from '@muster/contract/chats';
import { ArrowLeft, HandHeart } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { EarlierMessages, MessageBubbles, MessageComposer } from './conversation';
import { useConversation } from './use-conversation';
import { Avatar } from '../../../components/avatar';

/** /chats/{chatId}: a conversation, oldest at the top, with a composer. */
export function ChatPage({ viewerId }: { viewerId: string | undefined }) {
  const { chatId = '' } = useParams();
  const { query, chat, messages, seenId, send, retry } = useConversation(chatId);
  const bottom = useRef<HTMLDivElement>(null);
  const other = chat?.otherUser;
  const newest = messages.at(-1)?._id;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  const name = other ? `${other.firstName} ${other.lastName}`.trim() : '';

  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-2xl flex-col px-4 py-4 md:h-[calc(100dvh-5rem)]">
      <header className="flex items-center gap-3 border-b border-slate-200 pb-3">
        <Link
          to={paths.chats}
          className="rounded-full p-1.5 text-slate-600 hover:bg-slate-100"
          aria-label="Back to chats"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        {other ? (
          <Link to={paths.profile(other.username)} className="flex min-w-0 items-center gap-3">
            <Avatar person={other} className="size-9 shrink-0" />
            <span className="min-w-0">
              <h1 className="truncate font-semibold text-slate-900">{name}</h1>
              <span className="block truncate text-xs text-slate-500">{other.headline}</span>
            </span>
          </Link>
        ) : (
          <h1 className="font-semibold text-slate-900" aria-busy={!query.isError}>
            {query.isError ? 'Conversation not found' : 'Loading…'}
          </h1>
        )}
      </header>
      {chat?.about?.length ? <AboutPin about={chat.about} /> : null}

      <div className="flex-1 overflow-y-auto py-4" aria-live="polite">
        <EarlierMessages query={query} />
        {query.isPending && (
          <div role="status" className="flex justify-center py-10">
            <span
              className="size-7 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
              aria-hidden="true"
            />
            <span className="sr-only">Loading…</span>
          </div>
        )}
        <MessageBubbles messages={messages} viewerId={viewerId} seenId={seenId} onRetry={retry} />
        <div ref={bottom} />
      </div>

      <MessageComposer
        id="chat-composer"
        disabled={!other}
        onSend={(message, sent) => {
          send(message);
          sent();
        }}
      />
    </div>
  );
}

/**
 * A line kept under the header of a chat an accepted offer opened: the needs it is about, each a
 * link back to its post (decision 052), as the mission chat pins the viewer's tasks (decision 045).
 */
function AboutPin({ about }: { about: ChatTopic[] }) {
  return (
    <section
      aria-label="What this chat is about"
      className="mt-3 flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50 px-3 py-2 text-sm"
    >
      <HandHeart className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <ul className="min-w-0 flex-1">
        {about.map((topic) => (
          <li key={topic.postId} className="break-words text-slate-800">
            About:{' '}
            <Link to={paths.post(topic.postId)} className="font-medium text-brand-700 hover:underline">
              {topic.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
