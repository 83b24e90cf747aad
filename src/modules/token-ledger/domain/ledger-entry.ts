export type EntryKind = 'period_grant' | 'purchase_grant' | 'admin_grant' | 'reserve' | 'settle' | 'refund';

export const GRANT_KINDS: readonly EntryKind[] = ['period_grant', 'purchase_grant', 'admin_grant'];

/**
 * One change of a balance. Entries are never deleted and their amounts never change, and each has a
 * unique source key (a mail id, a payment event id, a checkout id), so nothing is ever counted twice. Only
 * a description may be rewritten, to neutral text, when the data it named is deleted (a mail's subject).
 */
export interface LedgerEntry {
  sourceKey: string;
  userId: string;
  kind: EntryKind;
  subscriptionDelta: number;
  additionalDelta: number;
  /** The amount shown in reports (tokens used or added), positive. */
  tokens: number;
  /** What the reports show: the operation or the source of the tokens. */
  description: string;
  /** What the user paid for these tokens, in cents (0 for usage and free grants). */
  payedUsdCents: number;
  /** For settle and refund: the reservation's source key. */
  relatedKey: string | null;
  createdAt: Date;
}

export type NewLedgerEntry = Omit<LedgerEntry, 'createdAt' | 'userId'>;

export const reserveKey = (reservationId: string) => `reserve:${reservationId}`;
export const settleKey = (reservationId: string) => `settle:${reservationId}`;
export const refundKey = (reservationId: string) => `refund:${reservationId}`;

/** A source key already used for another user's entry: a bug or a reused operator key, never skipped. */
export class SourceKeyTakenError extends Error {
  override readonly name = 'SourceKeyTakenError';
  constructor(readonly sourceKey: string) {
    super(`The key ${sourceKey} was already used for another user's entry.`);
  }
}
