import {
  type AccountAction,
  accountActions,
  ACTION_REASON_MAX,
  actionPeriodDays,
  caseActionSchema,
  type ContentAction,
  contentActions,
  type ModerationRule,
  moderationRuleLabels,
  moderationRules,
} from '@muster/contract/moderation-actions';
import type { CaseDetail } from '@muster/contract/moderation-queue';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import { Modal } from '../../../components/modal';
import { buttonStyles } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useTakeActionMutation } from './api/cases';
import {
  accountActionHints,
  accountActionLabels,
  contentActionHints,
  contentActionLabels,
  targetLabels,
} from './labels';

const control =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200';
const choice =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50';
const legend = 'text-sm font-medium text-slate-700';

/** The period select's values: a number of days, or 'good' for a limit or suspension without end. */
type Period = `${(typeof actionPeriodDays)[number]}` | 'good';
const periodLabel = (p: Period) => (p === 'good' ? 'For good' : p === '1' ? '1 day' : `${p} days`);

const timed = (a: AccountAction) => a === 'limit' || a === 'suspend';

/**
 * "Take action" on an open case (issue 35 item 3, decision 070): what happens to the content (for
 * content only: a profile has none to hide), to the account (with a period for a limit or a
 * suspension), the rule broken and the reason the author is told. Checked with the contract's
 * schema; what cannot be undone — deleting, suspending for good — asks once more before it goes.
 */
