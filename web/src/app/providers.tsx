import { TOAST_ERROR_MS, TOAST_LIMIT, TOAST_SUCCESS_MS } from '@muster/contract/limits';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { createQueryClient } from '../lib/query-client';

/** react-hot-toast has no cap of its own: keep the newest 20 (spec §9) and dismiss the rest. */
function ToastLimit() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOAST_LIMIT)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return null;
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" toastOptions={{ error: { duration: TOAST_ERROR_MS }, success: { duration: TOAST_SUCCESS_MS } }} />
      <ToastLimit />
    </QueryClientProvider>
  );
}
