/** Transient failures (model or Google busy) are retried this many times before the mail fails. */
export const MAX_ATTEMPTS = 6;

const BASE_SECONDS = 15;
const CAP_SECONDS = 30 * 60;

/**
 * Exponential backoff with "equal jitter": attempt n waits between half and all of 15 s × 2ⁿ (capped at
 * 30 min), so many mails failing together do not retry together.
 */
export function retryDelaySeconds(attempt: number, random: number): number {
  const ceiling = Math.min(CAP_SECONDS, BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(1, Math.max(0, random)));
}
