import { blockRemoteSchema, type RemoteBlock } from '@muster/contract/federation';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../../components/avatar';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, PersonRowsSkeleton } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useBlockRemoteMutation, useRemoteBlocksQuery, useUnblockRemoteMutation } from '../api/remote-blocks';

const card = 'mt-6 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5';
const nameOf = (b: RemoteBlock) => b.name || b.handle || b.actor;

/**
 * People on other servers of the fediverse I blocked (decision 092), under my blocked people: a
 * form to block someone by `@user@host`, and the list, each with Unblock.
 */
export function RemoteBlocks() {
  return (
    <section className={card} aria-labelledby="remote-blocks-heading">
      <h2 id="remote-blocks-heading" className="text-base font-semibold text-slate-900">
        People on other servers
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Someone on Mastodon or another server you block no longer follows you, gets nothing of yours, and
        their replies, likes and boosts of your posts go. They are not told.
      </p>
      <BlockRemoteForm />
      <RemoteBlockList />
    </section>
  );
}

function BlockRemoteForm() {
  const [handle, setHandle] = useState('');
  const form = useContractForm({ id: 'remote-block', fields: ['handle'] });
  const mutation = useBlockRemoteMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(blockRemoteSchema, { handle });
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (block) => {
        toast.success(`You blocked ${nameOf(block)}`);
        setHandle('');
        form.clear();
      },
      onError: (err) => {
        if (!form.refused(err)) toast.error(errorMessage(err, 'Could not block that account'));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3">
      <label htmlFor={form.fieldId('handle')} className="block text-sm font-medium text-slate-700">
        Block someone on another server
      </label>
      <div className="mt-1 flex flex-col gap-2 sm:flex-row">
        <input
          id={form.fieldId('handle')}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={handle}
          placeholder="@someone@mastodon.example"
          onChange={(e) => setHandle(e.target.value)}
          {...form.aria('handle', 'remote-block-help')}
          className="block w-full min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <button type="submit" className={buttonStyles.primary} disabled={mutation.isPending}>
          Block
        </button>
      </div>
      <FieldError form={form} field="handle" />
      <p id="remote-block-help" className="mt-1 text-xs text-slate-500">
        Their handle, like @someone@mastodon.example, or the address of their profile.
      </p>
      <FormError form={form} />
    </form>
  );
}

function RemoteBlockList() {
  const query = useRemoteBlocksQuery();
  const undo = useUnblockRemoteMutation();
  if (query.isPending) return <PersonRowsSkeleton rows={2} label="Loading people on other servers" />;
  if (query.isError) return <ListError query={query} what="people on other servers" className="my-4" />;
  if (query.data.length === 0)
    return (
      <EmptyState icon={Globe} title="You haven't blocked anyone on other servers">
        Type their handle above, like @someone@mastodon.example.
      </EmptyState>
    );
  return (
    <ul className="mt-3 divide-y divide-slate-100" aria-label="People on other servers you blocked">
      {query.data.map((b) => (
        <li key={b.id} className="flex items-center gap-3 py-3">
          <Avatar
            person={{
              _id: b.id,
              username: b.handle ?? b.host,
              firstName: b.name ?? '',
              lastName: '',
              profilePicture: b.avatar ?? '',
            }}
            className="size-11 shrink-0"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">{nameOf(b)}</p>
            <p className="truncate text-sm text-slate-600">
              {b.handle ?? b.host} · Blocked {formatDate(b.since)}
            </p>
          </div>
          <button
            type="button"
            className={buttonStyles.quiet}
            disabled={undo.isPending && undo.variables === b.id}
            aria-label={`Unblock ${nameOf(b)}`}
            onClick={() =>
              undo.mutate(b.id, {
                onSuccess: () => toast.success(`You unblocked ${nameOf(b)}`),
                onError: (err) => toast.error(errorMessage(err, 'Could not unblock')),
              })
            }
          >
            Unblock
          </button>
        </li>
      ))}
    </ul>
  );
}
