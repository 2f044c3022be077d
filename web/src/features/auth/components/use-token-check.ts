import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';

export type TokenCheckState = 'verifying' | 'success' | 'error';

/**
 * Sends a mailed token once (tokens are single-use, and StrictMode runs effects twice) and tracks
 * the page's state: no token fails at once; a failure shows the server's message or `fallback`.
 */
export function useTokenCheck(
  token: string | null,
  mutation: UseMutationResult<string, Error, string>,
  options: { successToast: string; fallback: string; onSuccess?: () => void },
) {
  const [state, setState] = useState<TokenCheckState>(token ? 'verifying' : 'error');
  const [error, setError] = useState(options.fallback);
  const started = useRef(false);
  const { successToast, fallback, onSuccess } = options;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutation.mutate(token, {
      onSuccess: () => {
        setState('success');
        toast.success(successToast);
        onSuccess?.();
      },
      onError: (err) => {
        const message = errorMessage(err, fallback);
        setError(message);
        setState('error');
        toast.error(message);
      },
    });
  }, [token, mutation, successToast, fallback, onSuccess]);

  return { state, error };
}
