import { UserPlus } from 'lucide-react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { buttonStyles, EmptyState, PersonRow, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { type Answer, useAnswerJoinRequestMutation } from '../api/answer-join-request';
import { useJoinRequestsQuery } from '../api/get-join-requests';
import { card, missionTitle, PageFrame } from './mission-bits';

/**
 * /requests: message requests (the chats feature's, handed in by the router as `chatRequests`)
 * above requests to join missions I own or partner in, with Approve / Decline.
 */
export function RequestsPage({ chatRequests }: { chatRequests?: React.ReactNode }) {
  const requests = useJoinRequestsQuery();
  const answer = useAnswerJoinRequestMutation();
  const busy = (id: string) => answer.isPending && answer.variables?.request._id === id;
  return (
    <PageFrame
      title="Requests"
      intro="People outside your network who want to message you, and people asking to join your missions."
    >
      {chatRequests}
      <section className={card} aria-labelledby="join-requests-heading">
        <h2 id="join-requests-heading" className="font-semibold text-slate-900">
          Mission join requests
        </h2>
        {requests.isPending ? (
          <PersonRowsSkeleton label="Loading join requests" />
        ) : requests.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-600">
            Couldn't load requests. Please try again.
          </p>
        ) : !requests.data.length ? (
          <EmptyState icon={UserPlus} title="No join requests">
            When someone asks to join a mission you lead, it shows here.{' '}
            <Link to={paths.createMission} className="font-medium text-brand-700 hover:underline">
              Start a mission
            </Link>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.data.map((r) => {
              const act = (a: Answer) =>
                answer.mutate(
                  { request: r, answer: a },
                  {
                    onSuccess: () => toast.success(a === 'approve' ? 'Request approved' : 'Request declined'),
                    onError: (e) =>
                      toast.error(errorMessage(e, 'Failed to answer the request. Please try again.')),
                  },
                );
              return (
                <PersonRow
                  key={r._id}
                  user={r.user}
                  note={`${timeAgo(r.createdAt)} ago`}
                  // The mission's link sits outside the person's (a link inside a link is not allowed).
                  detail={
                    <>
                      <p>
                        Asks to join{' '}
                        <Link
                          to={paths.mission(r.mission._id)}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {missionTitle(r.mission)}
                        </Link>{' '}
                        as {r.role === 'partner' ? 'a partner' : 'a collaborator'}
                      </p>
                      {r.message && (
                        <p className="whitespace-pre-line break-words text-slate-600">“{r.message}”</p>
                      )}
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
        )}
      </section>
    </PageFrame>
  );
}
