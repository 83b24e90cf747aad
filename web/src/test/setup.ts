import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionStore } from '@/lib/session-store';
import { useToasts } from '@/components/ui/toast/toast-store';
import { resetThemeStore } from '@/components/ui/theme/theme-store';
import { resetConnection } from '@/components/ui/offline-banner/connection-store';

// findBy*/waitFor give up after this long. The 1 s default is too short on a loaded two-core machine,
// where a screen's first render with its lazy chunks can take longer; a passing test is not slowed.
configure({ asyncUtilTimeout: 5_000 });

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
    resetConnection();
  }
});
