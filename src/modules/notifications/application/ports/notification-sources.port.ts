import type { BalanceFacts, ContinuationFact, RecentMail } from '../../domain/notification-decisions.js';

/** A user's tokens, as the ledger answers them. */
export interface BalanceSource {
  balanceOf(userId: string): Promise<BalanceFacts>;
}

/** A user's mail records and document names, as the mail and documents modules answer them. */
export interface MailSource {
  /** Held mail's count, and ignored or failed mail received or ended since `since` (a bounded read). */
  recentOf(userId: string, since: Date): Promise<RecentMail>;
  documentNames(userId: string): Promise<Map<string, string>>;
}

/** Where a user's mail goes: their account's email; null when the account is gone. */
export interface Recipients {
  emailOf(userId: string): Promise<string | null>;
}

/** The documents that continued in a new part, as the documents module answers them. */
export interface ContinuationSource {
  continuedSince(userId: string, since: Date): Promise<ContinuationFact[]>;
}

/** For callers that mail about nothing else (tests of the other kinds). */
export const noContinuations: ContinuationSource = { continuedSince: () => Promise.resolve([]) };

export const BALANCE_SOURCE = Symbol('BalanceSource');
export const CONTINUATION_SOURCE = Symbol('ContinuationSource');
export const MAIL_SOURCE = Symbol('MailSource');
export const RECIPIENTS = Symbol('Recipients');
