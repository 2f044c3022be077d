import { taskStatusLabels } from '@muster/contract/missions-constants';
import { ClipboardList, Lock } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { buttonStyles } from '../../../components/person-row';
import { ApiClientError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMissionQuery } from '../api/get-mission';
import { useMissionTasksQuery } from '../api/get-mission-tasks';
import { missionPhoto, missionTitle } from './mission-bits';

export type MissionChatSlot = (chat: {
  chatId: string;
  title?: string;
  photo?: string;
  backTo?: string;
  /** Shown under the chat's header: the viewer's open tasks in this mission. */
  pinned?: React.ReactNode;
}) => React.ReactNode;

function Spinner() {
  return (
    <div role="status" className="flex justify-center py-16">
      <span
        className="size-7 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * /chat/{missionId}: finds the mission's group chat (GET /missions/:id → chatId, members only)
 * and shows it; the conversation itself belongs to the chats feature, handed in by the router.
 * Spec §4 rule 1 sends task notifications to /chat/{chatId}: they add `?mission={missionId}`, so
 * the page asks for that mission and never for a mission by the chat's id (a 404 in the console
 * on every task alert, issue 32). An id that is no mission and comes without one (an old link) is
 * still tried as the chat's own id (the chat then names its mission; a stranger gets "not found").
 */
export function MissionChatPage({ chat, viewerId }: { chat: MissionChatSlot; viewerId: string }) {
  const { missionId: id = '' } = useParams();
  const [search] = useSearchParams();
  const byChatId = search.get('mission');
  const mission = useMissionQuery(byChatId ?? id);
  if (mission.isPending) return <Spinner />;
  const m = mission.data;
  // Opened by the chat's id: the mission says which chat is its own; one that does not match it,
  // or a mission out of sight, leaves the chat to answer for itself (members only, like any chat).
  if (byChatId && (!m || m.chatId !== id)) return <>{chat({ chatId: id })}</>;
  const notAMission =
    !m &&
    mission.error instanceof ApiClientError &&
    (mission.error.status === 404 || mission.error.status === 400);
  if (notAMission) return <>{chat({ chatId: id })}</>;
  if (!m || !m.chatId) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <Lock className="mx-auto size-9 text-slate-300" aria-hidden="true" />
        <h1 className="mt-2 text-xl font-semibold text-slate-900">
          {m ? 'Mission chat is for members' : "Couldn't load the chat"}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {m ? 'Join the mission to talk with its partners and collaborators.' : 'Please try again.'}
        </p>
        {m && (
          <Link to={paths.mission(m._id)} className={`${buttonStyles.outline} mt-4`}>
            Open the mission
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      {chat({
        chatId: m.chatId,
        title: missionTitle(m),
        photo: missionPhoto(m),
        backTo: paths.mission(m._id),
        pinned: <MyTasksPin missionId={m._id} viewerId={viewerId} />,
      })}
    </>
  );
}

/**
 * A pinned line in the mission's chat naming the viewer's open tasks there, each with its status,
 * and a link to the mission's task board: "assigned you a task" lands in this chat (spec §4 rule
 * 1), so the chat shows the task it announced. Nothing when the viewer has no open task here.
 */
function MyTasksPin({ missionId, viewerId }: { missionId: string; viewerId: string }) {
  const tasks = useMissionTasksQuery(missionId, true);
  const mine = (tasks.data ?? []).filter((t) => t.assignee?._id === viewerId && t.status !== 'done');
  if (!mine.length) return null;
  return (
    <section
      aria-label="Your tasks in this mission"
      className="mt-3 flex items-start gap-2 rounded-xl border border-brand-100 bg-brand-50 px-3 py-2 text-sm"
    >
      <ClipboardList className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <ul>
          {mine.map((t) => (
            <li key={t._id} className="break-words text-slate-800">
              Your task: <span className="font-medium">{t.title}</span>{' '}
              <span className="text-slate-600">· {taskStatusLabels[t.status]}</span>
            </li>
          ))}
        </ul>
        <Link to={paths.mission(missionId)} className="font-medium text-brand-700 hover:underline">
          See the mission's tasks
        </Link>
      </div>
    </section>
  );
}
