import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { sessionKeys } from '../../../lib/session-keys';
import { useConfirmEmailChangeMutation } from '../api/confirm-email-change';
import { TokenResultCard } from './token-result-card';
import { useTokenCheck } from './use-token-check';

/** /verify-email-change?token=… (spec §2): success and failure both offer Back to Settings. */
export function VerifyEmailChangePage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const onSuccess = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
    [queryClient],
  );
  const { state, error } = useTokenCheck(params.get('token'), useConfirmEmailChangeMutation(), {
    successToast: 'Email changed successfully!',
    fallback: 'Failed to change email. The link may be expired.',
    onSuccess,
  });

  return (
    <TokenResultCard
      state={state}
      verifyingText="Confirming your new email…"
      successHeading="Email changed"
      successText="Email changed successfully!"
      errorHeading="Email change failed"
      errorText={error}
      link={{ to: '/settings', label: 'Back to Settings' }}
    />
  );
}
