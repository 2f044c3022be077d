import type { Role } from '@muster/contract/moderation';
import {
  type FederatedServer,
  SERVER_REASON_MAX,
  type ServerPolicy,
  setServerPolicySchema,
  type SetServerPolicyInput,
} from '@muster/contract/federation';
import { Ban, Globe, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRemoveServerMutation, useServersQuery, useSetServerMutation } from '../api/servers';
import { AdminFrame } from './admin-frame';

const card = 'mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5';
const policyLabels: Record<ServerPolicy, string> = { blocked: 'Blocked', limited: 'Limited' };
const policyHints: Record<ServerPolicy, string> = {
  blocked:
    'Nothing it sends is accepted and nothing is sent to it. Its people stop following anyone here, and what we kept from it (posts, replies, likes) is deleted.',
  limited:
    'Its people can still follow public people here, but their replies, likes and boosts only count when someone here follows them.',
};
const badge: Record<ServerPolicy, string> = {
  blocked: 'bg-red-50 text-red-800 ring-red-200',
  limited: 'bg-amber-50 text-amber-900 ring-amber-200',
};

/**
 * /moderation/servers (decision 088): the other servers of the fediverse an admin blocked or
 * limited, with what we hold from each; block, limit, change or lift, each audited.
 */
export function ServersPage({ viewerRole }: { viewerRole: Role }) {
  return (
    <AdminFrame
      viewerRole={viewerRole}
      title="Federated servers"
      intro="Other servers on the fediverse (Mastodon, other Musters) that you blocked or limited. A block cuts a server off completely; a limit keeps its people out of sight unless someone here follows them."
    >
      <SetServerForm />
      <ServerList />
    </AdminFrame>
  );
}

