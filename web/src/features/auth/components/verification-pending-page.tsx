import type { SessionUser } from '@muster/contract/users';
import { EMAIL_MAX } from '@muster/contract/users-constants';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useResendVerificationMutation } from '../api/resend-verification';
import { useUpdatePendingEmailMutation } from '../api/update-pending-email';

/** /verification-pending: check your inbox, resend, change the address, or sign out. */
export function VerificationPendingPage({ user, onSignOut }: { user: SessionUser; onSignOut: () => void }) {
  const resend = useResendVerificationMutation();
  const update = useUpdatePendingEmailMutation();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(user.email);
  const form = useContractForm({ id: 'pending', fields: ['newEmail'] });
  const fail = (err: unknown) => toast.error(errorMessage(err, 'Something went wrong. Please try again.'));

  return (
    <div className="flex min-h-[70vh] items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <MailCheck className="mx-auto size-12 text-brand-600" aria-hidden="true" />
        <h1 className="mt-4 text-center text-2xl font-bold text-slate-900">Check your inbox</h1>
        <p className="mt-2 text-center text-sm text-slate-600">
          We sent a link to <strong className="text-slate-900">{user.email}</strong>. Open it to verify your
          email and start using Muster.
        </p>
        <div className="mt-6 space-y-3">
          <button
            type="button"
            disabled={resend.isPending}
            onClick={() => resend.mutate(undefined, { onSuccess: (m) => toast.success(m), onError: fail })}
            className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {resend.isPending ? 'Sending...' : 'Resend the link'}
          </button>
          {editing ? (
            <form
              className="space-y-2"
              noValidate
              onSubmit={async (e) => {
                e.preventDefault();
                // Loaded when asked, as sign-in's (decision 056).
                const { updatePendingEmailSchema } = await import('@muster/contract/auth');
                const body = form.check(updatePendingEmailSchema, { newEmail: email });
                if (!body) return;
                update.mutate(body.newEmail, {
                  onSuccess: (m) => {
                    setEditing(false);
                    toast.success(m);
                  },
                  onError: (err) => {
                    form.refused(err);
                    fail(err);
                  },
                });
              }}
            >
              <label htmlFor={form.fieldId('newEmail')} className="block text-sm font-medium text-slate-700">
                Email
              </label>
              <input
                id={form.fieldId('newEmail')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                maxLength={EMAIL_MAX}
                autoComplete="email"
                {...form.aria('newEmail')}
                className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
              <FieldError form={form} field="newEmail" />
              <FormError form={form} />
              <div className="flex gap-2">
                <button
                  type="submit"
                  disabled={update.isPending}
                  className="flex-1 rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {update.isPending ? 'Saving...' : 'Use this address'}
                </button>
                <button
                  type="button"
                  onClick={() => setEditing(false)}
                  className="rounded-lg px-4 py-2 text-sm text-slate-600 hover:bg-slate-100"
                >
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <button
              type="button"
              onClick={() => setEditing(true)}
              className="w-full rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Change address
            </button>
          )}
          <button
            type="button"
            onClick={onSignOut}
            className="w-full rounded-lg px-4 py-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
          >
            Sign Out
          </button>
        </div>
      </div>
    </div>
  );
}
