import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { createQueryClient } from '../lib/query-client';
import { useIdle } from '../lib/use-idle';
import { subscribeToToaster, toasterWanted } from '../lib/toaster-signal';

// Loaded once something toasts (lib/toast.ts): the landing page never does, and keeping the
// toaster out of it keeps /muster inside its JavaScript budget. Mounted once the first screen has
// rendered (a toast made before waits in react-hot-toast's store): its first render was one of the
// signed-in home page's long tasks (decision 027).
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

/** The toaster, once the screen that wanted it has rendered and the main thread is free. */
function IdleToaster() {
  if (!useIdle()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const wanted = useSyncExternalStore(subscribeToToaster, toasterWanted, toasterWanted);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {wanted && <IdleToaster />}
    </QueryClientProvider>
  );
}
