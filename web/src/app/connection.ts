// Wires the connection state (components/ui/offline-banner/connection-store) to this app: every API
// call reports whether the server answered, and when it answers again after an outage the data on
// screen is loaded again (what failed meanwhile shows its error until then, never an empty state).
import type { QueryClient } from '@tanstack/react-query';
import { reportReachable, reportUnreachable, useConnection } from '@/components/ui/offline-banner/connection-store';
import { api } from '@/lib/api-client';

/**
 * At most one reload of everything per this long: a call that fails at the network while others answer
 * (a blocked address) flips the state back and forth, and must not reload the screen in a loop.
 */
export const RECONNECT_REFETCH_MIN_MS = 10_000;

/** Registers the connection hooks on the API client; returns the clean-up (tests). */
export function installConnection(queryClient: QueryClient): () => void {
  api.setConnectionHooks({ reachable: reportReachable, unreachable: reportUnreachable });
  let lastRefetch = Number.NEGATIVE_INFINITY;
  const unsubscribe = useConnection.subscribe((state, previous) => {
    if (!previous.offline || state.offline) return;
    const now = Date.now();
    if (now - lastRefetch < RECONNECT_REFETCH_MIN_MS) return;
    lastRefetch = now;
    // Back online: whatever is shown (or failed) loads again.
    void queryClient.invalidateQueries();
  });
  return () => {
    unsubscribe();
    api.setConnectionHooks(null);
  };
}
