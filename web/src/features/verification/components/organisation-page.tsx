import {
  CONTACT_NAME_MAX,
  CONTACT_PHONE_MAX,
  ORGANISATION_NAME_MAX,
  PROOF_MAX,
  type VerificationRequest,
  verificationAskSchema,
  WEBSITE_MAX,
} from '@muster/contract/verification';
import { ArrowLeft, BadgeCheck, Building2, Clock, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { formatDate } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import {
  useAskVerificationMutation,
  useMyVerificationQuery,
  useWithdrawVerificationMutation,
} from '../api/my-verification';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const input =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
const label = 'block text-sm font-medium text-slate-700';
const hint = 'mt-1 text-xs text-slate-500';

/**
 * /settings/organisation (issue 35 item 6, decision 069): ask to be verified as an organisation,
 * follow the request (waiting, approved, refused with the moderator's reason), withdraw it while
 * it waits, and ask again after a refusal.
 */
export function OrganisationPage() {
  const query = useMyVerificationQuery();
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings & Privacy
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Verified organisation</h1>
      <p className="mt-1 text-sm text-slate-600">
        Relief groups, charities, clinics and local services can ask to be verified. Once a moderator has
        checked who you are, a{' '}
        <BadgeCheck className="inline size-4 fill-sky-600 text-white" aria-hidden="true" /> badge with your
        organisation’s name shows by your name on your posts, your profile and in search, and people can ask
        search to show verified organisations first.
      </p>
      {query.isPending ? (
        <div className="mt-4 space-y-4" role="status" aria-label="Loading your request">
          {[0, 1].map((i) => (
            <div key={i} className="h-40 animate-pulse rounded-2xl border border-slate-200 bg-white" />
          ))}
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="mt-4 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          Couldn’t load your request.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <State request={query.data} />
      )}
    </div>
  );
}

function State({ request }: { request: VerificationRequest | null }) {
  if (request?.status === 'waiting') return <Waiting request={request} />;
  if (request?.status === 'approved') return <Approved request={request} />;
  return (
    <>
      {request && <Answered request={request} />}
      <AskForm again={request !== null} initial={request} />
    </>
  );
}

/** What was sent, as the moderator reads it. */
function Sent({ request }: { request: VerificationRequest }) {
  const rows: Array<[string, string]> = [
    ['Website', request.website],
    [
      'Contact',
      [request.contactName, request.contactEmail, request.contactPhone].filter(Boolean).join(' · '),
    ],
    ['How to check', request.proof],
    ['Sent', formatDate(request.createdAt)],
  ];
  return (
    <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[9rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium text-slate-500">{term}</dt>
          <dd className="whitespace-pre-line break-words text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Waiting({ request }: { request: VerificationRequest }) {
  const withdraw = useWithdrawVerificationMutation();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className={`${card} mt-4`} aria-labelledby="waiting-heading">
      <div className="flex items-start gap-3">
        <Clock className="mt-0.5 size-6 shrink-0 text-amber-500" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
            {request.organisationName}: waiting for a moderator
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A moderator will check what you sent and answer here; you will get a notification too.
          </p>
        </div>
      </div>
      <Sent request={request} />
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          Withdraw request
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw your request?"
        description="Moderators will no longer see it. You can send a new one at any time."
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing..."
        pending={withdraw.isPending}
        destructive
        onConfirm={() =>
          withdraw.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('Your request is withdrawn');
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not withdraw your request')),
          })
        }
      />
    </section>
  );
}

