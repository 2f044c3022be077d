import { type AuditEntryView, auditActionLabels, auditQuerySchema } from '@muster/contract/admin';
import { type Role, roles } from '@muster/contract/moderation';
import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { FieldError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { buttonStyles, EmptyState, ShowMore } from '../../../components/person-row';
import type { AuditFilters } from '../api/admin-keys';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAuditQuery } from '../api/get-audit';
import { AdminFrame, roleLabels } from './admin-frame';

const noFilters: AuditFilters = { action: '', actor: '', subject: '' };
const isRole = (v: unknown): v is Role => typeof v === 'string' && (roles as readonly string[]).includes(v);
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What changed, in words: "Member → Moderator" for a role, else each detail as "key: value". */
function detailsOf(entry: AuditEntryView): string {
  const { from, to, ...rest } = entry.details;
  const parts: string[] = [];
  if (isRole(from) && isRole(to)) parts.push(`${roleLabels[from]} → ${roleLabels[to]}`);
  for (const [key, value] of Object.entries(isRole(from) && isRole(to) ? rest : entry.details))
    parts.push(`${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return parts.join(' · ');
}

function AuditRow({ entry }: { entry: AuditEntryView }) {
  const details = detailsOf(entry);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
          {auditActionLabels[entry.action] ?? entry.action}
        </span>
        {details && <span className="text-sm font-medium text-slate-900">{details}</span>}
        <time dateTime={entry.createdAt} className="ml-auto text-xs text-slate-500">
          {when(entry.createdAt)}
        </time>
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        <span className="text-slate-500">By</span> {entry.actorName}
        {entry.subjectName && (
          <>
            {' '}
            <span className="text-slate-500">about</span> {entry.subjectName}
          </>
        )}
      </p>
      {entry.reason && (
        <p className="mt-1 break-words border-l-2 border-slate-200 pl-3 text-sm text-slate-600">
          {entry.reason}
        </p>
      )}
    </li>
  );
}

function RowsSkeleton() {
  return (
    <ul className="divide-y divide-slate-100" role="status" aria-label="Loading the audit log">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="animate-pulse space-y-2 py-3" aria-hidden="true">
          <div className="flex gap-3">
            <div className="h-4 w-24 rounded-full bg-slate-200" />
            <div className="h-4 w-40 max-w-full rounded bg-slate-100" />
          </div>
          <div className="h-3 w-72 max-w-full rounded bg-slate-100" />
        </li>
      ))}
    </ul>
  );
}

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

/** /moderation/audit: every moderation action and role change, newest first (admins only; decision 067). */
export function AuditPage({ viewerRole }: { viewerRole: Role }) {
  return (
    <AdminFrame
      viewerRole={viewerRole}
      title="Audit log"
      intro="Every moderation action and role change: who, what, about whom, why and when. Entries can't be edited or deleted."
    >
      <AuditLog />
    </AdminFrame>
  );
}

function AuditLog() {
  const [draft, setDraft] = useState<AuditFilters>(noFilters);
  const [filters, setFilters] = useState<AuditFilters>(noFilters);
  const form = useContractForm({ id: 'audit', fields: ['action', 'actor', 'subject'] });
  const log = useAuditQuery(filters);
  const filtered = Object.values(filters).some((v) => v.trim());
  const entries = log.data?.pages.flatMap((p) => p.data) ?? [];
  const field = (key: keyof AuditFilters) => ({
    id: form.fieldId(key),
    ...form.aria(key),
    value: draft[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setDraft({ ...draft, [key]: e.target.value }),
  });
  const clear = () => {
    setDraft(noFilters);
    setFilters(noFilters);
    form.clear();
  };
  const apply = () => {
    const next = {
      action: draft.action,
      actor: draft.actor.trim().replace(/^@/, ''),
      subject: draft.subject.trim().replace(/^@/, ''),
    };
    // The server's own rules, checked here first: a filter it would refuse is said on its field.
    if (form.check(auditQuerySchema, next)) setFilters(next);
  };

  return (
    <>
      <form
        className="mt-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-start"
        aria-label="Filter the audit log"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium text-slate-700">
            Action
          </label>
          <select {...field('action')} className={input}>
            <option value="">All actions</option>
            {Object.entries(auditActionLabels).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
          <FieldError form={form} field="action" />
        </div>
        <div>
          <label htmlFor="audit-actor" className="block text-sm font-medium text-slate-700">
            By (username)
          </label>
          <input {...field('actor')} type="text" autoComplete="off" placeholder="anyone" className={input} />
          <FieldError form={form} field="actor" />
        </div>
        <div>
          <label htmlFor="audit-subject" className="block text-sm font-medium text-slate-700">
            About (username)
          </label>
          <input
            {...field('subject')}
            type="text"
            autoComplete="off"
            placeholder="anyone"
            className={input}
          />
          <FieldError form={form} field="subject" />
        </div>
        <div className="flex gap-2 sm:pt-6">
          <button type="submit" className={buttonStyles.primary}>
            Filter
          </button>
          {filtered && (
            <button type="button" className={buttonStyles.ghost} onClick={clear}>
              Clear
            </button>
          )}
        </div>
      </form>

      <section
        className="mt-4 rounded-2xl border border-slate-200 bg-white px-4 py-1 shadow-sm sm:px-5"
        aria-label="Audit entries"
      >
        {log.isPending ? (
          <RowsSkeleton />
        ) : log.isError && entries.length === 0 ? (
          <ListError query={log} what="the audit log" className="my-4" />
        ) : entries.length === 0 ? (
          filtered ? (
            <EmptyState icon={ScrollText} title="No entries match these filters">
              <button type="button" className={`${buttonStyles.quiet} mt-2`} onClick={clear}>
                Clear the filters
              </button>
            </EmptyState>
          ) : (
            <EmptyState icon={ScrollText} title="Nothing recorded yet">
              Role changes and moderators' actions appear here as they happen. Start on the Staff page by
              making someone a moderator.
            </EmptyState>
          )
        ) : (
          <ul className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <AuditRow key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
      <ShowMore query={log} />
    </>
  );
}
