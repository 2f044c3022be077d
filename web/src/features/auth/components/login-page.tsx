import { PASSWORD_MAX } from '@muster/contract/auth-constants';
import { useEffect, useState } from 'react';
import toast from '../../../lib/toast';
import { Link, useLocation, useSearchParams } from 'react-router';
import { FieldError, FormError } from '../../../components/form-errors';
import { ApiClientError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAuthProvidersQuery } from '../api/get-auth-providers';
import { useLoginMutation } from '../api/login';
import { useRequestSignInLinkMutation } from '../api/sign-in-link';
import { AuthCard, authButton, authInput, authLabel } from './auth-card';

/**
 * Why sign-in comes first, when the page that sent the person here is a mailed link (the guards
 * keep where they were going in the location's state, and the signed-out-only guard takes them
 * back there once signed in, where the link does its work): decision 052.
 */
const finishing: Array<{ path: string; note: string }> = [
  { path: paths.verifyEmailSignup, note: 'Sign in to finish verifying your address' },
  { path: paths.verifyEmail, note: 'Sign in to finish verifying your address' },
  { path: paths.verifyEmailChange, note: 'Sign in to finish changing your address' },
];

function finishingNote(from: unknown): string | null {
  if (typeof from !== 'string') return null;
  const pathname = from.split('?')[0];
  return finishing.find((f) => f.path === pathname)?.note ?? null;
}

/**
 * /login: email or username and password; the identity provider and the demo account when offered;
 * and a mailed sign-in link, the way in that too many wrong passwords never close (decision 042),
 * offered up front when sign-in is paused.
 */
export function LoginPage() {
  const [values, setValues] = useState({ emailOrUsername: '', password: '' });
  const form = useContractForm({ id: 'login', fields: ['emailOrUsername', 'password'] });
  const login = useLoginMutation();
  const link = useRequestSignInLinkMutation();
  // Too many tries: the server's message says to wait or ask for a link; the page offers the link.
  const paused = login.error instanceof ApiClientError && login.error.status === 429;
  const [params] = useSearchParams();
  // A suspended account (issue 35, decision 070): the server's message names the reason and the
  // end date, and its token appeals the suspension without signing in (null once appealed), as
  // the link in the suspension's mail does. The identity provider's way in comes back with
  // ?error=suspended.
  const suspended =
    (login.error instanceof ApiClientError && login.error.code === 'SUSPENDED') ||
    params.get('error') === 'suspended';
  const appealToken = login.error instanceof ApiClientError ? login.error.suspension?.appealToken : null;
  const askForLink = () => {
    const who = values.emailOrUsername.trim();
    if (!who) {
      toast.error('Enter your email or username first');
      return;
    }
    link.mutate(who, { onError: (err) => toast.error(errorMessage(err, 'Could not send a sign-in link')) });
  };
  const providers = useAuthProvidersQuery();
  const note = finishingNote((useLocation().state as { from?: unknown } | null)?.from);
  const oidc = providers.data?.oidc;
  const demo = providers.data?.demo;

  useEffect(() => {
    if (params.get('error') === 'oidc')
      toast.error('Sign-in with your identity provider did not work. Please try again.', {
        id: 'oidc-error',
      });
  }, [params]);

  return (
    <AuthCard
      title="Sign in"
      subtitle="Welcome back. Your people are waiting."
      footer={
        <>
          New to Muster?{' '}
          <Link to={paths.signup} className="font-semibold text-brand-700 hover:underline">
            Join now
          </Link>
        </>
      }
    >
      {note && (
        <p role="status" className="mb-5 rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          {note}
        </p>
      )}
      {oidc && (
        <>
          <a
            href={oidc.url}
            className="flex w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
              <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M12 7v5l3 3" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {oidc.label}
          </a>
          <div className="my-5 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500">
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
        </>
      )}
      <form
        className="space-y-4"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          link.reset();
          // The schema loads with the first sign-in, not with the page: it is a visitor's first
          // screen, and the contract's zod schemas are a quarter of it (decision 056).
          const { loginSchema } = await import('@muster/contract/auth');
          const body = form.check(loginSchema, values);
          if (!body) return;
          login.mutate(body, {
            onError: (err) => {
              if (err instanceof ApiClientError && (err.status === 429 || err.code === 'SUSPENDED')) return;
              form.refused(err);
              toast.error(errorMessage(err, 'Failed to sign in'));
            },
          });
        }}
      >
        <div>
          <label htmlFor={form.fieldId('emailOrUsername')} className={authLabel}>
            Email or username
          </label>
          <input
            id={form.fieldId('emailOrUsername')}
            className={authInput}
            value={values.emailOrUsername}
            onChange={(e) => setValues((v) => ({ ...v, emailOrUsername: e.target.value }))}
            autoComplete="username"
            {...form.aria('emailOrUsername')}
          />
          <FieldError form={form} field="emailOrUsername" />
        </div>
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor={form.fieldId('password')} className={authLabel}>
              Password
            </label>
            <Link to={paths.forgotPassword} className="text-sm font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </div>
          <input
            id={form.fieldId('password')}
            type="password"
            className={authInput}
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            maxLength={PASSWORD_MAX}
            autoComplete="current-password"
            {...form.aria('password')}
          />
          <FieldError form={form} field="password" />
        </div>
        <FormError form={form} />
        {suspended && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-semibold">{errorMessage(login.error, 'Your account is suspended.')}</p>
            <p className="mt-1">
              We mailed you how to appeal. You can appeal once; a moderator other than the one who suspended
              you decides.
            </p>
            {appealToken && (
              <Link
                to={`/appeal?token=${encodeURIComponent(appealToken)}`}
                className="mt-2 inline-block font-semibold text-red-900 underline hover:text-red-950"
              >
                Appeal this decision
              </Link>
            )}
          </div>
        )}
        {paused && !link.isSuccess && (
          <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {errorMessage(login.error, 'Too many attempts.')}
          </p>
        )}
        <button type="submit" className={authButton} disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </button>
      </form>
      <div className="mt-4 text-center text-sm">
        {link.isSuccess ? (
          <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-800">
            {link.data}
          </p>
        ) : (
          <button
            type="button"
            onClick={askForLink}
            disabled={link.isPending}
            className={paused ? authButton : 'font-medium text-brand-700 hover:underline disabled:opacity-60'}
          >
            {link.isPending ? 'Sending...' : 'Email me a sign-in link'}
          </button>
        )}
      </div>
      {demo && (
        <div className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-semibold">Exploring? Use the demo account</p>
          <p className="mt-1">
            Username <code className="rounded bg-white px-1">{demo.username}</code> · password{' '}
            <code className="rounded bg-white px-1">{demo.password}</code>
          </p>
          <button
            type="button"
            className="mt-2 font-semibold text-amber-900 underline"
            onClick={() => setValues({ emailOrUsername: demo.username, password: demo.password })}
          >
            Fill in the demo account
          </button>
        </div>
      )}
    </AuthCard>
  );
}
