import {
  createOfferSchema,
  OFFER_GIVE_MAX,
  OFFER_MESSAGE_MAX,
  OFFER_WHEN_MAX,
} from '@muster/contract/offers';
import { useId, useState } from 'react';
import { FieldError, FormError } from '../../../components/form-errors';
import type { OfferFormProps, OfferValues } from '../../../lib/offer-form-slot';
import { useContractForm } from '../../../lib/use-contract-form';

const input =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';
const label = 'block text-sm font-medium text-slate-700';

/**
 * The one offer form (a need's Offer help and a mission's): a message, and optionally what you
 * can give and when, checked with the contract's createOfferSchema before it is sent. The dialog
 * around it says where the offer goes and what its answer means (decision 056).
 */
export function OfferForm({
  initial,
  onChange,
  placeholders,
  send,
  onRefused,
  onCancel,
  notice,
}: OfferFormProps) {
  const [values, setValues] = useState<OfferValues>(initial);
  const [sending, setSending] = useState(false);
  const form = useContractForm({ id: useId(), fields: ['message', 'give', 'when'] });
  const set = (key: keyof OfferValues) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    onChange?.(next);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const offer = form.check(createOfferSchema, {
      message: values.message,
      // Left blank, an optional field is left out.
      ...(values.give.trim() ? { give: values.give } : {}),
      ...(values.when.trim() ? { when: values.when } : {}),
    });
    if (!offer) return;
    setSending(true);
    try {
      await send(offer);
    } catch (err) {
      form.refused(err);
      onRefused(err);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor={form.fieldId('message')} className={label}>
          Message
        </label>
        <textarea
          id={form.fieldId('message')}
          className={`${input} min-h-28`}
          value={values.message}
          onChange={set('message')}
          maxLength={OFFER_MESSAGE_MAX}
          placeholder={placeholders.message}
          {...form.aria('message')}
        />
        <FieldError form={form} field="message" alert />
      </div>
      <div>
        <label htmlFor={form.fieldId('give')} className={label}>
          What you can give <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={form.fieldId('give')}
          className={input}
          value={values.give}
          onChange={set('give')}
          maxLength={OFFER_GIVE_MAX}
          placeholder={placeholders.give}
          {...form.aria('give')}
        />
        <FieldError form={form} field="give" alert />
      </div>
      <div>
        <label htmlFor={form.fieldId('when')} className={label}>
          When <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <input
          id={form.fieldId('when')}
          className={input}
          value={values.when}
          onChange={set('when')}
          maxLength={OFFER_WHEN_MAX}
          placeholder={placeholders.when}
          {...form.aria('when')}
        />
        <FieldError form={form} field="when" alert />
      </div>
      {notice}
      <FormError form={form} />
      <div className="flex justify-end gap-2">
        <button
          type="button"
          className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          onClick={onCancel}
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:opacity-60"
        >
          {sending ? 'Sending...' : 'Send offer'}
        </button>
      </div>
    </form>
  );
}
