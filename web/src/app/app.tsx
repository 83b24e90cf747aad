import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

/** The whole app for a given router; the session must be installed on it before the first render. */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
