import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionStore } from '@/lib/session-store';
import { useToasts } from '@/components/ui/toast/toast-store';
import { resetThemeStore } from '@/components/ui/theme/theme-store';
import { resetPublicConfig } from '@/lib/public-config';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Each test starts signed out, with nothing remembered.
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
    resetSessionStore();
    useToasts.setState({ toasts: [] });
    resetThemeStore();
    resetPublicConfig();
  }
});
