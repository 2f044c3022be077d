import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error';
import { EmptyState, PersonRowsSkeleton } from '../../../components/person-row';
import { paths } from '../../../lib/paths';
import { useJoinRequestsQuery } from '../api/get-join-requests';
import { JoinRequestRows } from './join-request-rows';
import { card, PageFrame } from './mission-bits';

/**
 * /requests: message requests (the chats feature's, handed in by the router as `chatRequests`)
 * above requests to join missions I own or partner in, with Approve / Decline.
 */
export function RequestsPage({ chatRequests }: { chatRequests?: React.ReactNode }) {
  const requests = useJoinRequestsQuery();
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
          <ListError query={requests} what="join requests" className="mt-2" />
        ) : (
          <JoinRequestRows
            requests={requests.data}
            showMission
            empty={
              <EmptyState icon={UserPlus} title="No join requests">
                When someone asks to join a mission you lead, it shows here.{' '}
                <Link to={paths.createMission} className="font-medium text-brand-700 hover:underline">
                  Start a mission
                </Link>
              </EmptyState>
            }
          />
        )}
      </section>
    </PageFrame>
  );
}
