import { PASSWORD_MAX, PASSWORD_MIN, resetPasswordSchema } from '@muster/contract/auth';
import { useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useResetPasswordMutation } from '../api/reset-password';

/** /reset-password?token=… (public): a new password; every session of the account ends. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const form = useContractForm({ id: 'reset', fields: ['password'] });
  const reset = useResetPasswordMutation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {!token ? (
          <p role="alert" className="mt-4 text-sm text-red-600">
            This reset link is incomplete. Ask for a new one.
          </p>
        ) : (
          <form
            className="mt-6 space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const body = form.check(resetPasswordSchema, { token, password });
              if (!body) return;
              reset.mutate(body, {
                onSuccess: (m) => {
                  toast.success(m);
                  navigate('/login', { replace: true });
                },
                onError: (err) => {
                  if (!form.refused(err))
                    form.setFormError(errorMessage(err, 'Something went wrong. Please try again.'));
                },
              });
            }}
          >
            <div>
              <label htmlFor={form.fieldId('password')} className="block text-sm font-medium text-slate-700">
                New password
              </label>
              <input
                id={form.fieldId('password')}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
                {...form.aria('password', 'reset-password-hint')}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
              <p id="reset-password-hint" className="mt-1 text-xs text-slate-500">
                At least {PASSWORD_MIN} characters, and not a common one.
              </p>
              <FieldError form={form} field="password" />
            </div>
            <FormError form={form} />
            <button
              type="submit"
              disabled={reset.isPending}
              className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {reset.isPending ? 'Saving...' : 'Set new password'}
            </button>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/forgot-password" className="font-medium text-brand-700 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </div>
    </div>
  );
}
