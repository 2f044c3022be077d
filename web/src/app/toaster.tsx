import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from '@muster/contract/limits';
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

/** Toasts at the top centre: errors 4 s, successes 2 s, the newest 20 kept (spec §9). */
export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast has no cap of its own: dismiss whatever is beyond the newest 20.
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      toastOptions={{ error: { duration: TOAST_ERROR_MS }, success: { duration: TOAST_SUCCESS_MS } }}
    />
  );
}
