import {
  DECISION_REASON_MAX,
  type StaffVerificationRequest,
  verificationDecisionSchema,
  verificationRevokeSchema,
} from '@muster/contract/verification';
import { BadgeCheck, Building2, ExternalLink, Inbox, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { EmptyState, ShowMore, buttonStyles } from '../../../components/person-row';
import { VerifiedBadge } from '../../../components/verified-badge';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { personName } from '../../../lib/person-name';
import { formatDate, timeAgo } from '../../../lib/time';
import toast from '../../../lib/toast';
import { type ContractForm, useContractForm } from '../../../lib/use-contract-form';
import {
  type StaffStatus,
  useDecideVerificationMutation,
  useRevokeVerificationMutation,
  useStaffRequestsQuery,
} from '../api/staff-verification';

const tabs: Array<{ status: StaffStatus; label: string }> = [
  { status: 'waiting', label: 'Waiting' },
  { status: 'approved', label: 'Verified' },
];

/**
 * /moderation/organisations (issue 35 item 6, decision 069): moderators and admins answer requests
 * to be verified as an organisation, oldest first, and take a verification back. Members get the
 * server's 403, said as such.
 */
export function StaffOrganisationsPage() {
  const [status, setStatus] = useState<StaffStatus>('waiting');
  const query = useStaffRequestsQuery(status);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  const denied = query.error instanceof ApiClientError && query.error.status === 403;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">Organisation verification</h1>
      <p className="mt-1 text-sm text-slate-600">
        Check each organisation’s proof before approving: the badge tells people they can trust who is behind
        the account. A refusal says why, for the person to read.
      </p>
      <div
        role="group"
        aria-label="Which requests"
        className="mt-4 inline-flex rounded-full bg-slate-100 p-1"
      >
        {tabs.map((t) => (
          <button
            key={t.status}
            type="button"
            aria-pressed={status === t.status}
            onClick={() => setStatus(t.status)}
            className="rounded-full px-4 py-1.5 text-sm font-semibold text-slate-600 hover:text-slate-900 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm"
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="mt-4">
        {query.isPending ? (
          <div className="space-y-4" role="status" aria-label="Loading requests">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-48 animate-pulse rounded-2xl border border-slate-200 bg-white" />
            ))}
          </div>
        ) : denied ? (
          <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <EmptyState icon={ShieldCheck} title="For moderators and admins">
              Only moderators and admins can answer verification requests.{' '}
              <Link to={paths.home} className="font-semibold text-brand-700 hover:underline">
                Back to your feed
              </Link>
            </EmptyState>
          </div>
        ) : query.isError ? (
          <ListError query={query} what="the requests" />
        ) : items.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            {status === 'waiting' ? (
              <EmptyState icon={Inbox} title="No requests waiting">
                New requests appear here, oldest first. The Verified tab lists the organisations verified so
                far.
              </EmptyState>
            ) : (
              <EmptyState icon={BadgeCheck} title="No verified organisations yet">
                Approve a waiting request to verify an organisation.
              </EmptyState>
            )}
          </div>
        ) : (
          <>
            <ul className="space-y-4" aria-label={status === 'waiting' ? 'Waiting requests' : 'Verified'}>
              {items.map((r) => (
                <RequestCard key={r._id} request={r} />
              ))}
            </ul>
            <ShowMore query={query} />
          </>
        )}
      </div>
    </div>
  );
}

function RequestCard({ request: r }: { request: StaffVerificationRequest }) {
  const headingId = useId();
  const contact = [r.contactName, r.contactEmail, r.contactPhone].filter(Boolean).join(' · ');
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <div className="flex items-start gap-3">
          <Building2 className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
              {r.organisationName}
              {r.status === 'approved' && <VerifiedBadge organisation={r.organisationName} />}
            </h2>
            <Link
              to={paths.profile(r.user.username)}
              className="mt-1 flex min-w-0 items-center gap-2 text-sm text-slate-700 hover:underline"
            >
              <Avatar person={r.user} className="size-6 shrink-0" />
              <span className="truncate">
                {personName(r.user)} · @{r.user.username}
              </span>
            </Link>
            <p className="mt-0.5 text-xs text-slate-500">
              On Muster since {formatDate(r.accountCreatedAt)} · asked {timeAgo(r.createdAt)} ago
            </p>
          </div>
        </div>
        <dl className="mt-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-slate-500">Website</dt>
          <dd className="min-w-0">
            <a
              href={r.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-1 break-all font-medium text-brand-700 hover:underline"
            >
              {r.website}
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </dd>
          <dt className="font-medium text-slate-500">Contact</dt>
          <dd className="break-words text-slate-800">{contact}</dd>
          <dt className="font-medium text-slate-500">How to check</dt>
          <dd className="whitespace-pre-line break-words text-slate-800">{r.proof}</dd>
          {r.status === 'approved' && r.decidedAt && (
            <>
              <dt className="font-medium text-slate-500">Verified</dt>
              <dd className="text-slate-800">{formatDate(r.decidedAt)}</dd>
            </>
          )}
        </dl>
        {r.status === 'waiting' ? (
          <Decide request={r} />
        ) : r.status === 'approved' ? (
          <Revoke request={r} />
        ) : null}
      </article>
    </li>
  );
}

