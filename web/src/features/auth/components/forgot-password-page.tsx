import { EMAIL_MAX } from '@muster/contract/users-constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgotPasswordMutation } from '../api/forgot-password';

/** /forgot-password (public): asks for the address; the answer is the same whether it exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const form = useContractForm({ id: 'forgot', fields: ['email'] });
  const ask = useForgotPasswordMutation();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Reset your password</h1>
        {ask.isSuccess ? (
          <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
            {ask.data}
          </p>
        ) : (
          <form
            className="mt-6 space-y-4"
            noValidate
            onSubmit={async (e) => {
              e.preventDefault();
              // Loaded when asked, as sign-in's (decision 056).
              const { forgotPasswordSchema } = await import('@muster/contract/auth');
              const body = form.check(forgotPasswordSchema, { email });
              if (!body) return;
              ask.mutate(body.email, {
                onError: (err) => {
                  if (!form.refused(err))
                    form.setFormError(errorMessage(err, 'Something went wrong. Please try again.'));
                },
              });
            }}
          >
            <p className="text-sm text-slate-600">
              Enter the email you signed up with and we will send you a link.
            </p>
            <div>
              <label htmlFor={form.fieldId('email')} className="block text-sm font-medium text-slate-700">
                Email
              </label>
              <input
                id={form.fieldId('email')}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                maxLength={EMAIL_MAX}
                autoComplete="email"
                {...form.aria('email')}
                className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
              />
              <FieldError form={form} field="email" />
            </div>
            <FormError form={form} />
            <button
              type="submit"
              disabled={ask.isPending}
              className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {ask.isPending ? 'Sending...' : 'Send reset link'}
            </button>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