export function ActionDialog({
  c,
  open,
  onOpenChange,
}: {
  c: CaseDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const take = useTakeActionMutation(c.id);
  const form = useContractForm({
    id: 'action',
    fields: ['content', 'account', 'days', 'rule', 'reason'] as const,
  });
  const hasContent = c.targetType !== 'user';
  const [content, setContent] = useState<ContentAction>('none');
  const [account, setAccount] = useState<AccountAction>('none');
  const [period, setPeriod] = useState<Period>('7');
  const [rule, setRule] = useState<ModerationRule | ''>('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);

  const close = (next: boolean) => {
    if (take.isPending) return;
    onOpenChange(next);
    if (!next) setConfirming(false);
  };

  const body = () =>
    form.check(caseActionSchema, {
      content: hasContent ? content : 'none',
      account,
      ...(timed(account) ? { days: period === 'good' ? null : Number(period) } : {}),
      rule: rule || undefined,
      reason,
    });

  const send = () => {
    const input = body();
    if (!input) return setConfirming(false);
    take.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        setConfirming(false);
        toast.success('Case closed. The author was told why, and the reporters that it was acted on.');
      },
      onError: (err) => {
        setConfirming(false);
        if (!form.refused(err)) toast.error(errorMessage(err, 'Could not take the action'));
      },
    });
  };

  // Deleting and suspending for good cannot be taken back by an appeal's lift in full: ask again.
  const deleting = hasContent && content === 'delete';
  const forGood = account === 'suspend' && period === 'good';
  const final = [deleting && 'delete the content', forGood && 'suspend the account for good']
    .filter(Boolean)
    .join(' and ');

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="lg"
      title="Take action"
      description={`On this ${targetLabels[c.targetType].toLowerCase()} and its author. One strike is recorded; the author is told the rule and your reason, and each reporter that their report was acted on. Nobody is named.`}
      showDescription
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (final && !confirming) {
            if (body()) setConfirming(true);
            return;
          }
          send();
        }}
      >
        <div className={confirming ? 'hidden' : 'space-y-4'}>
          {hasContent && (
            <fieldset aria-describedby={form.aria('content')['aria-describedby']}>
              <legend className={legend}>The {targetLabels[c.targetType].toLowerCase()}</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-3">
                {contentActions.map((a) => (
                  <label key={a} className={choice}>
                    <input
                      type="radio"
                      name="action-content"
                      id={a === content ? form.fieldId('content') : undefined}
                      value={a}
                      checked={content === a}
                      onChange={() => setContent(a)}
                      className="mt-0.5 size-4 shrink-0 accent-brand-600"
                    />
                    <span>
                      <span className="block font-medium">{contentActionLabels[a]}</span>
                      {contentActionHints[a] && (
                        <span className="block text-xs text-slate-600">{contentActionHints[a]}</span>
                      )}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError form={form} field="content" alert />
            </fieldset>
          )}

          <fieldset aria-describedby={form.aria('account')['aria-describedby']}>
            <legend className={legend}>The author’s account</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {accountActions.map((a) => (
                <label key={a} className={choice}>
                  <input
                    type="radio"
                    name="action-account"
                    id={a === account ? form.fieldId('account') : undefined}
                    value={a}
                    checked={account === a}
                    onChange={() => setAccount(a)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span>
                    <span className="block font-medium">{accountActionLabels[a]}</span>
                    {accountActionHints[a] && (
                      <span className="block text-xs text-slate-600">{accountActionHints[a]}</span>
                    )}
                  </span>
                </label>
              ))}
            </div>
            <FieldError form={form} field="account" alert />
          </fieldset>

          {timed(account) && (
            <div>
              <label htmlFor={form.fieldId('days')} className={legend}>
                For how long
              </label>
              <select
                id={form.fieldId('days')}
                className={control}
                value={period}
                onChange={(e) => setPeriod(e.target.value as Period)}
                {...form.aria('days')}
              >
                {[...actionPeriodDays.map((d) => `${d}` as Period), 'good' as const].map((p) => (
                  <option key={p} value={p}>
                    {periodLabel(p)}
                  </option>
                ))}
              </select>
              <FieldError form={form} field="days" />
            </div>
          )}

          <div>
            <label htmlFor={form.fieldId('rule')} className={legend}>
              Rule broken
            </label>
            <select
              id={form.fieldId('rule')}
              className={control}
              value={rule}
              onChange={(e) => setRule(e.target.value as ModerationRule | '')}
              {...form.aria('rule')}
            >
              <option value="">Choose a rule</option>
              {moderationRules.map((r) => (
                <option key={r} value={r}>
                  {moderationRuleLabels[r]}
                </option>
              ))}
            </select>
            <FieldError form={form} field="rule" />
          </div>

          <div>
            <label htmlFor={form.fieldId('reason')} className={legend}>
              Reason, for the author
            </label>
            <textarea
              id={form.fieldId('reason')}
              rows={3}
              className={control}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              {...form.aria('reason', 'action-reason-hint')}
            />
            <p id="action-reason-hint" className="mt-1 text-xs text-slate-500">
              The author sees it with the rule, and so does whoever decides an appeal. Up to{' '}
              {ACTION_REASON_MAX} characters.
            </p>
            <FieldError form={form} field="reason" />
          </div>
        </div>

        {confirming && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="flex items-center gap-2 font-semibold">
              <AlertTriangle className="size-4 shrink-0" aria-hidden="true" /> You are about to {final}.
            </p>
            <p className="mt-1">
              {deleting ? 'Deleted content is gone for everyone and cannot be restored. ' : ''}
              {forGood ? 'The author can still appeal once; another moderator decides. ' : ''}
              Are you sure?
            </p>
          </div>
        )}

        <div className="mt-4 empty:hidden">
          <FormError form={form} />
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button
            type="button"
            className={buttonStyles.ghost}
            disabled={take.isPending}
            onClick={() => (confirming ? setConfirming(false) : close(false))}
          >
            {confirming ? 'Back' : 'Cancel'}
          </button>
          <button
            type="submit"
            className={`${buttonStyles.primary} ${confirming ? 'border-red-600 bg-red-600 hover:bg-red-700' : ''}`}
            disabled={take.isPending}
          >
            {take.isPending ? 'Acting…' : confirming ? `Yes, ${final}` : 'Take action'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
