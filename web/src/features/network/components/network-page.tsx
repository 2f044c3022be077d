import type { PublicUser } from '@muster/contract/users';
import { ListError } from '../../../components/list-error';
import { Inbox, Send, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  buttonStyles,
  EmptyState,
  PersonRow,
  PersonRowsSkeleton,
  ShowMore,
} from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { timeAgo } from '../../../lib/time';
import { useAcceptRequestMutation } from '../api/accept-request';
import { useConnectionRequestsQuery } from '../api/get-connection-requests';
import { useConnectionsQuery } from '../api/get-connections';
import { useSentRequestsQuery } from '../api/get-sent-requests';
import { useIgnoreRequestMutation } from '../api/ignore-request';
import { useRemoveConnectionMutation } from '../api/remove-connection';
import { useWithdrawRequestMutation } from '../api/withdraw-request';
import { PeopleYouMayKnow } from './people-you-may-know';
import { personName } from '../../../lib/person-name';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const failed = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

/**
 * /network (issue 11): requests waiting for my answer, the ones I sent, my connections, and
 * people I may know. `message` comes from the chats feature and `elsewhere` (the accounts I follow
 * on other servers, decision 093) from the federation feature: the router composes them.
 */
export function NetworkPage({
  message,
  elsewhere,
}: {
  message?: (user: PublicUser) => React.ReactNode;
  elsewhere?: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">My Network</h1>
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
        <div className="min-w-0 space-y-6">
          <ReceivedRequests />
          <SentRequests />
        </div>
        {/* On a phone, suggestions come before a long list of connections; beside them from lg up. */}
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <PeopleYouMayKnow />
        </div>
        <div className="min-w-0 space-y-6">
          <Connections message={message} />
          {elsewhere}
        </div>
      </div>
    </div>
  );
}

function ReceivedRequests() {
  const query = useConnectionRequestsQuery();
  const accept = useAcceptRequestMutation();
  const ignore = useIgnoreRequestMutation();
  const busy = (id: string) =>
    (accept.isPending && accept.variables === id) || (ignore.isPending && ignore.variables === id);
  const count = query.data?.length ?? 0;
  return (
    <section className={card} aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="font-semibold text-slate-900">
        Pending requests
        {count > 0 && (
          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
            {count}
          </span>
        )}
      </h2>
      {query.isPending ? (
        <PersonRowsSkeleton rows={2} label="Loading pending requests" />
      ) : query.isError ? (
        <ListError query={query} what="your requests" className="mt-3" />
      ) : count === 0 ? (
        <EmptyState icon={Inbox} title="No pending connection requests">
          When someone asks to connect with you, you can accept or ignore it here. Meanwhile, connect with
          people you may know.
        </EmptyState>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {query.data.map((r) => (
            <PersonRow
              key={r._id}
              user={r.user}
              note={`Asked ${timeAgo(r.createdAt)} ago`}
              actions={
                <>
                  <button
                    type="button"
                    className={buttonStyles.primary}
                    disabled={busy(r._id)}
                    aria-label={`Accept ${personName(r.user)}`}
                    onClick={() =>
                      accept.mutate(r._id, {
                        onSuccess: () => toast.success(`You are now connected with ${personName(r.user)}`),
                        onError: failed('Could not accept the request'),
                      })
                    }
                  >
                    Accept
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.ghost}
                    disabled={busy(r._id)}
                    aria-label={`Ignore ${personName(r.user)}`}
                    onClick={() =>
                      ignore.mutate(r._id, {
                        onSuccess: () => toast.success('Request ignored'),
                        onError: failed('Could not ignore the request'),
                      })
                    }
                  >
                    Ignore
                  </button>
                </>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SentRequests() {
  const query = useSentRequestsQuery();
  const withdraw = useWithdrawRequestMutation();
  return (
    <section className={card} aria-labelledby="sent-heading">
      <h2 id="sent-heading" className="font-semibold text-slate-900">
        Sent requests
      </h2>
      {query.isPending ? (
        <PersonRowsSkeleton rows={1} label="Loading sent requests" />
      ) : query.isError ? (
        <ListError query={query} what="your sent requests" className="mt-3" />
      ) : query.data.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Send className="size-4 shrink-0 text-slate-400" aria-hidden="true" /> No requests waiting for an
          answer.
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {query.data.map((r) => (
            <PersonRow
              key={r._id}
              user={r.user}
              note={`Sent ${timeAgo(r.createdAt)} ago`}
              actions={
                <button
                  type="button"
                  className={buttonStyles.quiet}
                  disabled={withdraw.isPending && withdraw.variables === r._id}
                  aria-label={`Withdraw request to ${personName(r.user)}`}
                  onClick={() =>
                    withdraw.mutate(r._id, {
                      onSuccess: () => toast.success('Request withdrawn'),
                      onError: failed('Could not withdraw the request'),
                    })
                  }
                >
                  Withdraw
                </button>
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function Connections({ message }: { message?: (user: PublicUser) => React.ReactNode }) {
  const query = useConnectionsQuery();
  const remove = useRemoveConnectionMutation();
  const [removing, setRemoving] = useState<PublicUser | null>(null);
  const connections = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section className={card} aria-labelledby="connections-heading">
      <h2 id="connections-heading" className="font-semibold text-slate-900">
        Connections
      </h2>
      {query.isPending ? (
        <PersonRowsSkeleton rows={3} label="Loading connections" />
      ) : query.isError ? (
        <ListError query={query} what="your connections" className="mt-3" />
      ) : connections.length === 0 ? (
        <EmptyState icon={Users} title="No connections yet">
          Connect with people you may know, or meet people through{' '}
          <Link to={paths.collaboration('all')} className="font-medium text-brand-700 hover:underline">
            collaboration requests
          </Link>
          .
        </EmptyState>
      ) : (
        <>
          <ul className="mt-1 divide-y divide-slate-100">
            {connections.map((c) => (
              <PersonRow
                key={c.user._id}
                user={c.user}
                note={`Connected ${timeAgo(c.connectedAt)} ago`}
                actions={
                  <>
                    {message?.(c.user)}
                    <button
                      type="button"
                      className={buttonStyles.ghost}
                      aria-label={`Remove ${personName(c.user)}`}
                      onClick={() => setRemoving(c.user)}
                    >
                      <UserMinus className="size-4" aria-hidden="true" /> Remove
                    </button>
                  </>
                }
              />
            ))}
          </ul>
          <ShowMore query={query} />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove connection?"
        description={
          removing
            ? `${personName(removing)} will no longer be one of your connections. They are not told; either of you can ask to connect again.`
            : ''
        }
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing._id, {
            onSuccess: () => {
              toast.success('Connection removed');
              setRemoving(null);
            },
            onError: failed('Could not remove the connection'),
          })
        }
      />
    </section>
  );
}
