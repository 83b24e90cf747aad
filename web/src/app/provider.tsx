import type { ReactNode } from 'react';
import { ToastViewport } from '@/components/ui/toast/toast-viewport';

/** App-wide UI that lives outside the routes. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToastViewport />
    </>
  );
}
