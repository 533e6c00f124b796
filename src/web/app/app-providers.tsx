import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from '#web/lib/auth.tsx';
import { ToastProvider } from '#web/components/ui/toast.tsx';

/**
 * What wraps every page, in the browser and on the server alike: the two trees must be the same for
 * a server-rendered page to hydrate without a mismatch.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
