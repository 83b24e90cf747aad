// The failed state of anything loaded from the server (a list, a table, a chart, a panel): it says in
// words that the load failed, never passes for an empty result, and offers "Try again". The message
// alone is the alert, so assistive tech announces it when it appears, without the button's label.
import type { UseQueryResult } from '@tanstack/react-query';
import { RetryButton } from './retry-button';
import './load-failed.css';

export type LoadFailure = {
  /** What could not be loaded, as a sentence: "Your token usage could not be loaded." */
  message: string;
  /** Loads again (react-query's refetch). */
  onRetry: () => void;
  /** True while that new load runs: the button stays focusable and says so. */
  retrying?: boolean;
};

type LoadFailedProps = LoadFailure & {
  /** Less padding, for a table row or a small card. */
  compact?: boolean;
};

export function LoadFailed({ message, onRetry, retrying = false, compact = false }: LoadFailedProps) {
  return (
    <div className={`load-failed${compact ? ' load-failed--compact' : ''}`}>
      <p className="load-failed__message" role="alert">
        {message}
      </p>
      <RetryButton className="button button--secondary load-failed__retry" onRetry={onRetry} retrying={retrying} />
    </div>
  );
}

/**
 * The failure of a query that has nothing to show, or null: a failed background reload keeps the data
 * already on screen. Ready for LoadFailed or DataTable's `failure`.
 */
export function loadFailureOf<Data>(result: UseQueryResult<Data>, message: string): LoadFailure | null {
  if (!result.isError || result.data !== undefined) return null;
  return {
    message,
    // cancelRefetch false: a second click joins the running load instead of starting over.
    onRetry: () => void result.refetch({ cancelRefetch: false }),
    retrying: result.isFetching,
  };
}
