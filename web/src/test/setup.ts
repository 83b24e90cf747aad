import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetSessionStore } from '@/lib/session-store';
import { useToasts } from '@/components/ui/toast/toast-store';
import { resetThemeStore } from '@/components/ui/theme/theme-store';
import { resetConnection } from '@/components/ui/offline-banner/connection-store';
import { takeUnhandledRequests } from './fake-fetch';

// findBy*/waitFor give up after this long. The 1 s default is too short on a loaded two-core machine,
// where a screen's first render with its lazy chunks can take longer; a passing test is not slowed.
configure({ asyncUtilTimeout: 5_000 });

// The test files of a worker share one module graph (isolate: false in web/vite.config.ts). A page's
// lazy import still in flight when its file ends would fail ("after the environment was torn down")
// and stay failed in that graph for the files after it; loaded before any test, every lazy page and
// the chart library are already there.
const lazyModules = import.meta.glob(['../app/routes/*-route.tsx', '../features/*/components/*-page.tsx', '../components/ui/chart/chart.tsx']);
beforeAll(async () => {
  if (typeof window === 'undefined') return; // a file on the node environment renders no page
  await Promise.all([...Object.values(lazyModules).map((load) => load()), import('react-apexcharts')]);
});

// A screen rendered without a fake server (src/test/fake-fetch.ts) finds the network down instead of
// reaching out of the test to whatever listens on localhost. Files on the node environment bring
// their own server.
beforeEach(() => {
  if (typeof window === 'undefined') return;
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('No network in the web tests: install a fake server (src/test/fake-fetch.ts).')));
});

afterEach(() => {
  cleanup();
  const unhandled = [...new Set(takeUnhandledRequests())];
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
  // After the clean-up, so the next test starts clean either way (src/test/fake-fetch.ts).
  if (unhandled.length > 0) throw new Error(`the fake server was asked for routes the test did not give it: ${unhandled.join(', ')}`);
});
