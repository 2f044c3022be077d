import { VERIFY_REDIRECT_MS } from '@muster/contract/limits';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiClientError } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { useVerifyEmailMutation } from '../api/verify-email';
import { TokenResultCard } from './token-result-page';

const FALLBACK = 'Failed to verify email. The link may be expired.';

/** /verify-email?token=… (spec §2): verifying, success then /login after 2 s, or failure. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const verify = useVerifyEmailMutation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'verifying' | 'success' | 'error'>(token ? 'verifying' : 'error');
  const [error, setError] = useState(FALLBACK);
  const started = useRef(false);

  useEffect(() => {
    // A token is single-use: never send it twice (StrictMode runs effects twice in development).
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token, {
      onSuccess: () => {
        setState('success');
        toast.success('Email verified successfully!');
        void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
        setTimeout(() => navigate('/login', { replace: true }), VERIFY_REDIRECT_MS);
      },
      onError: (err) => {
        const message = err instanceof ApiClientError && err.message ? err.message : FALLBACK;
        setError(message);
        setState('error');
        toast.error(message);
      },
    });
  }, [token, verify, navigate, queryClient]);

  return (
    <TokenResultCard
      state={state}
      verifyingText="Verifying your email…"
      successHeading="Email Verified"
      successText="Email verified successfully! Taking you to sign in…"
      errorHeading="Verification failed"
      errorText={token ? error : FALLBACK}
      link={state === 'error' ? { to: '/signup', label: 'Back to Sign Up' } : null}
    />
  );
}
