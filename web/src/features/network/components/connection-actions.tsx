import type { ConnectionState } from '@muster/contract/network';
import { Check, Clock, UserPlus } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { buttonStyles } from '../../../components/person-row';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptRequestMutation } from '../api/accept-request';
import { useConnectMutation } from '../api/connect';
import { useIgnoreRequestMutation } from '../api/ignore-request';
import { useWithdrawRequestMutation } from '../api/withdraw-request';

export type ConnectionSubject = {
  _id: string;
  firstName: string;
  lastName: string;
  connection: ConnectionState;
  connectionRequestId: string | null;
};

/**
 * What I can do about a person on their profile, by where we stand: Connect; Pending (withdraw,
 * after a confirm); Accept or Ignore their request; once connected, Message. `message` (from the
 * chats feature) also sits beside Connect when I may write to them without being connected.
 * `onChange` refreshes whoever holds the person's state (the profile).
 */
export function ConnectionActions({
  person,
  message,
  onChange,
}: {
  person: ConnectionSubject;
  message?: React.ReactNode;
  onChange?: () => void;
}) {
  const connect = useConnectMutation();
  const accept = useAcceptRequestMutation();
  const ignore = useIgnoreRequestMutation();
  const withdraw = useWithdrawRequestMutation();
  const [confirmWithdraw, setConfirmWithdraw] = useState(false);
  const name = `${person.firstName} ${person.lastName}`.trim();
  const fail = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));

  switch (person.connection) {
    case 'connected':
      return (
        <>
          <span className="inline-flex items-center gap-1.5 rounded-full border border-transparent bg-emerald-50 px-3 py-1.5 text-sm font-medium text-emerald-800">
            <Check className="size-4" aria-hidden="true" /> Connected
          </span>
          {message}
        </>
      );
    case 'pending-received':
      return (
        <>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={accept.isPending || ignore.isPending}
            onClick={() =>
              person.connectionRequestId &&
              accept.mutate(person.connectionRequestId, {
                onSuccess: () => {
                  toast.success(`You are now connected with ${name}`);
                  onChange?.();
                },
                onError: fail('Could not accept the request'),
              })
            }
          >
            <Check className="size-4" aria-hidden="true" /> {accept.isPending ? 'Accepting...' : 'Accept'}
          </button>
          <button
            type="button"
            className={buttonStyles.quiet}
            disabled={accept.isPending || ignore.isPending}
            onClick={() =>
              person.connectionRequestId &&
              ignore.mutate(person.connectionRequestId, {
                onSuccess: () => {
                  toast.success('Request ignored');
                  onChange?.();
                },
                onError: fail('Could not ignore the request'),
              })
            }
          >
            Ignore
          </button>
          {message}
        </>
      );
    case 'pending-sent':
      return (
        <>
          <button
            type="button"
            className={buttonStyles.quiet}
            onClick={() => setConfirmWithdraw(true)}
            title="Withdraw your request"
          >
            <Clock className="size-4" aria-hidden="true" /> Pending
          </button>
          {message}
          <ConfirmDialog
            open={confirmWithdraw}
            onOpenChange={setConfirmWithdraw}
            title="Withdraw request?"
            description={`${name} will no longer see your request to connect. You can ask again later.`}
            confirmLabel="Withdraw"
            pendingLabel="Withdrawing..."
            pending={withdraw.isPending}
            onConfirm={() =>
              person.connectionRequestId &&
              withdraw.mutate(person.connectionRequestId, {
                onSuccess: () => {
                  setConfirmWithdraw(false);
                  toast.success('Request withdrawn');
                  onChange?.();
                },
                onError: fail('Could not withdraw the request'),
              })
            }
          />
        </>
      );
    default:
      return (
        <>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={connect.isPending}
            onClick={() =>
              connect.mutate(person._id, {
                onSuccess: (result) => {
                  toast.success(result.message);
                  onChange?.();
                },
                onError: fail('Could not send the request'),
              })
            }
          >
            <UserPlus className="size-4" aria-hidden="true" /> {connect.isPending ? 'Sending...' : 'Connect'}
          </button>
          {message}
        </>
      );
  }
}