/** Approve at once; refuse with a reason the person reads. */
function Decide({ request }: { request: StaffVerificationRequest }) {
  const decide = useDecideVerificationMutation();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const form = useContractForm({ id: `decide-${request._id}`, fields: ['reason'] });

  function send(decision: 'approve' | 'refuse') {
    const body = form.check(verificationDecisionSchema, {
      decision,
      reason: decision === 'refuse' ? reason : '',
    });
    if (!body) return;
    decide.mutate(
      { id: request._id, body },
      {
        onSuccess: () =>
          toast.success(
            decision === 'approve'
              ? `${request.organisationName} is verified`
              : `Refused: ${request.organisationName} is told why`,
          ),
        onError: (err) => {
          form.refused(err);
          toast.error(errorMessage(err, 'Could not record your answer'));
        },
      },
    );
  }

  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      {refusing ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send('refuse');
          }}
        >
          <ReasonField form={form} value={reason} onChange={setReason} label="Why is it refused?" />
          <FormError form={form} />
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonStyles.ghost} onClick={() => setRefusing(false)}>
              Cancel
            </button>
            <button type="submit" disabled={decide.isPending} className={buttonStyles.primary}>
              {decide.isPending ? 'Refusing...' : 'Refuse'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonStyles.quiet} onClick={() => setRefusing(true)}>
            Refuse…
          </button>
          <button
            type="button"
            disabled={decide.isPending}
            className={buttonStyles.primary}
            onClick={() => send('approve')}
          >
            <BadgeCheck className="size-4" aria-hidden="true" />
            {decide.isPending ? 'Approving...' : 'Approve'}
          </button>
        </div>
      )}
    </div>
  );
}

/** Takes a verification back, saying why. */
function Revoke({ request }: { request: StaffVerificationRequest }) {
  const revoke = useRevokeVerificationMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const form = useContractForm({ id: `revoke-${request._id}`, fields: ['reason'] });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(verificationRevokeSchema, { reason });
    if (!body) return;
    revoke.mutate(
      { id: request._id, reason: body.reason },
      {
        onSuccess: () => toast.success(`${request.organisationName} is no longer verified`),
        onError: (err) => {
          form.refused(err);
          toast.error(errorMessage(err, 'Could not take the verification back'));
        },
      },
    );
  }

  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      {open ? (
        <form noValidate onSubmit={submit}>
          <ReasonField form={form} value={reason} onChange={setReason} label="Why is it taken back?" />
          <FormError form={form} />
          <div className="mt-3 flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonStyles.ghost} onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" disabled={revoke.isPending} className={buttonStyles.primary}>
              {revoke.isPending ? 'Revoking...' : 'Revoke verification'}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <button type="button" className={buttonStyles.quiet} onClick={() => setOpen(true)}>
            Revoke…
          </button>
        </div>
      )}
    </div>
  );
}

function ReasonField({
  form,
  value,
  onChange,
  label,
}: {
  form: ContractForm<'reason'>;
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <div>
      <label htmlFor={form.fieldId('reason')} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={form.fieldId('reason')}
        // Opened by the moderator's own click: the reason is what they came to write.
        autoFocus
        value={value}
        maxLength={DECISION_REASON_MAX}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block min-h-24 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500"
        {...form.aria('reason', `${form.fieldId('reason')}-hint`)}
      />
      <p id={`${form.fieldId('reason')}-hint`} className="mt-1 text-xs text-slate-500">
        The person reads this. Say what is missing or wrong, and what would do.
      </p>
      <FieldError form={form} field="reason" />
    </div>
  );
}