function Approved({ request }: { request: VerificationRequest }) {
  return (
    <section className={`${card} mt-4`} aria-labelledby="approved-heading">
      <div className="flex items-start gap-3">
        <BadgeCheck className="mt-0.5 size-7 shrink-0 fill-sky-600 text-white" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="approved-heading" className="text-lg font-semibold text-slate-900">
            Verified as {request.organisationName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {request.decidedAt ? `Since ${formatDate(request.decidedAt)}. ` : ''}The badge shows by your name
            wherever you appear. If your organisation’s details change, write to us from the contact page.
          </p>
        </div>
      </div>
      <Sent request={request} />
    </section>
  );
}

/** A refusal or a revocation, with the moderator's reason: what to fix before asking again. */
function Answered({ request }: { request: VerificationRequest }) {
  const refused = request.status === 'refused';
  return (
    <section
      className="mt-4 rounded-2xl border border-amber-200 bg-amber-50 p-5 sm:p-6"
      aria-labelledby="answer-heading"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="min-w-0">
          <h2 id="answer-heading" className="font-semibold text-slate-900">
            {refused
              ? `Your request for ${request.organisationName} was refused`
              : `The verification of ${request.organisationName} was taken back`}
          </h2>
          {request.reason && (
            <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">
              <span className="font-medium">The moderator’s reason:</span> {request.reason}
            </p>
          )}
          <p className="mt-2 text-sm text-slate-600">You can ask again below once that is sorted.</p>
        </div>
      </div>
    </section>
  );
}

const fields = [
  'organisationName',
  'website',
  'contactName',
  'contactEmail',
  'contactPhone',
  'proof',
] as const;
type Values = Record<(typeof fields)[number], string>;

function AskForm({ again, initial }: { again: boolean; initial: VerificationRequest | null }) {
  const [values, setValues] = useState<Values>({
    organisationName: initial?.organisationName ?? '',
    website: initial?.website ?? '',
    contactName: initial?.contactName ?? '',
    contactEmail: initial?.contactEmail ?? '',
    contactPhone: initial?.contactPhone ?? '',
    proof: initial?.proof ?? '',
  });
  const form = useContractForm({ id: 'organisation', fields });
  const ask = useAskVerificationMutation();
  const set = (k: keyof Values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [k]: e.target.value }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(verificationAskSchema, values);
    if (!body) return;
    ask.mutate(body, {
      onSuccess: () => toast.success('Request sent: a moderator will look at it soon'),
      onError: (err) => {
        form.refused(err);
        toast.error(errorMessage(err, 'Could not send your request'));
      },
    });
  }

  const field = (
    name: keyof Values,
    text: string,
    props: React.InputHTMLAttributes<HTMLInputElement> & { help?: string } = {},
  ) => {
    const { help, ...rest } = props;
    return (
      <div>
        <label htmlFor={form.fieldId(name)} className={label}>
          {text}
        </label>
        <input
          id={form.fieldId(name)}
          className={input}
          value={values[name]}
          onChange={set(name)}
          {...rest}
          {...form.aria(name, help ? `${form.fieldId(name)}-hint` : undefined)}
        />
        {help && (
          <p id={`${form.fieldId(name)}-hint`} className={hint}>
            {help}
          </p>
        )}
        <FieldError form={form} field={name} />
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className={`${card} mt-4 space-y-5`} aria-labelledby="ask-heading">
      <div className="flex items-start gap-3">
        <Building2 className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden="true" />
        <h2 id="ask-heading" className="text-lg font-semibold text-slate-900">
          {again ? 'Ask again' : 'Ask to be verified'}
        </h2>
      </div>
      {field('organisationName', 'Organisation name', {
        maxLength: ORGANISATION_NAME_MAX,
        autoComplete: 'organization',
        required: true,
        help: 'As it should read on your badge.',
      })}
      {field('website', 'Website', {
        type: 'url',
        inputMode: 'url',
        maxLength: WEBSITE_MAX,
        autoComplete: 'url',
        placeholder: 'https://',
        required: true,
      })}
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">A contact a moderator can reach</legend>
        {field('contactName', 'Name', { maxLength: CONTACT_NAME_MAX, autoComplete: 'name', required: true })}
        <div className="grid gap-4 sm:grid-cols-2">
          {field('contactEmail', 'Email', { type: 'email', autoComplete: 'email' })}
          {field('contactPhone', 'Phone', {
            type: 'tel',
            autoComplete: 'tel',
            maxLength: CONTACT_PHONE_MAX,
          })}
        </div>
        <p className={hint}>An email, a phone number, or both.</p>
      </fieldset>
      <div>
        <label htmlFor={form.fieldId('proof')} className={label}>
          How can we check?
        </label>
        <textarea
          id={form.fieldId('proof')}
          className={`${input} min-h-32`}
          value={values.proof}
          onChange={set('proof')}
          maxLength={PROOF_MAX}
          required
          {...form.aria('proof', `${form.fieldId('proof')}-hint`)}
        />
        <p id={`${form.fieldId('proof')}-hint`} className={hint}>
          A registration number and where to look it up, a page on your website that names this account, a
          person we can call at a partner organisation…
        </p>
        <FieldError form={form} field="proof" />
      </div>
      <FormError form={form} />
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={ask.isPending}
          className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {ask.isPending ? 'Sending...' : 'Send request'}
        </button>
      </div>
    </form>
  );
}
