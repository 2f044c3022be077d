import { Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonStyles } from '../../../components/person-row';
import { ApiClientError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMissionQuery } from '../api/get-mission';
import { missionPhoto, missionTitle } from './mission-bits';

export type MissionChatSlot = (chat: {
  chatId: string;
  title?: string;
  photo?: string;
  backTo?: string;
}) => React.ReactNode;

/**
 * /chat/{missionId}: finds the mission's group chat (GET /missions/:id → chatId, members only)
 * and shows it; the conversation itself belongs to the chats feature, handed in by the router.
 * Spec §4 rule 1 sends task notifications to /chat/{chatId}: an id that is no mission is tried
 * as the chat's own id (the chat then names its mission; a stranger gets "not found" either way).
 */
export function MissionChatPage({ chat }: { chat: MissionChatSlot }) {
  const { missionId = '' } = useParams();
  const mission = useMissionQuery(missionId);
  if (mission.isPending) {
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
  const m = mission.data;
  const notAMission =
    !m &&
    mission.error instanceof ApiClientError &&
    (mission.error.status === 404 || mission.error.status === 400);
  if (notAMission) return <>{chat({ chatId: missionId })}</>;
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
      })}
    </>
  );
}
