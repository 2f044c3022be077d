import type { CaseSummary } from '@muster/contract/moderation-queue';
import {
  type ReportReason,
  reportReasonLabels,
  reportReasons,
  reportTargetTypes,
} from '@muster/contract/safety';
import { AlertTriangle, ShieldCheck, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, ShowMore } from '../../../components/person-row';
import { StaffOnly } from './staff-only';
import { timeAgo } from '../../../lib/time';
import { type QueueFilters, useCasesQuery } from './api/cases';
import { personName, snapshotHeadline, targetLabels } from './labels';
import { staffPaths } from '../../../lib/staff-paths';

const ALL_OPEN: QueueFilters = { status: 'open', reason: '', targetType: '', assigned: 'anyone' };

/** Danger first, then how many reported it: what the queue sorts by, said on each item. */
export function PriorityBadge({ c }: { c: Pick<CaseSummary, 'danger' | 'reporterCount'> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      {c.danger && (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
          <AlertTriangle className="size-3.5" aria-hidden="true" /> Danger
        </span>
      )}
      <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
        <Users className="size-3.5" aria-hidden="true" />
        {c.reporterCount} {c.reporterCount === 1 ? 'reporter' : 'reporters'}
      </span>
    </span>
  );
}

const reasonsText = (c: CaseSummary) =>
  c.reasons.map((r) => `${reportReasonLabels[r.reason]}${r.count > 1 ? ` (${r.count})` : ''}`).join(', ');

/** One case: a card on a phone, a row of a denser list from `md` up. */
function CaseItem({ c }: { c: CaseSummary }) {
  return (
    <li>
      <Link
        to={staffPaths.moderationCase(c.id)}
        className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 md:grid md:grid-cols-[9rem_minmax(0,1fr)_12rem_8rem] md:items-center md:gap-4 md:rounded-none md:border-0 md:border-b md:px-4 md:py-3 md:shadow-none"
      >
        <div className="flex items-center justify-between gap-2 md:block">
          <PriorityBadge c={c} />
        </div>
        <div className="mt-2 min-w-0 md:mt-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {targetLabels[c.targetType]}
            {c.author && <span className="normal-case tracking-normal"> · {personName(c.author)}</span>}
          </p>
          <p className="mt-0.5 line-clamp-2 break-words text-sm text-slate-900 md:line-clamp-1">
            {snapshotHeadline(c.snapshot)}
          </p>
        </div>
        <p className="mt-2 text-sm text-slate-700 md:mt-0">{reasonsText(c)}</p>
        <p className="mt-1 text-xs text-slate-500 md:mt-0 md:text-right">
          {c.status === 'closed' && c.closedAt
            ? `Closed ${timeAgo(c.closedAt)} ago`
            : `First reported ${timeAgo(c.firstReportedAt)} ago`}
          {c.assignee && <span className="block">With {c.assignee.name}</span>}
        </p>
      </Link>
    </li>
  );
}

function QueueSkeleton() {
  return (
    <ul className="space-y-3 md:space-y-0" role="status" aria-label="Loading cases">
      {Array.from({ length: 4 }, (_, i) => (
        <li
          key={i}
          className="animate-pulse rounded-xl border border-slate-200 bg-white p-4 md:rounded-none md:border-0 md:border-b"
          aria-hidden="true"
        >
          <div className="h-4 w-24 rounded-full bg-slate-200" />
          <div className="mt-3 h-3 w-3/4 rounded bg-slate-200" />
          <div className="mt-2 h-3 w-1/2 rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** /moderation: the queue, most urgent first (issue 35 item 2, decision 068). Staff only. */
export function ModerationQueuePage() {
  const [filters, setFilters] = useState<QueueFilters>(ALL_OPEN);
  const query = useCasesQuery(filters);
  const set = <K extends keyof QueueFilters>(key: K, value: QueueFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const cases = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = filters.reason !== '' || filters.targetType !== '' || filters.assigned !== 'anyone';

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Moderation queue</h1>
        {/* The other staff work: appeals against strikes (issue 35 item 3), organisations asking to be verified (069). */}
        <nav aria-label="Other staff work" className="flex flex-wrap gap-x-4 gap-y-1">
          <Link
            to={staffPaths.moderationAppeals}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Appeals
          </Link>
          <Link
            to={staffPaths.moderationOrganisations}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            Organisations to verify
          </Link>
        </nav>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Reports grouped by what they are about. Danger comes first, then what most people reported, then the
        oldest.
      </p>

      <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4" role="group" aria-label="Filter cases">
        <label className="text-sm font-medium text-slate-700">
          Status
          <select
            className={selectClass}
            value={filters.status}
            onChange={(e) => set('status', e.target.value as QueueFilters['status'])}
          >
            <option value="open">Open</option>
            <option value="closed">Closed</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Reason
          <select
            className={selectClass}
            value={filters.reason}
            onChange={(e) => set('reason', e.target.value as ReportReason | '')}
          >
            <option value="">Any reason</option>
            {reportReasons.map((r) => (
              <option key={r} value={r}>
                {reportReasonLabels[r]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Kind
          <select
            className={selectClass}
            value={filters.targetType}
            onChange={(e) => set('targetType', e.target.value as QueueFilters['targetType'])}
          >
            <option value="">Anything</option>
            {reportTargetTypes.map((t) => (
              <option key={t} value={t}>
                {targetLabels[t]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Assigned
          <select
            className={selectClass}
            value={filters.assigned}
            onChange={(e) => set('assigned', e.target.value as QueueFilters['assigned'])}
          >
            <option value="anyone">Anyone</option>
            <option value="me">To me</option>
            <option value="unassigned">Nobody yet</option>
          </select>
        </label>
      </div>

      <section
        className="mt-5 md:overflow-hidden md:rounded-2xl md:border md:border-slate-200 md:bg-white md:shadow-sm"
        aria-label="Cases"
      >
        <div
          className="hidden border-b border-slate-200 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500 md:grid md:grid-cols-[9rem_minmax(0,1fr)_12rem_8rem] md:gap-4"
          aria-hidden="true"
        >
          <span>Priority</span>
          <span>Reported content</span>
          <span>Reasons</span>
          <span className="text-right">When</span>
        </div>
        {query.isPending ? (
          <QueueSkeleton />
        ) : query.isError ? (
          <ListError query={query} what="the moderation queue" className="m-4" />
        ) : cases.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white md:border-0">
            <EmptyState icon={ShieldCheck} title="Nothing to review">
              {filters.status === 'open'
                ? 'New reports land here as they come in.'
                : 'Closed cases show here once someone dismisses or acts on one.'}
              <div className="mt-3 flex flex-wrap justify-center gap-2">
                {filtered && (
                  <button
                    type="button"
                    className={buttonStyles.quiet}
                    onClick={() => setFilters({ ...ALL_OPEN, status: filters.status })}
                  >
                    Clear filters
                  </button>
                )}
                <button
                  type="button"
                  className={buttonStyles.outline}
                  onClick={() => set('status', filters.status === 'open' ? 'closed' : 'open')}
                >
                  {filters.status === 'open' ? 'See closed cases' : 'See open cases'}
                </button>
              </div>
            </EmptyState>
          </div>
        ) : (
          <>
            <ul className="space-y-3 md:space-y-0">
              {cases.map((c) => (
                <CaseItem key={c.id} c={c} />
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
export function ModerationQueueRoute() {
  return <StaffOnly page={ModerationQueuePage} />;
}
