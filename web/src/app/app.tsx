import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { AppRouter } from './app-router';

type AppProps = {
  router: AppRouter;
  queryClient: QueryClient;
};

/** The whole app for a given router; the session must be installed on it before the first render. */
export function App({ router, queryClient }: AppProps) {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
