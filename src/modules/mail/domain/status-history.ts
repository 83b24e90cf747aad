import type { MailStatus } from './inbound-message.js';

/** One entry of a mail's status history as the database records it (migration 20261203120000). */
export interface StatusEntry {
  status: MailStatus;
  reason: string | null;
  at: Date;
  /** The status before this one; absent for the arrival. */
  from: MailStatus | null;
}

/**
 * The reason shown with a history entry: the recorded one, or, for a mail put back in line (which clears
 * its reason), what put it back.
 */
export function historyReason(entry: StatusEntry): string | null {
  if (entry.reason !== null) return entry.reason;
  if (entry.status !== 'received' || entry.from === null) return null;
  switch (entry.from) {
    case 'failed':
      return 'Retried.';
    case 'held':
      return 'Tokens or a plan became available: back in line.';
    case 'ignored':
      return 'Its sender was allowed: back in line.';
    default:
      return null;
  }
}
