import { useEffect, useState } from 'react';

/** What the landing page knows of one load: the data once in, whether it failed, whether it is running. */
export type LandingLoad<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** Loads again (the pricing section's "Try again"). */
  refetch: () => void;
};

/**
 * One load of the landing page's data (the price list, the public configuration), without TanStack Query:
 * the landing page is the first visit's whole download, and the query library's share of it is what keeps
 * it within its budget (docs/benchmarks.md § Bytes on the wire). A failure is logged, as the app's loads are, and shown
 * by the caller; the app, once it starts, loads what it needs through its own cache.
 */
export function useLandingLoad<T>(load: (signal: AbortSignal) => Promise<T>, errorMessage: string): LandingLoad<T> {
  const [state, setState] = useState<{ data: T | undefined; failed: boolean; running: boolean }>({ data: undefined, failed: false, running: true });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, failed: false, running: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(errorMessage, error);
        setState((current) => ({ ...current, failed: true, running: false }));
      },
    );
    return () => controller.abort();
  }, [load, errorMessage, attempt]);

  return {
    data: state.data,
    isPending: state.data === undefined && !state.failed,
    isError: state.failed && state.data === undefined,
    isFetching: state.running,
    refetch: () => {
      // Running from the press on (the button shows it); the effect of the next attempt loads.
      setState((current) => ({ ...current, running: true }));
      setAttempt((count) => count + 1);
    },
  };
}
