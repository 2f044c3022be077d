import { APPEAL_TEXT_MAX, appealSchema, type Strike } from '@muster/contract/moderation-actions';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { ListError } from '../../../components/list-error';
import { Modal } from '../../../components/modal';
import { buttonStyles, EmptyState } from '../../../components/person-row';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { whatWasDone } from '../../../lib/strike-words';
import { formatDate } from '../../../lib/time';
import toast from '../../../lib/toast';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAppealStrikeMutation, useStrikesQuery } from '../api/strikes';

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

/** Write the appeal: one text, once per strike; another moderator than the one who acted reads it. */
function AppealDialog({ strike, onOpenChange }: { strike: Strike; onOpenChange: (open: boolean) => void }) {
  const appeal = useAppealStrikeMutation();
  const form = useContractForm({ id: 'appeal', fields: ['text'] as const });
  const [text, setText] = useState('');
  return (
    <Modal
      open
      onOpenChange={(o) => !appeal.isPending && onOpenChange(o)}
      title="Appeal this decision"
      description="Say why the decision was wrong. You can appeal each decision once; a moderator other than the one who acted decides, and you are told the answer."
      showDescription
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.check(appealSchema, { text });
          if (!body) return;
          appeal.mutate(
            { strikeId: strike.id, ...body },
            {
              onSuccess: () => {
                onOpenChange(false);
                toast.success('Appeal sent. Another moderator will decide it, and we will tell you.');
              },
              onError: (err) => {
                if (!form.refused(err)) toast.error(errorMessage(err, 'Could not send your appeal'));
              },
            },
          );
        }}
      >
        <label htmlFor={form.fieldId('text')} className="text-sm font-medium text-slate-700">
          Your appeal
        </label>
        <textarea
          id={form.fieldId('text')}
          rows={5}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          value={text}
          onChange={(e) => setText(e.target.value)}
          {...form.aria('text', 'appeal-text-hint')}
        />
        <p id="appeal-text-hint" className="mt-1 text-xs text-slate-500">
          Up to {APPEAL_TEXT_MAX} characters.
        </p>
        <FieldError form={form} field="text" />
        <div className="mt-3 empty:hidden">
          <FormError form={form} />
        </div>
        <div className="mt-4 flex justify-end gap-2">
          <button
            type="button"
            className={buttonStyles.ghost}
            disabled={appeal.isPending}
            onClick={() => onOpenChange(false)}
          >
            Cancel
          </button>
          <button type="submit" className={buttonStyles.primary} disabled={appeal.isPending}>
            {appeal.isPending ? 'Sending…' : 'Send appeal'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Where the strike's appeal stands, or the button to make one. */
function AppealState({ strike, onAppeal }: { strike: Strike; onAppeal: () => void }) {
  const a = strike.appeal;
  if (a.state === 'none')
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonStyles.outline}
          aria-haspopup="dialog"
          aria-label={`Appeal the decision of ${formatDate(strike.createdAt)}`}
          onClick={onAppeal}
        >
          Appeal
        </button>
        <p className="text-xs text-slate-500">You can appeal once.</p>
      </div>
    );
  return (
    <div className="mt-4 space-y-2 rounded-xl bg-slate-50 p-3 text-sm">
      <p className="font-semibold text-slate-900">
        {a.state === 'pending'
          ? 'Your appeal is waiting for a moderator.'
          : a.state === 'lifted'
            ? 'Appeal accepted: the decision was lifted.'
            : 'Appeal decided: the decision stands.'}
      </p>
      {a.text && (
        <p className="whitespace-pre-wrap break-words text-slate-700">
          <span className="sr-only">You wrote: </span>“{a.text}”
          {a.appealedAt && <span className="text-slate-500"> · {formatDate(a.appealedAt)}</span>}
        </p>
      )}
      {a.state !== 'pending' && a.decisionReason && (
        <p className="text-slate-900">
          The moderator’s answer: {a.decisionReason}
          {a.decidedAt && <span className="text-slate-500"> · {formatDate(a.decidedAt)}</span>}
        </p>
      )}
    </div>
  );
}

function StrikeCard({ strike, onAppeal }: { strike: Strike; onAppeal: () => void }) {
  return (
    <li className={card}>
      <article aria-labelledby={`strike-${strike.id}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={`strike-${strike.id}`} className="text-base font-semibold text-slate-900">
            {strike.ruleLabel}
          </h2>
          <p className="text-xs text-slate-500">{formatDate(strike.createdAt)}</p>
        </div>
        {strike.lifted && (
          <p className="mt-1 inline-block rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
            Lifted: it no longer counts
          </p>
        )}
        <p className="mt-2 text-sm text-slate-800">
          {/* A lifted strike's limit or suspension ended with the appeal: say it was, not is. */}
          {strike.lifted ? `Until the appeal: ${whatWasDone(strike)}` : whatWasDone(strike)}
        </p>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">
          <span className="font-medium text-slate-900">Why: </span>
          {strike.reason}
        </p>
        <AppealState strike={strike} onAppeal={onAppeal} />
      </article>
    </li>
  );
}

/**
 * /settings/standing, "Account standing" (issue 35): each strike against me — the rule, the
 * moderator's reason, what was done and until when — and an appeal for each, once.
 */
export function StandingPage() {
  const strikes = useStrikesQuery();
  const [appealing, setAppealing] = useState<Strike | null>(null);
  return (
    <div className="mx-auto max-w-2xl px-4 py-6">
      <Link
        to={paths.settings}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Settings
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Account standing</h1>
      <p className="mt-1 text-sm text-slate-600">
        When moderators act on something of yours, it shows here with the rule and their reason. You can
        appeal each decision once.
      </p>
      <div className="mt-5">
        {strikes.isPending ? (
          <ul role="status" aria-label="Loading your account standing" className="space-y-3">
            {[0, 1].map((i) => (
              <li key={i} className={`${card} animate-pulse`} aria-hidden="true">
                <div className="h-4 w-48 rounded bg-slate-200" />
                <div className="mt-3 h-3 w-full rounded bg-slate-100" />
                <div className="mt-2 h-3 w-1/2 rounded bg-slate-100" />
              </li>
            ))}
          </ul>
        ) : strikes.isError ? (
          <ListError query={strikes} what="your account standing" />
        ) : strikes.data.length === 0 ? (
          <div className={card}>
            <EmptyState icon={ShieldCheck} title="Your account is in good standing.">
              Moderators have not acted on anything of yours.
              <div className="mt-3">
                <Link to={paths.settings} className={buttonStyles.outline}>
                  Back to settings
                </Link>
              </div>
            </EmptyState>
          </div>
        ) : (
          <ul className="space-y-3">
            {strikes.data.map((s) => (
              <StrikeCard key={s.id} strike={s} onAppeal={() => setAppealing(s)} />
            ))}
          </ul>
        )}
      </div>
      {appealing && <AppealDialog strike={appealing} onOpenChange={(o) => !o && setAppealing(null)} />}
    </div>
  );
}
