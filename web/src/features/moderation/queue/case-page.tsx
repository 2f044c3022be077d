import { addCaseNoteSchema, type CaseDetail, dismissCaseSchema } from '@muster/contract/moderation-queue';
import { reportReasonLabels } from '@muster/contract/safety';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { StaffOnly } from './staff-only';
import { formatDate, timeAgo } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAddNoteMutation, useAssignCaseMutation, useCaseQuery, useDismissCaseMutation } from './api/cases';
import { targetLabels } from './labels';
import { PriorityBadge } from './queue-page';
import { SnapshotView } from './snapshot-view';
import { staffPaths } from '../../../lib/staff-paths';
import { whatWasDone } from '../../../lib/strike-words';
import { ActionDialog } from './action-form';

const panel = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5';
const heading = 'text-base font-semibold text-slate-900';
const textarea =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

function AuthorHistory({ c }: { c: CaseDetail }) {
  const h = c.authorHistory;
  return (
    <section className={panel} aria-labelledby="author-history">
      <h2 id="author-history" className={heading}>
        The author’s record
      </h2>
      {!h ? (
        <p className="mt-2 text-sm text-slate-600">The account has been deleted.</p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Joined</dt>
              <dd className="text-sm font-semibold text-slate-900">{timeAgo(h.joinedAt)} ago</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Acted on</dt>
              <dd className="text-sm font-semibold text-slate-900">{h.actionedCount}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-2">
              <dt className="text-xs text-slate-500">Dismissed</dt>
              <dd className="text-sm font-semibold text-slate-900">{h.dismissedCount}</dd>
            </div>
          </dl>
          {h.earlierCases.length > 0 ? (
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {h.earlierCases.map((e) => (
                <li key={e.id} className="flex items-center justify-between gap-2 py-2">
                  <Link
                    to={staffPaths.moderationCase(e.id)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {targetLabels[e.targetType]}
                  </Link>
                  <span className="text-slate-600">
                    {e.resolution === 'dismissed' ? 'Dismissed' : 'Acted on'}
                    {e.closedAt && ` · ${formatDate(e.closedAt)}`}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-600">No earlier cases.</p>
          )}
        </>
      )}
    </section>
  );
}

function Notes({ c }: { c: CaseDetail }) {
  const add = useAddNoteMutation(c.id);
  const form = useContractForm({ id: 'case-note', fields: ['body'] as const });
  const [body, setBody] = useState('');
  return (
    <section className={panel} aria-labelledby="case-notes">
      <h2 id="case-notes" className={heading}>
        Internal notes
      </h2>
      <p className="text-xs text-slate-500">Only moderators and admins see these.</p>
      {c.notes.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No notes yet.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {c.notes.map((n) => (
            <li key={n.id} className="rounded-lg bg-amber-50 px-3 py-2 text-sm">
              <p className="whitespace-pre-wrap break-words text-slate-900">{n.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {n.author?.name ?? 'A former moderator'} · {timeAgo(n.createdAt)} ago
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = form.check(addCaseNoteSchema, { body });
          if (!input) return;
          add.mutate(input, {
            onSuccess: () => {
              setBody('');
              toast.success('Note added');
            },
            onError: (err) => {
              if (!form.refused(err)) toast.error(errorMessage(err, 'Could not add the note'));
            },
          });
        }}
      >
        <label htmlFor={form.fieldId('body')} className="text-sm font-medium text-slate-700">
          Add a note
        </label>
        <textarea
          id={form.fieldId('body')}
          rows={3}
          className={textarea}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          {...form.aria('body')}
        />
        <FieldError form={form} field="body" />
        <FormError form={form} />
        <button type="submit" className={`${buttonStyles.quiet} mt-2`} disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </button>
      </form>
    </section>
  );
}

function DismissDialog({
  c,
  open,
  onOpenChange,
}: {
  c: CaseDetail;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const dismiss = useDismissCaseMutation(c.id);
  const form = useContractForm({ id: 'dismiss', fields: ['reason'] as const });
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Dismiss this case"
      description="Dismissing closes the case without acting. Each reporter is told their report was reviewed; nobody is named."
      showDescription
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const input = form.check(dismissCaseSchema, { reason });
          if (!input) return;
          dismiss.mutate(input, {
            onSuccess: () => {
              onOpenChange(false);
              toast.success('Case dismissed. The reporters were told it was reviewed.');
            },
            onError: (err) => {
              if (!form.refused(err)) toast.error(errorMessage(err, 'Could not dismiss the case'));
            },
          });
        }}
      >
        <label htmlFor={form.fieldId('reason')} className="text-sm font-medium text-slate-700">
          Why it breaks no rule
        </label>
        <textarea
          id={form.fieldId('reason')}
          rows={3}
          className={textarea}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...form.aria('reason', 'dismiss-reason-hint')}
        />
        <p id="dismiss-reason-hint" className="mt-1 text-xs text-slate-500">
          For the audit log and other moderators; the reporters and the author do not see it.
        </p>
        <FieldError form={form} field="reason" />
        <FormError form={form} />
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={buttonStyles.ghost} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={dismiss.isPending}>
            {dismiss.isPending ? 'Dismissing…' : 'Dismiss case'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * How a closed case ended: dismissed, or acted on, with what was done when the answer carries the
 * case's strike (decision 070).
 */
function CaseOutcome({ c }: { c: CaseDetail }) {
  const strike = c.strike;
  const who = c.closedBy ? ` by ${c.closedBy.name}` : '';
  const when = c.closedAt ? ` on ${formatDate(c.closedAt)}` : '';
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-semibold text-slate-900">
        {c.resolution === 'actioned' ? 'Acted on' : 'Dismissed'}
        {who}
        {when}
      </p>
      {strike && (
        <p className="mt-1">
          {whatWasDone(strike)} Rule: {strike.ruleLabel}.
        </p>
      )}
      {c.resolutionReason && <p className="mt-1 text-slate-900">“{c.resolutionReason}”</p>}
    </div>
  );
}

function CaseSkeleton() {
  return (
    <div role="status" aria-label="Loading the case" className="mt-4 space-y-4">
      {[0, 1, 2].map((i) => (
        <div key={i} className={`${panel} animate-pulse`} aria-hidden="true">
          <div className="h-4 w-32 rounded bg-slate-200" />
          <div className="mt-3 h-3 w-full rounded bg-slate-100" />
          <div className="mt-2 h-3 w-2/3 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

function CaseView({ c, viewerId }: { c: CaseDetail; viewerId: string }) {
  const assign = useAssignCaseMutation(c.id);
  const [dismissing, setDismissing] = useState(false);
  const [acting, setActing] = useState(false);
  const latest = JSON.stringify(c.snapshot);
  const mine = c.assignee?.id === viewerId;
  const take = (assigneeId: string | null, done: string) =>
    assign.mutate(assigneeId, {
      onSuccess: () => toast.success(done),
      onError: (err) => toast.error(errorMessage(err, 'Could not change who has the case')),
    });

  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <header className={panel}>
          <div className="flex flex-wrap items-center gap-2">
            <PriorityBadge c={c} />
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.status === 'open' ? 'bg-brand-50 text-brand-800' : 'bg-slate-200 text-slate-700'}`}
            >
              {c.status === 'open' ? 'Open' : 'Closed'}
            </span>
          </div>
          <h1 className="mt-2 text-xl font-bold text-slate-900">
            Reported {targetLabels[c.targetType].toLowerCase()}
          </h1>
          <p className="text-sm text-slate-600">
            First reported {timeAgo(c.firstReportedAt)} ago
            {c.lastReportedAt !== c.firstReportedAt && `, last ${timeAgo(c.lastReportedAt)} ago`}
          </p>
          {c.status === 'closed' && <CaseOutcome c={c} />}
        </header>

        <section className={panel} aria-labelledby="as-reported">
          <h2 id="as-reported" className={heading}>
            As it was when last reported
          </h2>
          <p className="mb-3 text-xs text-slate-500">
            Kept with the report: later edits or deletion do not change it.
          </p>
          <div className="rounded-xl border border-slate-200 p-4">
            <SnapshotView snapshot={c.snapshot} />
          </div>
        </section>

        <section className={panel} aria-labelledby="reports">
          <h2 id="reports" className={heading}>
            Reports ({c.reports.length})
          </h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {c.reports.map((r) => (
              <li key={r.id} className="py-3">
                <p className="text-sm font-semibold text-slate-900">{reportReasonLabels[r.reason]}</p>
                {r.note ? (
                  <p className="mt-0.5 whitespace-pre-wrap break-words text-sm text-slate-700">“{r.note}”</p>
                ) : (
                  <p className="mt-0.5 text-sm text-slate-500">No note</p>
                )}
                <p className="mt-0.5 text-xs text-slate-500">{timeAgo(r.createdAt)} ago</p>
                {JSON.stringify(r.snapshot) !== latest && (
                  <details className="mt-2 rounded-lg border border-slate-200 p-3">
                    <summary className="cursor-pointer text-sm font-medium text-slate-700">
                      This reporter saw an earlier version
                    </summary>
                    <div className="mt-2">
                      <SnapshotView snapshot={r.snapshot} />
                    </div>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </section>
      </div>

      <aside className="space-y-4">
        {c.status === 'open' && (
          <section className={panel} aria-labelledby="case-actions">
            <h2 id="case-actions" className={heading}>
              Decide
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {c.assignee ? `With ${mine ? 'you' : c.assignee.name}` : 'Nobody has taken this case yet.'}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {mine ? (
                <button
                  type="button"
                  className={buttonStyles.quiet}
                  disabled={assign.isPending}
                  onClick={() => take(null, 'Case released')}
                >
                  Release
                </button>
              ) : (
                <button
                  type="button"
                  className={buttonStyles.outline}
                  disabled={assign.isPending}
                  onClick={() => take(viewerId, 'The case is yours')}
                >
                  Take this case
                </button>
              )}
              <button type="button" className={buttonStyles.quiet} onClick={() => setDismissing(true)}>
                Dismiss
              </button>
              <button
                type="button"
                className={buttonStyles.primary}
                aria-haspopup="dialog"
                onClick={() => setActing(true)}
              >
                Take action
              </button>
            </div>
            <DismissDialog c={c} open={dismissing} onOpenChange={setDismissing} />
            {acting && <ActionDialog c={c} open onOpenChange={setActing} />}
          </section>
        )}
        <AuthorHistory c={c} />
        <Notes c={c} />
      </aside>
    </div>
  );
}

/** /moderation/cases/:caseId: one case, as the moderator decides it (decision 068). Staff only. */
export function ModerationCasePage({ viewerId }: { viewerId: string }) {
  const { caseId = '' } = useParams();
  const query = useCaseQuery(caseId);
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <Link
        to={staffPaths.moderation}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Moderation queue
      </Link>
      {!query.isSuccess && <h1 className="sr-only">Moderation case</h1>}
      {query.isPending ? (
        <CaseSkeleton />
      ) : query.isError ? (
        <ListError query={query} what="this case" className="mt-4" />
      ) : (
        <CaseView c={query.data} viewerId={viewerId} />
      )}
    </div>
  );
}

/** The route: staff only. */
export function ModerationCaseRoute() {
  return <StaffOnly page={ModerationCasePage} />;
}
