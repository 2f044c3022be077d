import { APPEAL_TEXT_MAX, appealSchema } from '@muster/contract/moderation-actions';
import { CheckCircle2, Scale, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { buttonStyles } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { whatWasDone } from '../../../lib/strike-words';
import { formatDate } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAppealByLinkMutation, useStrikeByLinkQuery } from '../api/strikes';

const card = 'mx-auto w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8';

function Problem({ message }: { message: string }) {
  return (
    <div className={card}>
      <XCircle className="size-10 text-red-600" aria-hidden="true" />
      <h1 className="mt-3 text-xl font-semibold text-slate-900">This appeal link doesn’t work</h1>
      <p role="alert" className="mt-2 text-sm text-slate-700">
        {message}
      </p>
      <p className="mt-4 text-sm text-slate-600">
        Open the link in the mail about your suspension again, or try to{' '}
        <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
          sign in
        </Link>
        : if you are still suspended, the page offers the appeal.
      </p>
    </div>
  );
}

/**
 * /appeal?token=… (issue 35, decision 070): a suspended person cannot sign in, so the suspension's
 * mail and the refused sign-in carry a link that appeals that one decision, once. Opening it
 * changes nothing; the page shows the decision and takes the appeal. Signed in or not.
 */
export function AppealLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const strike = useStrikeByLinkQuery(token);
  const appeal = useAppealByLinkMutation(token);
  const form = useContractForm({ id: 'appeal-link', fields: ['text'] as const });
  const [text, setText] = useState('');

  return (
    <div className="px-4 py-10">
      {!token ? (
        <Problem message="This link has no token: it may have been cut short." />
      ) : strike.isPending ? (
        <div className={card} role="status">
          <h1 className="text-xl font-semibold text-slate-900">Checking your link…</h1>
          <div className="mt-4 h-3 w-full animate-pulse rounded bg-slate-100" aria-hidden="true" />
          <div className="mt-2 h-3 w-2/3 animate-pulse rounded bg-slate-100" aria-hidden="true" />
        </div>
      ) : strike.isError ? (
        <Problem message={errorMessage(strike.error, 'This appeal link could not be checked.')} />
      ) : (
        <div className={card}>
          <Scale className="size-10 text-brand-600" aria-hidden="true" />
          <h1 className="mt-3 text-xl font-semibold text-slate-900">Appeal a moderator’s decision</h1>
          <dl className="mt-4 space-y-2 rounded-xl bg-slate-50 p-4 text-sm">
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">The rule</dt>
              <dd className="text-slate-900">{strike.data.ruleLabel}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">What was done</dt>
              <dd className="text-slate-900">
                {whatWasDone(strike.data)}{' '}
                <span className="text-slate-500">({formatDate(strike.data.createdAt)})</span>
              </dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Why</dt>
              <dd className="whitespace-pre-wrap break-words text-slate-900">{strike.data.reason}</dd>
            </div>
          </dl>
          {strike.data.appeal.state === 'none' ? (
            <form
              className="mt-5"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                const body = form.check(appealSchema, { text });
                if (!body) return;
                appeal.mutate(body, {
                  onSuccess: () => toast.success('Appeal sent'),
                  onError: (err) => {
                    if (!form.refused(err)) toast.error(errorMessage(err, 'Could not send your appeal'));
                  },
                });
              }}
            >
              <label htmlFor={form.fieldId('text')} className="text-sm font-medium text-slate-700">
                Why the decision was wrong
              </label>
              <textarea
                id={form.fieldId('text')}
                rows={5}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
                value={text}
                onChange={(e) => setText(e.target.value)}
                {...form.aria('text', 'appeal-link-hint')}
              />
              <p id="appeal-link-hint" className="mt-1 text-xs text-slate-500">
                You can appeal once, up to {APPEAL_TEXT_MAX} characters. A moderator other than the one who
                decided reads it, and we mail you the answer.
              </p>
              <FieldError form={form} field="text" />
              <div className="mt-3 empty:hidden">
                <FormError form={form} />
              </div>
              <button type="submit" className={`${buttonStyles.primary} mt-4`} disabled={appeal.isPending}>
                {appeal.isPending ? 'Sending…' : 'Send appeal'}
              </button>
            </form>
          ) : (
            <div className="mt-5 flex items-start gap-2 rounded-xl bg-emerald-50 p-4 text-sm text-emerald-900">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p>
                {strike.data.appeal.state === 'pending'
                  ? 'Your appeal is sent. A moderator other than the one who decided will look at it, and we will mail you the answer.'
                  : strike.data.appeal.state === 'lifted'
                    ? 'Your appeal was accepted: the decision was lifted. You can sign in again.'
                    : 'Your appeal was decided: the decision stands.'}
                {strike.data.appeal.decisionReason && ` “${strike.data.appeal.decisionReason}”`}
              </p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
