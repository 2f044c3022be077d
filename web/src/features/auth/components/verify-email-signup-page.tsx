import type { SessionUser } from '@muster/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from '../../../lib/toast';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionKeys } from '../../../lib/session-keys';
import { useSessionQuery } from '../../../lib/session';
import { useResendVerificationMutation } from '../api/resend-verification';
import { useVerifyEmailMutation } from '../api/verify-email';
import { TokenResultCard } from './token-result-card';
import { useTokenCheck } from './use-token-check';

const primary =
  'inline-flex justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60';
const secondary =
  'inline-flex justify-center rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50';

/**
 * /verify-email-signup?token=… : where a new account's verification mail leads (decision 024).
 * Unlike /verify-email (spec §2: success goes to /login), the person is signed in, so success
 * leads into the app; a failed link offers a new one at once.
 */
export function VerifyEmailSignupPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSessionQuery();
  const resend = useResendVerificationMutation();
  const onSuccess = useCallback(() => {
    // Verified from now on: the guards must not send "Go to your feed" to /verification-pending
    // while the session is fetched again.
    queryClient.setQueryData<SessionUser>(sessionKeys.me, (user) =>
      user ? { ...user, emailVerified: true } : user,
    );
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
  }, [queryClient]);
  const { state, error } = useTokenCheck(params.get('token'), useVerifyEmailMutation(), {
    successToast: 'Email verified successfully!',
    fallback: 'Failed to verify email. The link may be expired.',
    onSuccess,
  });
  // A link opened twice fails (tokens are single-use), but the address is verified all the same.
  const alreadyVerified = state === 'error' && session.data?.emailVerified === true;
  const intoTheApp = (
    <>
      <Link to={paths.home} className={primary}>
        Go to your feed
      </Link>
      <Link to={paths.settings} className={secondary}>
        Complete your profile
      </Link>
    </>
  );

  return (
    <TokenResultCard
      state={alreadyVerified ? 'success' : state}
      verifyingText="Verifying your email…"
      successHeading={alreadyVerified ? 'Your email is already verified' : 'Your email is verified'}
      successText={
        alreadyVerified
          ? 'This link was used before. Your account is ready.'
          : 'Welcome to Muster! Post what you need or what you can give, and join a mission near you.'
      }
      errorHeading="This link didn't work"
      errorText={error}
      link={null}
      actions={
        state === 'success' || alreadyVerified ? (
          intoTheApp
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Links last a day and work once. We can send you a new one.
            </p>
            <button
              type="button"
              className={primary}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (message) => toast.success(message),
                  onError: (err) => toast.error(errorMessage(err, 'Something went wrong. Please try again.')),
                })
              }
            >
              {resend.isPending ? 'Sending...' : 'Send a new link'}
            </button>
          </>
        )
      }
    />
  );
}
