import type { Role } from '@muster/contract/moderation';
import {
  addWatchedSchema,
  WATCHED_WORD_MAX,
  type WatchedEntry,
  type WatchedKind,
} from '@muster/contract/moderation-watch';
import { Eye, Link2, Type } from 'lucide-react';
import { useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAddWatchedMutation, useRemoveWatchedMutation, useWatchedQuery } from '../api/watched';
import { AdminFrame } from './admin-frame';

const card = 'mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5';
const kindLabels: Record<WatchedKind, string> = { word: 'Word or phrase', domain: 'Link domain' };
const kindHints: Record<WatchedKind, string> = {
  word: 'Matched as a whole word, in any case: “fire” does not match “firewood”.',
  domain: 'Matches links to it and to its subdomains: scam.example also catches give.scam.example.',
};

/**
 * /moderation/watched (decision 072): the words and link domains that send a post or comment to
 * the queue for a moderator's look. Nothing is blocked: the words of a disaster are everyday here.
 */
export function WatchedPage({ viewerRole }: { viewerRole: Role }) {
  return (
    <AdminFrame
      viewerRole={viewerRole}
      title="Watched words"
      intro="Posts and comments that use one of these words or link to one of these sites go to the report queue for a look. They are still published: nothing here blocks anyone."
    >
      <AddWatchedForm />
      <WatchedList />
    </AdminFrame>
  );
}

function AddWatchedForm() {
  const [kind, setKind] = useState<WatchedKind>('word');
  const [value, setValue] = useState('');
  const form = useContractForm({ id: 'watched', fields: ['kind', 'value'] });
  const mutation = useAddWatchedMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(addWatchedSchema, { kind, value });
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (entry) => {
        toast.success(`Now watching “${entry.value}”`);
        setValue('');
        form.clear();
      },
      onError: (err) => {
        if (!form.refused(err)) form.clear();
        toast.error(errorMessage(err, 'Could not add it to the list'));
      },
    });
  }

  return (
    <section className={card} aria-labelledby="watch-add-heading">
      <h2 id="watch-add-heading" className="text-base font-semibold text-slate-900">
        Watch a word or a site
      </h2>
      <form onSubmit={submit} noValidate className="mt-3">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">What to watch</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            {(['word', 'domain'] as const).map((k) => (
              <label
                key={k}
                className="flex flex-1 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="watched-kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  className="size-4 accent-brand-600"
                />
                {kindLabels[k]}
              </label>
            ))}
          </div>
          <FieldError form={form} field="kind" alert className="mt-2 text-sm text-red-700" />
        </fieldset>
        <label htmlFor={form.fieldId('value')} className="mt-4 block text-sm font-medium text-slate-700">
          {kind === 'word' ? 'Word or phrase to watch' : 'Domain to watch'}
        </label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <input
              id={form.fieldId('value')}
              type="text"
              autoComplete="off"
              value={value}
              placeholder={kind === 'word' ? 'e.g. wire the fee' : 'e.g. scam.example'}
              onChange={(e) => setValue(e.target.value)}
              {...form.aria('value', 'watched-value-help')}
              className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
            />
            <FieldError form={form} field="value" />
          </div>
          <button type="submit" disabled={mutation.isPending} className={`${buttonStyles.primary} sm:mt-0.5`}>
            {mutation.isPending ? 'Adding...' : 'Add to the list'}
          </button>
        </div>
        <p id="watched-value-help" className="mt-1 text-xs text-slate-500">
          {kindHints[kind]}
          {kind === 'word' ? ` Up to ${WATCHED_WORD_MAX} characters.` : ''}
        </p>
        <div className="mt-3 empty:hidden">
          <FormError form={form} />
        </div>
      </form>
    </section>
  );
}

function WatchedList() {
  const watched = useWatchedQuery();
  return (
    <section className={card} aria-labelledby="watched-heading">
      <h2 id="watched-heading" className="text-base font-semibold text-slate-900">
        On the list
      </h2>
      {watched.isPending ? (
        <div role="status" aria-label="Loading the list" className="mt-3 space-y-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded-lg bg-slate-100" />
          ))}
        </div>
      ) : watched.isError ? (
        <ListError query={watched} what="the watched list" className="my-3" />
      ) : watched.data.length === 0 ? (
        <EmptyState icon={Eye} title="Nothing is watched yet">
          Add a word scammers use, or a site they link to, above. Matching posts will wait in the queue for a
          look.
        </EmptyState>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Watched words and domains">
          {watched.data.map((entry) => (
            <WatchedRow key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WatchedRow({ entry }: { entry: WatchedEntry }) {
  const remove = useRemoveWatchedMutation();
  const Icon = entry.kind === 'word' ? Type : Link2;
  return (
    <li className="flex items-center gap-3 py-3">
      <Icon className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          <span className="sr-only">{entry.kind === 'word' ? 'Word: ' : 'Domain: '}</span>
          {entry.value}
        </p>
        <p className="truncate text-xs text-slate-500">
          Added {new Date(entry.createdAt).toLocaleDateString()}
          {entry.addedBy ? ` by ${entry.addedBy}` : ''}
        </p>
      </div>
      <button
        type="button"
        className={buttonStyles.quiet}
        disabled={remove.isPending}
        aria-label={`Stop watching ${entry.value}`}
        onClick={() =>
          remove.mutate(entry, {
            onSuccess: () => toast.success(`Stopped watching “${entry.value}”`),
            onError: (err) => toast.error(errorMessage(err, 'Could not remove it')),
          })
        }
      >
        {remove.isPending ? 'Removing...' : 'Remove'}
      </button>
    </li>
  );
}
