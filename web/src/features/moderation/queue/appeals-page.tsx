import { type AppealSummary, decideAppealSchema } from '@muster/contract/moderation-actions';
import { ArrowLeft, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, ShowMore } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { staffPaths } from '../../../lib/staff-paths';
import { whatWasDone } from '../../../lib/strike-words';
import { formatDate, timeAgo } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAppealsQuery, useDecideAppealMutation } from './api/appeals';
import { personName } from './labels';
import { StaffOnly } from './staff-only';

const panel = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const textarea =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:bg-slate-50';

const decidedWords = { upheld: 'Upheld', lifted: 'Lifted', pending: 'Waiting', none: '' } as const;

/** Uphold or Lift, with the reason the author is told; never for the moderator who acted. */
function Decide({ a, viewerId }: { a: AppealSummary; viewerId: string }) {
  const decide = useDecideAppealMutation();
  const id = `appeal-${a.strike.id}`;
  const form = useContractForm({ id, fields: ['reason'] as const });
  const [reason, setReason] = useState('');
  // The server refuses it too (issue 35: "a moderator other than the one who acted decides").
  const mine = a.actedBy?.id === viewerId;
  const send = (decision: 'uphold' | 'lift') => {
    const body = form.check(decideAppealSchema, { decision, reason });
    if (!body) return;
    decide.mutate(
      { strikeId: a.strike.id, ...body },
      {
        onSuccess: () =>
          toast.success(
            decision === 'lift'
              ? `Strike lifted. ${personName(a.author)} was told.`
              : `Strike upheld. ${personName(a.author)} was told.`,
          ),
        onError: (err) => {
          if (!form.refused(err)) toast.error(errorMessage(err, 'Could not decide the appeal'));
        },
      },
    );
  };
  return (
    <form className="mt-3 border-t border-slate-100 pt-3" noValidate onSubmit={(e) => e.preventDefault()}>
      {mine ? (
        <p id={`${id}-mine`} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          Another moderator decides this appeal: you took the action it is about.
        </p>
      ) : (
        <>
          <label htmlFor={form.fieldId('reason')} className="text-sm font-medium text-slate-700">
            Your decision, for the author
          </label>
          <textarea
            id={form.fieldId('reason')}
            rows={2}
            className={textarea}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            {...form.aria('reason')}
          />
          <FieldError form={form} field="reason" />
          <FormError form={form} />
        </>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonStyles.quiet}
          disabled={mine || decide.isPending}
          aria-describedby={mine ? `${id}-mine` : undefined}
          onClick={() => send('uphold')}
        >
          Uphold
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={mine || decide.isPending}
          aria-describedby={mine ? `${id}-mine` : undefined}
          onClick={() => send('lift')}
        >
          Lift
        </button>
      </div>
    </form>
  );
}

function AppealItem({ a, viewerId }: { a: AppealSummary; viewerId: string }) {
  const s = a.strike;
  return (
    <li className={panel}>
      <article aria-labelledby={`appeal-${s.id}-who`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`appeal-${s.id}-who`} className="text-base font-semibold text-slate-900">
            {personName(a.author)} <span className="font-normal text-slate-500">@{a.author.username}</span>
          </h2>
          <p className="text-xs text-slate-500">
            {s.appeal.appealedAt ? `Appealed ${timeAgo(s.appeal.appealedAt)} ago` : ''}
          </p>
        </div>
        <dl className="mt-2 space-y-2 text-sm">
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">The strike</dt>
            <dd className="text-slate-900">
              {s.ruleLabel}. {whatWasDone(s)}{' '}
              <span className="text-slate-500">({formatDate(s.createdAt)})</span>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Reason given</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">“{s.reason}”</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">The appeal</dt>
            <dd className="whitespace-pre-wrap break-words rounded-lg bg-brand-50 p-3 text-slate-900">
              {s.appeal.text ?? ''}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Acted on by</dt>
            <dd className="text-slate-900">
              {a.actedBy ? (a.actedBy.id === viewerId ? 'You' : a.actedBy.name) : 'A former moderator'}
              {s.caseId && (
                <>
                  {' · '}
                  <Link
                    to={staffPaths.moderationCase(s.caseId)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    See the case
                  </Link>
                </>
              )}
            </dd>
          </div>
        </dl>
        {s.appeal.state === 'pending' ? (
          <Decide a={a} viewerId={viewerId} />
        ) : (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{decidedWords[s.appeal.state]}</span>
            {s.appeal.decidedAt && ` on ${formatDate(s.appeal.decidedAt)}`}
            {s.appeal.decisionReason && `: “${s.appeal.decisionReason}”`}
          </p>
        )}
      </article>
    </li>
  );
}

/** /moderation/appeals: strikes their authors appealed, oldest first (issue 35 item 3). Staff only. */
export function ModerationAppealsPage({ viewerId }: { viewerId: string }) {
  const [state, setState] = useState<'pending' | 'decided'>('pending');
  const query = useAppealsQuery(state);
  const appeals = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <Link
        to={staffPaths.moderation}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Moderation queue
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Appeals</h1>
      <p className="mt-1 text-sm text-slate-600">
        Each author may appeal a strike once. A moderator other than the one who acted decides; the author is
        told the decision and your words.
      </p>
      <label className="mt-4 block max-w-xs text-sm font-medium text-slate-700">
        Show
        <select
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          value={state}
          onChange={(e) => setState(e.target.value as 'pending' | 'decided')}
        >
          <option value="pending">Waiting for a decision</option>
          <option value="decided">Decided</option>
        </select>
      </label>
      <section className="mt-4" aria-label="Appeals list">
        {query.isPending ? (
          <ul role="status" aria-label="Loading appeals" className="space-y-3">
            {[0, 1].map((i) => (
              <li key={i} className={`${panel} animate-pulse`} aria-hidden="true">
                <div className="h-4 w-40 rounded bg-slate-200" />
                <div className="mt-3 h-3 w-full rounded bg-slate-100" />
                <div className="mt-2 h-3 w-2/3 rounded bg-slate-100" />
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <ListError query={query} what="the appeals" />
        ) : appeals.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white">
            <EmptyState
              icon={Scale}
              title={state === 'pending' ? 'No appeals waiting' : 'No decided appeals yet'}
            >
              {state === 'pending'
                ? 'When someone appeals a strike, it lands here.'
                : 'Appeals show here once someone decides one.'}
              <div className="mt-3">
                <Link to={staffPaths.moderation} className={buttonStyles.outline}>
                  Back to the queue
                </Link>
              </div>
            </EmptyState>
          </div>
        ) : (
          <>
            <ul className="space-y-3">
              {appeals.map((a) => (
                <AppealItem key={a.strike.id} a={a} viewerId={viewerId} />
              ))}
            </ul>
            <ShowMore query={query} label="Load more" className="py-4" />
          </>
        )}
      </section>
    </div>
  );
}

/** The route: staff only. */
export function ModerationAppealsRoute() {
  return <StaffOnly page={ModerationAppealsPage} />;
}
