// The app's one data layer: TanStack Query over the ky client (lib/api-client). Every screen reads
// server data through useQuery hooks in features/<f>/api (or lib/ for data several features show);
// mutations invalidate what they change. Query keys live in one file per feature (api/query-keys.ts)
// and in lib/query-keys.ts, exported so server events can update the cache later.
import { focusManager, QueryCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Logged with the error when a load fails (most load failures are logged only: docs/product.md § Messages and failures). */
      errorMessage?: string;
    };
  }
}

/** Loaded data counts as fresh this long: a screen opened again within it shows the cache without a call. */
export const DEFAULT_STALE_TIME_MS = 30_000;

/** A focus and a visibility change usually come together: they count as one return within this window. */
const RETURN_DEBOUNCE_MS = 500;

/**
 * "The user came back" for refetch-on-focus: the window regains focus, or the tab becomes visible again
 * (a phone switches apps without a focus event). TanStack Query listens to visibility only.
 */
focusManager.setEventListener((onReturn) => {
  if (typeof window === 'undefined') return undefined;
  let last = Number.NEGATIVE_INFINITY;
  const returned = () => {
    const now = Date.now();
    // abs: a test's fake clock may have run ahead of the real one.
    if (Math.abs(now - last) < RETURN_DEBOUNCE_MS) return;
    last = now;
    onReturn();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') returned();
  };
  window.addEventListener('focus', returned);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('focus', returned);
    document.removeEventListener('visibilitychange', onVisibility);
  };
});

/** A client for one page load (the tests make one per rendered app). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.warn(query.meta?.errorMessage ?? 'Could not load data from the server.', error),
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        // The API client repeats a request once after a 401 (session policy); nothing else is retried,
        // so a failure shows at once (docs/product.md § Messages and failures).
        retry: false,
        // Offline, a call fails as it always did instead of waiting for the network to return.
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
