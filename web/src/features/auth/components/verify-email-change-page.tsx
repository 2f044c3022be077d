import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { ApiClientError } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { useConfirmEmailChangeMutation } from '../api/confirm-email-change';
import { TokenResultCard } from './token-result-page';

const FALLBACK = 'Failed to change email. The link may be expired.';

/** /verify-email-change?token=… (spec §2): success and failure both offer Back to Settings. */
export function VerifyEmailChangePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirm = useConfirmEmailChangeMutation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'verifying' | 'success' | 'error'>(token ? 'verifying' : 'error');
  const [error, setError] = useState(FALLBACK);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm.mutate(token, {
      onSuccess: () => {
        setState('success');
        toast.success('Email changed successfully!');
        void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      },
      onError: (err) => {
        const message = err instanceof ApiClientError && err.message ? err.message : FALLBACK;
        setError(message);
        setState('error');
        toast.error(message);
      },
    });
  }, [token, confirm, queryClient]);

  return (
    <TokenResultCard
      state={state}
      verifyingText="Confirming your new email…"
      successHeading="Email changed"
      successText="Email changed successfully!"
      errorHeading="Email change failed"
      errorText={token ? error : FALLBACK}
      link={{ to: '/settings', label: 'Back to Settings' }}
    />
  );
}
