import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';

export type TokenCheckState = 'verifying' | 'success' | 'error';
type Outcome = { state: TokenCheckState; error: string };

/**
 * Sends each mailed token once (tokens are single-use, and StrictMode runs effects twice) and
 * reports the page's state for the token in the address now: no token fails at once; a failure
 * shows the server's message or `fallback`. Outcomes are kept per token, so following a second
 * link without leaving the page starts afresh.
 */
export function useTokenCheck(
  token: string | null,
  mutation: UseMutationResult<string, Error, string>,
  options: { successToast: string; fallback: string; onSuccess?: () => void },
): Outcome {
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});
  const sent = useRef(new Set<string>());
  const { successToast, fallback, onSuccess } = options;

  useEffect(() => {
    if (!token || sent.current.has(token)) return;
    sent.current.add(token);
    mutation.mutate(token, {
      onSuccess: () => {
        setOutcomes((o) => ({ ...o, [token]: { state: 'success', error: '' } }));
        toast.success(successToast);
        onSuccess?.();
      },
      onError: (err) => {
        const message = errorMessage(err, fallback);
        setOutcomes((o) => ({ ...o, [token]: { state: 'error', error: message } }));
        toast.error(message);
      },
    });
  }, [token, mutation, successToast, fallback, onSuccess]);

  if (!token) return { state: 'error', error: fallback };
  return outcomes[token] ?? { state: 'verifying', error: '' };
}
