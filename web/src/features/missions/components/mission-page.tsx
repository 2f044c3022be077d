import {
  Bell,
  BellOff,
  CheckCircle2,
  Hand,
  MapPin,
  MessagesSquare,
  Pencil,
  Send,
  Trash2,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { buttonStyles } from '../../../components/person-row';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { useCompleteMissionMutation } from '../api/complete-mission';
import { useDeleteMissionMutation } from '../api/delete-mission';
import { useFollowMissionMutation } from '../api/follow-mission';
import { useMembersQuery } from '../api/get-members';
import { useMissionQuery } from '../api/get-mission';
import { useLeaveMissionMutation } from '../api/leave-mission';
import { JoinMissionButton } from './join-mission-dialog';
import { missionPhoto, missionTitle, StatusBadge, TypeBadge } from './mission-bits';
import { OfferHelpDialog } from './mission-offer-dialog';
import type { PlaceField } from './mission-form';
import { MembersSection } from './members-section';
import { MissionJoinRequests } from './join-request-rows';
import { Avatar } from '../../../components/avatar';

// Members' and the owner's tools load when they are shown: most visitors see neither.
const TaskBoard = lazy(() => import('./task-board').then((m) => ({ default: m.TaskBoard })));
const EditMissionDialog = lazy(() =>
  import('./edit-mission-dialog').then((m) => ({ default: m.EditMissionDialog })),
);

export type MissionRef = { _id: string; title: string; updateCount: number };

function MissionSkeleton() {
  return (
    <div className="mx-auto max-w-4xl animate-pulse px-4 py-6" role="status" aria-label="Loading mission">
      <div className="aspect-[16/6] rounded-2xl bg-slate-200" />
      <div className="mt-4 h-7 w-2/3 rounded bg-slate-200" />
      <div className="mt-3 h-4 w-1/3 rounded bg-slate-100" />
      <div className="mt-6 space-y-2">
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 w-5/6 rounded bg-slate-100" />
      </div>
    </div>
  );
}

type Confirm = 'leave' | 'complete' | 'delete' | null;

/**
 * /missions/{id} (PRODUCT.md "Mission page"): photo, title, badge, status, description, owner,
 * partners and collaborators, the viewer's actions (Join / Requested / Leave, Follow, Chat,
 * Offer help, Post update; Edit / Complete / Delete for the owner), the updates timeline and, for
 * members, the task board. The composer, the updates (post cards) and the place search belong to
 * the posts feature: the router hands them in.
 */
export function MissionPage({
  updates,
  postUpdate,
  place,
}: {
  updates: (missionId: string) => React.ReactNode;
  postUpdate: (mission: MissionRef, onClose: () => void) => React.ReactNode;
  place: PlaceField;
}) {
  const { missionId = '' } = useParams();
  const mission = useMissionQuery(missionId);
  const m = mission.data;
  const isMember = !!m && m.role !== 'none';
  const members = useMembersQuery(missionId);
  const follow = useFollowMissionMutation();
  const leave = useLeaveMissionMutation();
  const complete = useCompleteMissionMutation();
  const remove = useDeleteMissionMutation();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [offering, setOffering] = useState(false);
  const [editing, setEditing] = useState(false);
  const [posting, setPosting] = useState(false);

  if (mission.isPending) return <MissionSkeleton />;
  if (mission.isError || !m) {
    const gone =
      mission.error instanceof ApiClientError &&
      (mission.error.status === 404 || mission.error.status === 400);
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-slate-900">
          {gone ? 'Mission not found' : "Couldn't load the mission"}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {gone ? 'It may have been deleted, or it is visible to its members only.' : 'Please try again.'}
        </p>
        <Link to={paths.followedMissions} className={`${buttonStyles.outline} mt-4`}>
          Your followed missions
        </Link>
      </div>
    );
  }

  const title = missionTitle(m);
  const ownerName = `${m.owner.firstName} ${m.owner.lastName}`.trim();
  const ongoing = m.status === 'ongoing';
  const toastError = (fallback: string) => (e: unknown) => toast.error(errorMessage(e, fallback));
  const everyone = members.data
    ? [members.data.owner, ...members.data.partners, ...members.data.collaborators]
    : [];

  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-6">
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <img src={missionPhoto(m)} alt="" className="aspect-[16/6] w-full bg-slate-100 object-cover" />
        <div className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <TypeBadge type={m.type} />
            <StatusBadge status={m.status} />
            {m.category && <span className="text-xs font-medium text-slate-500">{m.category}</span>}
            {m.visibility === 'members' && (
              <span className="text-xs font-medium text-slate-500">Members only</span>
            )}
          </div>
          <h1 className="mt-2 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <Link
              to={paths.profile(m.owner.username)}
              className="inline-flex items-center gap-2 font-medium text-slate-800 hover:underline"
            >
              <Avatar person={m.owner} className="size-6" /> {ownerName}
            </Link>
            <span>started {timeAgo(m.createdAt)} ago</span>
            {m.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" /> {m.location}
              </span>
            )}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            {m.followerCount} {m.followerCount === 1 ? 'follower' : 'followers'} · {m.updateCount}{' '}
            {m.updateCount === 1 ? 'update' : 'updates'}
          </p>

          <div className="mt-4 flex flex-wrap gap-2" aria-label="Mission actions" role="group">
            {m.can.join && m.joinRequest === 'none' && (
              <JoinMissionButton missionId={m._id} missionTitle={title} />
            )}
            {m.joinRequest === 'pending' && (
              <button type="button" className={buttonStyles.quiet} disabled>
                Requested
              </button>
            )}
            {m.role !== 'owner' && (
              <button
                type="button"
                className={m.following ? buttonStyles.quiet : buttonStyles.outline}
                aria-pressed={m.following}
                onClick={() => follow.tap(m, { onError: toastError('Failed to update. Please try again.') })}
              >
                {m.following ? (
                  <BellOff className="size-4" aria-hidden="true" />
                ) : (
                  <Bell className="size-4" aria-hidden="true" />
                )}{' '}
                {m.following ? 'Following' : 'Follow'}
              </button>
            )}
            {isMember && m.chatId && (
              <Link to={paths.missionChat(m._id)} className={buttonStyles.outline}>
                <MessagesSquare className="size-4" aria-hidden="true" /> Chat
              </Link>
            )}
            {m.can.postUpdate && ongoing && (
              <button type="button" className={buttonStyles.primary} onClick={() => setPosting(true)}>
                <Send className="size-4" aria-hidden="true" /> Post update
              </button>
            )}
            {!isMember && ongoing && (
              <button type="button" className={buttonStyles.ghost} onClick={() => setOffering(true)}>
                <Hand className="size-4" aria-hidden="true" /> Offer help
              </button>
            )}
            {m.can.leave && (
              <button type="button" className={buttonStyles.ghost} onClick={() => setConfirm('leave')}>
                Leave
              </button>
            )}
            {m.can.edit && (
              <>
                <button type="button" className={buttonStyles.ghost} onClick={() => setEditing(true)}>
                  <Pencil className="size-4" aria-hidden="true" /> Edit
                </button>
                {ongoing && (
                  <button type="button" className={buttonStyles.ghost} onClick={() => setConfirm('complete')}>
                    <CheckCircle2 className="size-4" aria-hidden="true" /> Complete
                  </button>
                )}
                <button
                  type="button"
                  className={`${buttonStyles.ghost} hover:text-red-600`}
                  onClick={() => setConfirm('delete')}
                >
                  <Trash2 className="size-4" aria-hidden="true" /> Delete
                </button>
              </>
            )}
          </div>

          {m.description && (
            <p className="mt-5 whitespace-pre-line break-words text-[15px] leading-relaxed text-slate-800">
              {m.description}
            </p>
          )}
        </div>
      </article>

      {m.can.approveRequests && <MissionJoinRequests missionId={m._id} />}

      <MembersSection
        members={members.data}
        partnersCount={m.partnersCount}
        collaboratorsCount={m.collaboratorsCount}
      />

      {isMember && (
        <Suspense fallback={null}>
          <TaskBoard
            missionId={m._id}
            members={everyone}
            canDelete={m.role === 'owner' || m.role === 'partner'}
          />
        </Suspense>
      )}

      <section aria-labelledby="updates-heading" className="space-y-3">
        <h2 id="updates-heading" className="text-lg font-semibold text-slate-900">
          Updates
        </h2>
        {updates(m._id)}
      </section>

      <OfferHelpDialog mission={m} open={offering} onOpenChange={setOffering} />
      {m.can.edit && editing && (
        <Suspense fallback={null}>
          <EditMissionDialog mission={m} place={place} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
      {posting && postUpdate({ _id: m._id, title, updateCount: m.updateCount }, () => setPosting(false))}
      <ConfirmDialog
        open={confirm === 'leave'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Leave this mission?"
        description="You will leave its chat and task board. You can ask to join again later."
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onConfirm={() =>
          leave.mutate(m._id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success('You left the mission');
            },
            onError: toastError('Failed to leave. Please try again.'),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'complete'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Mark the mission completed?"
        destructive={false}
        description="It stays visible with its updates, and no longer takes new updates or members."
        confirmLabel="Complete"
        pendingLabel="Completing..."
        pending={complete.isPending}
        onConfirm={() =>
          complete.mutate(m._id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success('Mission completed');
            },
            onError: toastError('Failed to complete the mission. Please try again.'),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(o) => !o && setConfirm(null)}
        title="Delete this mission?"
        description="The mission, its tasks and its chat are removed for everyone. This cannot be undone."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(m._id, {
            onSuccess: () => {
              toast.success('Mission deleted');
              navigate(paths.home, { replace: true });
            },
            onError: toastError('Failed to delete the mission. Please try again.'),
          })
        }
      />
    </div>
  );
}
