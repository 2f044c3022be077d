import { DEFAULT_MISSION_PHOTO, UNTITLED_MISSION } from '@muster/contract/missions';
import { Avatar } from '../../../components/avatar';
import { ListError } from '../../../components/list-error';
import { MessagesSquare, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { formatShortTime } from '../../../lib/time';
import { useChatsQuery } from '../api/get-chats';

/**
 * /chats: my conversations, most recent first, with unread counts; a mission's group chat shows
 * the mission and opens at /chat/{missionId}. `missions` (links to the mission pages, from the
 * missions feature) sits above: this is the page the navigation calls Missions.
 */
export function ChatsPage({
  viewerId,
  missions,
}: {
  viewerId: string | undefined;
  missions?: React.ReactNode;
}) {
  const chats = useChatsQuery();

  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Chats</h1>
      {missions}
      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {chats.isPending ? (
          <ul aria-label="Loading conversations" className="divide-y divide-slate-100">
            {[0, 1, 2].map((i) => (
              <li key={i} className="flex animate-pulse items-center gap-3 p-4">
                <span className="size-11 rounded-full bg-slate-200" />
                <span className="flex-1 space-y-2">
                  <span className="block h-3 w-1/3 rounded bg-slate-200" />
                  <span className="block h-3 w-2/3 rounded bg-slate-100" />
                </span>
              </li>
            ))}
          </ul>
        ) : chats.isError ? (
          <ListError query={chats} what="your conversations" className="m-4" />
        ) : !chats.data?.length ? (
          <div className="flex flex-col items-center gap-2 px-6 py-14 text-center">
            <MessagesSquare className="size-10 text-slate-400" aria-hidden="true" />
            <h2 className="font-semibold text-slate-900">No conversations yet</h2>
            <p className="text-sm text-slate-600">
              Contact someone from a collaboration request to start one.
            </p>
            <Link
              to={paths.collaboration('all')}
              className="mt-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              Browse collaboration requests
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {chats.data.map((chat) => {
              const other = chat.otherUser;
              const mission = chat.kind === 'mission' ? chat.mission : null;
              const name = mission
                ? mission.title || UNTITLED_MISSION
                : other
                  ? `${other.firstName} ${other.lastName}`.trim()
                  : 'Conversation';
              const mine = chat.lastMessage?.senderId === viewerId;
              return (
                <li key={chat._id}>
                  <Link
                    to={mission ? paths.missionChat(mission._id) : paths.chat(chat._id)}
                    className="flex items-center gap-3 p-4 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    {mission ? (
                      <img
                        src={mission.photo || DEFAULT_MISSION_PHOTO}
                        alt=""
                        className="size-11 shrink-0 rounded-xl object-cover"
                      />
                    ) : other ? (
                      <Avatar person={other} className="size-11" />
                    ) : (
                      // A conversation whose other person is gone: nobody to draw.
                      <span
                        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500"
                        aria-hidden="true"
                      >
                        <UserRound className="size-5" />
                      </span>
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          className={`truncate ${chat.unreadCount ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}
                        >
                          {name}
                        </span>
                        {chat.lastMessage && (
                          <span className="shrink-0 text-xs text-slate-500">
                            {formatShortTime(chat.lastMessage.createdAt)}
                          </span>
                        )}
                      </span>
                      <span className="flex items-center justify-between gap-2">
                        <span
                          className={`truncate text-sm ${chat.unreadCount ? 'text-slate-900' : 'text-slate-600'}`}
                        >
                          {chat.lastMessage
                            ? `${mine ? 'You: ' : ''}${chat.lastMessage.message}`
                            : 'No messages yet'}
                        </span>
                        {chat.unreadCount > 0 && (
                          <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                            <span className="sr-only">Unread messages: </span>
                            {chat.unreadCount}
                          </span>
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
