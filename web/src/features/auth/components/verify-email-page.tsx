import { VERIFY_REDIRECT_MS } from '@muster/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { sessionKeys } from '../../../lib/session-keys';
import { useVerifyEmailMutation } from '../api/verify-email';
import { TokenResultCard } from './token-result-card';
import { useTokenCheck } from './use-token-check';

/** /verify-email?token=… (spec §2): verifying, success then /login after 2 s, or failure. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSuccess = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    setTimeout(() => navigate('/login', { replace: true }), VERIFY_REDIRECT_MS);
  }, [queryClient, navigate]);
  const { state, error } = useTokenCheck(params.get('token'), useVerifyEmailMutation(), {
    successToast: 'Email verified successfully!',
    fallback: 'Failed to verify email. The link may be expired.',
    onSuccess,
  });

  return (
    <TokenResultCard
      state={state}
      verifyingText="Verifying your email…"
      successHeading="Email Verified"
      successText="Email verified successfully! Taking you to sign in…"
      errorHeading="Verification failed"
      errorText={error}
      link={state === 'error' ? { to: '/signup', label: 'Back to Sign Up' } : null}
    />
  );
}
