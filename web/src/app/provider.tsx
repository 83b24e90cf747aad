import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { OfflineBanner } from '@/components/ui/offline-banner/offline-banner';
import { ToastViewport } from '@/components/ui/toast/toast-viewport';
import { useSession } from '@/lib/session-store';

type AppProviderProps = {
  /** The page load's query client (lib/query-client), shared with the standalone landing page. */
  queryClient: QueryClient;
  children: ReactNode;
};

/** App-wide UI and state that live outside the routes: the server-data cache, the offline banner and the toasts. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  // Signing out forgets every loaded answer: they belonged to that user.
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        if (state.status === 'unauthenticated' && previous.status !== 'unauthenticated') queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <OfflineBanner />
      {children}
      <ToastViewport />
    </QueryClientProvider>
  );
}
