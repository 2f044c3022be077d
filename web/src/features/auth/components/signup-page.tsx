import { PASSWORD_MIN, signupSchema } from '@muster/contract/auth';
import { USERNAME_MAX, USERNAME_MIN } from '@muster/contract/users';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormError } from '../../../components/form-errors';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useContractForm } from '../../../lib/use-contract-form';
import { useSignupMutation } from '../api/signup';
import { AuthCard, authButton, authInput, authLabel } from './auth-card';

const fields = [
  {
    key: 'username',
    label: 'Username',
    autoComplete: 'username',
    type: 'text',
    hint: `${USERNAME_MIN}–${USERNAME_MAX} letters, digits or _`,
  },
  { key: 'firstName', label: 'First name', autoComplete: 'given-name', type: 'text' },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name', type: 'text' },
  { key: 'email', label: 'Email', autoComplete: 'email', type: 'email' },
  {
    key: 'password',
    label: 'Password',
    autoComplete: 'new-password',
    type: 'password',
    hint: `At least ${PASSWORD_MIN} characters, and not a common one`,
  },
] as const;

type Key = (typeof fields)[number]['key'];

/**
 * /signup: the same schema as the server checks the form before it is sent. The answer is only
 * where the mail went (decision 011), so the page then says to open it and sign in. The server's
 * refusals are said in the form, not in a toast (decision 052): a field's under that field, any
 * other (too many sign-ups, no connection) above the button, where it stays until the next try.
 */
export function SignupPage() {
  const [values, setValues] = useState<Record<Key, string>>({
    username: '',
    firstName: '',
    lastName: '',
    email: '',
    password: '',
  });
  const form = useContractForm({ id: 'signup', fields: fields.map((f) => f.key) });
  const signup = useSignupMutation();

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const body = form.check(signupSchema, values);
    if (!body) return;
    signup.mutate(body, {
      onError: (err) => {
        if (!form.refused(err)) form.setFormError(errorMessage(err, 'Failed to create your account'));
      },
    });
  }

  if (signup.isSuccess) {
    return (
      <AuthCard
        title="Check your inbox"
        subtitle={signup.data}
        footer={
          <>
            Mistyped the address?{' '}
            <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
              Sign in
            </Link>{' '}
            to correct it.
          </>
        }
      >
        <p role="status" className="text-sm text-slate-600">
          Nothing after a few minutes? Look in your spam folder, or sign in and ask for a new link.
        </p>
        <Link to={paths.login} className={`${authButton} mt-6 block text-center`}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Join Muster"
      subtitle="Post needs, offer help, and find your collaborators."
      footer={
        <>
          Already on Muster?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {fields.map((f) => (
          <div key={f.key}>
            <label htmlFor={`signup-${f.key}`} className={authLabel}>
              {f.label}
            </label>
            <input
              id={`signup-${f.key}`}
              type={f.type}
              className={authInput}
              value={values[f.key]}
              autoComplete={f.autoComplete}
              required
              onChange={(e) => setValues((v) => ({ ...v, [f.key]: e.target.value }))}
              aria-invalid={!!form.errors[f.key]}
              aria-describedby={`signup-${f.key}-note`}
            />
            <p
              id={`signup-${f.key}-note`}
              className={`mt-1 text-xs ${form.errors[f.key] ? 'text-red-600' : 'text-slate-500'}`}
            >
              {form.errors[f.key] ?? ('hint' in f ? f.hint : '')}
            </p>
          </div>
        ))}
        <FormError form={form} />
        <button type="submit" className={authButton} disabled={signup.isPending}>
          {signup.isPending ? 'Creating your account...' : 'Join now'}
        </button>
        <p className="text-center text-xs text-slate-500">
          By joining you agree to the{' '}
          <Link to={paths.terms} className="underline">
            Terms
          </Link>{' '}
          and{' '}
          <Link to={paths.privacy} className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
