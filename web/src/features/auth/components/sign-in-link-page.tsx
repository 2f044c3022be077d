import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSignInWithLinkMutation } from '../api/sign-in-link';

/**
 * /sign-in-link?token=… (public): the page a mailed sign-in link opens (decision 042). The link
 * is spent only when the person presses the button, not on opening: a mail scanner that opens
 * links must not use up, or be signed in by, the owner's link.
 */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signIn = useSignInWithLinkMutation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">Sign in with your link</h1>
        {!token ? (
          <p role="alert" className="mt-4 text-sm text-red-600">
            This sign-in link is incomplete. Ask for a new one.
          </p>
        ) : (
          <form
            className="mt-6 space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              signIn.mutate(token, { onSuccess: () => navigate(paths.home, { replace: true }) });
            }}
          >
            <p className="text-sm text-slate-600">
              The link works once, within 15 minutes of being sent. This browser will be remembered as one of
              your devices.
            </p>
            {signIn.isError && (
              <p role="alert" className="text-sm text-red-600">
                {errorMessage(signIn.error, 'Something went wrong. Please try again.')}
              </p>
            )}
            <button
              type="submit"
              disabled={signIn.isPending}
              className="w-full rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              {signIn.isPending ? 'Signing in...' : 'Sign in'}
            </button>
          </form>
        )}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </div>
  );
}
