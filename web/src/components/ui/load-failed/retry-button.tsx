type RetryButtonProps = {
  onRetry: () => void;
  /** True while the new attempt runs: the button says so and ignores more clicks. */
  retrying: boolean;
  className: string;
};

/**
 * "Try again" after a failure. aria-disabled, not disabled, while the attempt runs: the button keeps
 * the focus (and screen readers hear it is busy).
 */
export function RetryButton({ onRetry, retrying, className }: RetryButtonProps) {
  return (
    <button
      type="button"
      className={className}
      aria-disabled={retrying || undefined}
      aria-busy={retrying || undefined}
      onClick={() => {
        if (!retrying) onRetry();
      }}
    >
      {retrying ? 'Trying again…' : 'Try again'}
    </button>
  );
}