function SetServerForm() {
  const [host, setHost] = useState('');
  const [policy, setPolicy] = useState<ServerPolicy>('blocked');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<SetServerPolicyInput | null>(null);
  const form = useContractForm({ id: 'server', fields: ['host', 'policy', 'reason'] });
  const mutation = useSetServerMutation();

  function send(body: SetServerPolicyInput) {
    mutation.mutate(body, {
      onSuccess: (server) => {
        toast.success(`${server.host} is now ${server.policy === 'blocked' ? 'blocked' : 'limited'}`);
        setHost('');
        setReason('');
        setConfirming(null);
        form.clear();
      },
      onError: (err) => {
        setConfirming(null);
        if (!form.refused(err)) form.clear();
        toast.error(errorMessage(err, 'Could not save it'));
      },
    });
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(setServerPolicySchema, { host, policy, reason });
    if (!body) return;
    // A block deletes what we kept from the server: said once more before it happens.
    if (body.policy === 'blocked') setConfirming(body);
    else send(body);
  }

  return (
    <section className={card} aria-labelledby="server-add-heading">
      <h2 id="server-add-heading" className="text-base font-semibold text-slate-900">
        Block or limit a server
      </h2>
      <form onSubmit={submit} noValidate className="mt-3">
        <label htmlFor={form.fieldId('host')} className="block text-sm font-medium text-slate-700">
          Server
        </label>
        <input
          id={form.fieldId('host')}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={host}
          placeholder="e.g. spam.example"
          onChange={(e) => setHost(e.target.value)}
          {...form.aria('host', 'server-host-help')}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <FieldError form={form} field="host" />
        <p id="server-host-help" className="mt-1 text-xs text-slate-500">
          Its host name, without https:// — it covers its subdomains too.
        </p>
        <fieldset className="mt-4">
          <legend className="text-sm font-medium text-slate-700">What to do</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            {(['blocked', 'limited'] as const).map((p) => (
              <label
                key={p}
                className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="server-policy"
                  value={p}
                  checked={policy === p}
                  onChange={() => setPolicy(p)}
                  aria-describedby="server-policy-help"
                  className="size-4 accent-brand-600"
                />
                {p === 'blocked' ? 'Block' : 'Limit'}
              </label>
            ))}
          </div>
          <p id="server-policy-help" className="mt-1 text-xs text-slate-500">
            {policyHints[policy]}
          </p>
          <FieldError form={form} field="policy" alert className="mt-2 text-sm text-red-700" />
        </fieldset>
        <label htmlFor={form.fieldId('reason')} className="mt-4 block text-sm font-medium text-slate-700">
          Why
        </label>
        <input
          id={form.fieldId('reason')}
          type="text"
          autoComplete="off"
          value={reason}
          maxLength={SERVER_REASON_MAX}
          placeholder="e.g. Spam waves since March, no moderation"
          onChange={(e) => setReason(e.target.value)}
          {...form.aria('reason', 'server-reason-help')}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <FieldError form={form} field="reason" />
        <p id="server-reason-help" className="mt-1 text-xs text-slate-500">
          Other admins read it here and in the audit log.
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
          <button type="submit" disabled={mutation.isPending} className={buttonStyles.primary}>
            {mutation.isPending ? 'Saving...' : policy === 'blocked' ? 'Block server' : 'Limit server'}
          </button>
        </div>
        <div className="mt-3 empty:hidden">
          <FormError form={form} />
        </div>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Block ${confirming?.host ?? ''}?`}
        description="Its people stop following anyone here, our people stop following its accounts, and the posts, replies and likes we kept from it are deleted. Lifting the block later does not bring them back."
        confirmLabel="Block server"
        pendingLabel="Blocking..."
        pending={mutation.isPending}
        onConfirm={() => confirming && send(confirming)}
      />
    </section>
  );
}

function ServerList() {
  const servers = useServersQuery();
  return (
    <section className={card} aria-labelledby="servers-heading">
      <h2 id="servers-heading" className="text-base font-semibold text-slate-900">
        Blocked and limited
      </h2>
      {servers.isPending ? (
        <div role="status" aria-label="Loading the servers" className="mt-3 space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-14 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : servers.isError ? (
        <ListError query={servers} what="the servers" className="my-3" />
      ) : servers.data.length === 0 ? (
        <EmptyState icon={Globe} title="No server is blocked or limited">
          Every server can reach this Muster. If one sends spam or abuse, enter its host name above to limit
          or block it.
        </EmptyState>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Blocked and limited servers">
          {servers.data.map((server) => (
            <ServerRow key={server.host} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ServerRow({ server }: { server: FederatedServer }) {
  const change = useSetServerMutation();
  const remove = useRemoveServerMutation();
  const [asking, setAsking] = useState<'change' | 'remove' | null>(null);
  const other: ServerPolicy = server.policy === 'blocked' ? 'limited' : 'blocked';
  const Icon = server.policy === 'blocked' ? Ban : VolumeX;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium text-slate-900">{server.host}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${badge[server.policy]}`}
            >
              {policyLabels[server.policy]}
            </span>
          </p>
          {server.reason && <p className="mt-0.5 break-words text-sm text-slate-700">{server.reason}</p>}
          <p className="mt-0.5 text-xs text-slate-500">
            Since {new Date(server.createdAt).toLocaleDateString()}
            {server.addedBy ? ` by ${server.addedBy}` : ''} · {server.followers}{' '}
            {server.followers === 1 ? 'follower' : 'followers'} here · {server.remotePosts}{' '}
            {server.remotePosts === 1 ? 'post' : 'posts'} kept
          </p>
        </div>
      </div>
      <div className="flex gap-2 pl-7 sm:pl-0">
        <button
          type="button"
          className={buttonStyles.quiet}
          disabled={change.isPending}
          aria-label={`${other === 'blocked' ? 'Block' : 'Limit'} ${server.host} instead`}
          onClick={() => setAsking('change')}
        >
          {other === 'blocked' ? 'Block instead' : 'Limit instead'}
        </button>
        <button
          type="button"
          className={buttonStyles.quiet}
          disabled={remove.isPending}
          aria-label={`Lift the ${server.policy === 'blocked' ? 'block' : 'limit'} on ${server.host}`}
          onClick={() => setAsking('remove')}
        >
          Remove
        </button>
      </div>
      <ConfirmDialog
        open={asking === 'change'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`${other === 'blocked' ? 'Block' : 'Limit'} ${server.host} instead?`}
        description={
          other === 'blocked'
            ? 'Its people stop following anyone here, our people stop following its accounts, and what we kept from it is deleted.'
            : 'It can reach this Muster again, but its people only count for those here who follow them. What the block deleted does not come back.'
        }
        confirmLabel={other === 'blocked' ? 'Block server' : 'Limit server'}
        pending={change.isPending}
        destructive={other === 'blocked'}
        onConfirm={() =>
          change.mutate(
            { host: server.host, policy: other, reason: server.reason || 'Changed by an admin' },
            {
              onSuccess: () => {
                setAsking(null);
                toast.success(`${server.host} is now ${other === 'blocked' ? 'blocked' : 'limited'}`);
              },
              onError: (err) => {
                setAsking(null);
                toast.error(errorMessage(err, 'Could not change it'));
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={asking === 'remove'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Lift the ${server.policy === 'blocked' ? 'block' : 'limit'} on ${server.host}?`}
        description="It can reach this Muster as any other server again. What a block deleted does not come back."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        destructive={false}
        onConfirm={() =>
          remove.mutate(server, {
            onSuccess: () => {
              setAsking(null);
              toast.success(`${server.host} is no longer ${server.policy}`);
            },
            onError: (err) => {
              setAsking(null);
              toast.error(errorMessage(err, 'Could not remove it'));
            },
          })
        }
      />
    </li>
  );
}
