import {
  createReportSchema,
  REPORT_NOTE_MAX,
  reportReasonLabels,
  reportReasons,
  type CreateReportInput,
  type ReportReason,
} from '@muster/contract/safety';
import { remoteReportSchema } from '@muster/contract/federation';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '../lib/toast';
import { Modal } from './modal';
import { FieldError, FormError } from './form-errors';
import { api, errorMessage } from '../lib/api-client';
import { useContractForm } from '../lib/use-contract-form';

/**
 * Report something to the moderators: a reason (required) and an optional note, checked with the
 * contract's schema before sending; the server's field errors land on the same fields. Shared
 * (issue 35): profiles, posts, comments, messages, chat requests and collaboration requests each
 * offer it, and a web feature never imports another, so it lives here with its one API call
 * (`POST /reports`), loaded with the first opening through report-button.tsx. What came from
 * another server goes to that server's moderators instead (`POST /federation/reports`, decision 094).
 */
/**
 * What is reported: a thing here, by kind and id, or something that came from another server (a
 * listing, a reply), by its ActivityPub id and the server it came from.
 */
export type ReportTarget =
  | { targetType: CreateReportInput['targetType']; targetId: string }
  | { remote: { objectId: string; server: string } };

export function ReportDialog({
  open,
  onOpenChange,
  subject,
  ...target
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What is reported, in words: "Ada Okafor", "this post". */
  subject: string;
} & ReportTarget) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const form = useContractForm({ id: 'report', fields: ['reason', 'note'] });
  // One report per thing; the server says so, in words, on a second.
  const report = useMutation({
    mutationFn: (input: { reason: ReportReason; note?: string }) =>
      'remote' in target
        ? api.post('/federation/reports', { objectId: target.remote.objectId, ...input })
        : api.post('/reports', { targetType: target.targetType, targetId: target.targetId, ...input }),
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setReason('');
      setNote('');
      form.clear();
    }
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const fields = { reason: reason || undefined, note };
    const body =
      'remote' in target
        ? form.check(remoteReportSchema, { objectId: target.remote.objectId, ...fields })
        : form.check(createReportSchema, {
            targetType: target.targetType,
            targetId: target.targetId,
            ...fields,
          });
    if (!body) return;
    report.mutate(
      { reason: body.reason, note: body.note },
      {
        onSuccess: () => {
          toast.success(
            'remote' in target
              ? `Thanks for your report. It was sent to the moderators of ${target.remote.server}.`
              : 'Thanks for your report. Our moderators will review it.',
          );
          close(false);
        },
        onError: (err) => {
          if (!form.refused(err)) form.clear();
          toast.error(errorMessage(err, 'Could not send your report'));
        },
      },
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={`Report ${subject}`}
      description={
        'remote' in target
          ? `It came from ${target.remote.server}, so it goes to that server's moderators, sent by this server: nobody there learns who reported it.`
          : 'Tell us what is wrong. The person is not told who reported them.'
      }
      showDescription
    >
      <form onSubmit={submit} noValidate>
        <fieldset aria-describedby={form.aria('reason')['aria-describedby']}>
          <legend className="text-sm font-medium text-slate-700">Reason</legend>
          <div className="mt-2 space-y-2">
            {reportReasons.map((r) => (
              <label
                key={r}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="report-reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-4 accent-brand-600"
                />
                {reportReasonLabels[r]}
              </label>
            ))}
          </div>
          <FieldError form={form} field="reason" alert className="mt-2 text-sm text-red-700" />
        </fieldset>
        <label htmlFor="report-note" className="mt-4 block text-sm font-medium text-slate-700">
          Note (optional)
        </label>
        <textarea
          id={form.fieldId('note')}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={!!form.errors.note}
          aria-describedby="report-note-help"
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
        />
        <p
          id="report-note-help"
          className={`mt-1 text-xs ${form.errors.note ? 'text-red-700' : 'text-slate-500'}`}
        >
          {form.errors.note ??
            `Anything that helps a moderator understand, up to ${REPORT_NOTE_MAX} characters.`}
        </p>
        <div className="mt-4 empty:hidden">
          <FormError form={form} />
        </div>
        <div className="mt-5 flex justify-end gap-3">
          <button
            type="button"
            onClick={() => close(false)}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={report.isPending}
            className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-60"
          >
            {report.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
