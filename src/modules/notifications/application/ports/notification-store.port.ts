import type { Transaction } from '../../../../shared/transaction.js';
import type { Mark, MarkName, NotificationDecision } from '../../domain/notification-decisions.js';
import type { NotificationKind, NotificationSettings } from '../../domain/notification-kind.js';
import type { NotificationFacts } from '../../domain/notification-kind.js';

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped';

/** One decided mail in the outbox. */
export interface OutboxEntry {
  id: string;
  key: string;
  userId: string;
  kind: NotificationKind;
  facts: NotificationFacts;
  status: OutboxStatus;
  /** Tries so far, this one included once claimed. */
  attempts: number;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The notifications' own data: settings, episode marks, pending checks and the outbox. The outbox's unique
 * key is what makes a mail go out once: deciding twice (two processes, a retry) inserts once.
 */
export interface NotificationStore {
  settingsOf(userId: string): Promise<NotificationSettings>;
  saveSettings(userId: string, settings: NotificationSettings, now: Date): Promise<void>;

  marksOf(userId: string): Promise<Record<MarkName, Mark>>;
  /**
   * Trips the mark if it is not tripped (one caller wins), starts its next episode and, in the same
   * transaction, puts `decide(episode)` in the outbox (null: trip only). True when this call tripped it.
   */
  trip(userId: string, mark: MarkName, decide: (episode: number) => NotificationDecision | null, now: Date): Promise<boolean>;
  /** Ends the mark's episode: the next crossing may mail again. */
  clear(userId: string, mark: MarkName): Promise<void>;

  /** Puts the decision in the outbox unless its key is there already; true when it was new. */
  decide(userId: string, decision: NotificationDecision, now: Date): Promise<boolean>;

  /**
   * Leases at most `limit` entries that are due (pending and due, or leased by a process that died), adding
   * one to their attempts. Concurrent callers never get the same entry.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  markSent(id: string, now: Date): Promise<void>;
  /** Back to pending, due at `nextAttemptAt`. */
  markRetry(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  /** Given up (`failed`) or not to be sent (`skipped`: switched off, no account). */
  markFinal(id: string, status: 'failed' | 'skipped', reason: string): Promise<void>;

  /** A live notice named the user: remembered until a check of the user succeeds. */
  noteCheck(userId: string, now: Date): Promise<void>;
  dueChecks(limit: number): Promise<{ userId: string; noticedAt: Date }[]>;
  /** Forgets the check, unless a newer notice came in meanwhile. */
  clearCheck(userId: string, noticedAt: Date): Promise<void>;

  /** The user's outbox, newest first (account export). */
  outboxOf(userId: string): Promise<OutboxEntry[]>;
  /** Deletes at most `limit` outbox entries created before `before`; answers how many. */
  purgeOutbox(before: Date, limit: number): Promise<number>;
  /** In `tx`, the deletion's: every mail about the document, decided or sent (the development outbox's copies too). */
  eraseDocument(tx: Transaction, documentId: string): Promise<void>;
}

export const NOTIFICATION_STORE = Symbol('NotificationStore');
