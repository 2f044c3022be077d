import type { JoinRequest } from '@muster/contract/missions';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import toast from '../../../lib/toast';
import { timeAgo } from '../../../lib/time';
import { type Answer, useAnswerJoinRequestMutation } from '../api/answer-join-request';
import { useJoinRequestsQuery } from '../api/get-join-requests';
import { card, missionTitle } from './mission-bits';

/**
 * Join requests with Approve / Decline: on /requests (every mission I may answer for) and on the
 * mission page itself (that mission's only, so the "asked to join" alert lands on its Approve).
 * `showMission` names the mission on each row; the mission page leaves it out, being that mission.
 */
export function JoinRequestRows({
  requests,
  showMission,
  empty,
}: {
  requests: JoinRequest[];
  showMission: boolean;
  empty: React.ReactNode;
}) {
  const answer = useAnswerJoinRequestMutation();
  const busy = (id: string) => answer.isPending && answer.variables?.request._id === id;
  // The empty state is drawn here, not by the caller: this component holds the mutation, and a
  // mutation's own callbacks (the toast) are dropped if it unmounts when the last row goes.
  if (!requests.length) return <>{empty}</>;
  return (
    <ul className="divide-y divide-slate-100">
      {requests.map((r) => {
        const act = (a: Answer) =>
          answer.mutate(
            { request: r, answer: a },
            {
              onSuccess: () => toast.success(a === 'approve' ? 'Request approved' : 'Request declined'),
              onError: (e) => toast.error(errorMessage(e, 'Failed to answer the request. Please try again.')),
            },
          );
        const role = r.role === 'partner' ? 'a partner' : 'a collaborator';
        return (
          <PersonRow
            key={r._id}
            user={r.user}
            note={`${timeAgo(r.createdAt)} ago`}
            // The mission's link sits outside the person's (a link inside a link is not allowed).
            detail={
              <>
                {showMission ? (
                  <p>
                    Asks to join{' '}
                    <Link
                      to={paths.mission(r.mission._id)}
                      className="font-medium text-brand-700 hover:underline"
                    >
                      {missionTitle(r.mission)}
                    </Link>{' '}
                    as {role}
                  </p>
                ) : (
                  <p>Asks to join as {role}</p>
                )}
                {r.message && <p className="whitespace-pre-line break-words text-slate-600">“{r.message}”</p>}
              </>
            }
            actions={
              <>
                <button
                  type="button"
                  className={buttonStyles.primary}
                  disabled={busy(r._id)}
                  onClick={() => act('approve')}
                >
                  Approve
                </button>
                <button
                  type="button"
                  className={buttonStyles.quiet}
                  disabled={busy(r._id)}
                  onClick={() => act('decline')}
                >
                  Decline
                </button>
              </>
            }
          />
        );
      })}
    </ul>
  );
}

/**
 * The mission page's pending requests, shown only to whoever may answer them (the server's
 * `can.approveRequests`: the owner and partners); the list is GET /chats/join-requests, already
 * limited to missions the viewer may answer for, kept to this one. It is live like /requests (the
 * socket's joinRequest.changed refetches it), and an answer takes the row away at once.
 */
export function MissionJoinRequests({ missionId }: { missionId: string }) {
  const requests = useJoinRequestsQuery();
  const here = requests.data?.filter((r) => r.mission._id === missionId) ?? [];
  return (
    <section className={card} aria-labelledby="mission-requests-heading">
      <h2 id="mission-requests-heading" className="font-semibold text-slate-900">
        Pending requests{here.length ? ` (${here.length})` : ''}
      </h2>
      {requests.isPending ? (
        <PersonRowsSkeleton label="Loading join requests" />
      ) : requests.isError ? (
        <ListError query={requests} what="join requests" className="mt-2" />
      ) : (
        <JoinRequestRows
          requests={here}
          showMission={false}
          empty={
            <EmptyState icon={UserPlus} title="No pending requests">
              When someone asks to join this mission, you can approve or decline them here.
            </EmptyState>
          }
        />
      )}
    </section>
  );
}
