import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';

// Loaded after the first paint: the toaster is not needed to show the landing page, and keeping
// it out of the entry keeps /muster inside its JavaScript budget.
const AppToaster = lazy(() => import('./toaster').then((m) => ({ default: m.AppToaster })));

export function Providers({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
