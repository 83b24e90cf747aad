import type { NotificationFacts } from './notification-kind.js';
import { DAY_MS } from '../../../shared/clock.js';

/** One mail decided: a key that can be used once, and what it says. */
export interface NotificationDecision {
  key: string;
  facts: NotificationFacts;
}

/** A once-per-episode notice: `tripped` while the episode lasts; `episode` counts the episodes so far. */
export interface Mark {
  tripped: boolean;
  episode: number;
}

export const UNTRIPPED: Mark = { tripped: false, episode: 0 };

/** The marks of the once-per-episode notices. */
export type MarkName = 'balance-low' | 'balance-empty' | 'held-mail';

/** What a user's tokens look like to the notices: tokens left and the period's allowance. */
export interface BalanceFacts {
  tokensLeft: number;
  /** The plan's tokens per period; 0 without a plan. */
  allowance: number;
  /** Billing off: tokens never run out. */
  unlimited: boolean;
}

/** Low when at most this share of the period's allowance is left (docs/operations.md). */
export const LOW_BALANCE_SHARE = 0.1;

/** How a mark moves: trip (and mail), clear (the episode ended), or stay. */
export type MarkMove = 'trip' | 'clear' | 'stay';

/**
 * The two balance thresholds: 10% of the allowance left, and none left. Each mails once per crossing; it
 * is cleared only by a balance back above it (a credit or a new period), so it can fire again. Without a
 * plan (no allowance) or with billing off, nothing is said.
 */
export function balanceMoves(balance: BalanceFacts, marks: { low: Mark; empty: Mark }): { low: MarkMove; empty: MarkMove } {
  if (balance.unlimited || balance.allowance <= 0) return { low: 'stay', empty: 'stay' };
  const isLow = balance.tokensLeft <= balance.allowance * LOW_BALANCE_SHARE;
  const isEmpty = balance.tokensLeft <= 0;
  const move = (below: boolean, mark: Mark): MarkMove => (below ? (mark.tripped ? 'stay' : 'trip') : mark.tripped ? 'clear' : 'stay');
  return { low: move(isLow, marks.low), empty: move(isEmpty, marks.empty) };
}

/** Held mail: one mail per episode (from the first mail held until none is waiting). */
export function heldMove(waiting: number, mark: Mark): MarkMove {
  if (waiting > 0) return mark.tripped ? 'stay' : 'trip';
  return mark.tripped ? 'clear' : 'stay';
}

/** A mail as the notices see it (the mail module's record). */
export interface MailFact {
  id: string;
  documentId: string;
  sender: string;
  subject: string;
  status: string;
  reason: string | null;
  receivedAt: Date;
  finishedAt: Date | null;
  /** For a refusal: the same sender was refused on the same document before this mail. */
  refusedBefore?: boolean;
}

/** What a check reads of a user's mail: how many wait for tokens, and what ended ignored or failed lately. */
export interface RecentMail {
  waiting: number;
  /** Ignored or failed mail received or ended at or after the lookback's start. */
  mails: MailFact[];
}

/** The same answer worked out from a whole list: what the mail module's query answers, stated plainly. */
export function recentMailOf(all: readonly MailFact[], since: Date): RecentMail {
  const refusals = all.filter((mail) => mail.status === 'ignored');
  const refusedBefore = (mail: MailFact) =>
    refusals.some((other) => other.documentId === mail.documentId && other.sender.toLowerCase() === mail.sender.toLowerCase() && other.receivedAt < mail.receivedAt);
  return {
    waiting: all.filter((mail) => mail.status === 'held').length,
    mails: all
      .filter((mail) => (mail.status === 'ignored' || mail.status === 'failed') && (mail.receivedAt >= since || (mail.finishedAt !== null && mail.finishedAt >= since)))
      .map((mail) => ({ ...mail, refusedBefore: mail.status === 'ignored' && refusedBefore(mail) })),
  };
}

/**
 * Only recent events are mailed: a first start on an old database must not mail about last month's mail,
 * and the outbox (purged after NOTIFICATION_LOG_DAYS) always outlives this window, so a purged key is
 * never decided again.
 */
export const LOOKBACK_MS = 2 * DAY_MS;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Refused senders: a sender refused on a document for the first time (no earlier refusal of that sender
 * there) makes a mail; at most one per document and (UTC) day, keyed by both, naming that day's new
 * senders known when it is decided.
 */
export function refusedDecisions(mails: readonly MailFact[], names: ReadonlyMap<string, string>, now: Date): NotificationDecision[] {
  const refusals = mails.filter((mail) => mail.status === 'ignored' && mail.sender !== '').sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  const seen = new Set<string>();
  const byKey = new Map<string, { documentId: string; senders: string[] }>();
  for (const mail of refusals) {
    const pair = `${mail.documentId}\n${mail.sender.toLowerCase()}`;
    if (seen.has(pair) || mail.refusedBefore === true) continue;
    seen.add(pair);
    if (now.getTime() - mail.receivedAt.getTime() > LOOKBACK_MS) continue;
    const key = `refused-sender:${mail.documentId}:${dayOf(mail.receivedAt)}`;
    const entry = byKey.get(key) ?? { documentId: mail.documentId, senders: [] };
    entry.senders.push(mail.sender);
    byKey.set(key, entry);
  }
  return [...byKey].map(([key, { documentId, senders }]) => ({
    key,
    facts: { kind: 'refused-sender', documentId, documentName: names.get(documentId) ?? '', senders },
  }));
}

/** Failed for good: one mail per mail, keyed by its id (a retry that fails again says nothing new). */
export function failedDecisions(mails: readonly MailFact[], names: ReadonlyMap<string, string>, now: Date): NotificationDecision[] {
  return mails
    .filter((mail) => mail.status === 'failed' && now.getTime() - (mail.finishedAt ?? mail.receivedAt).getTime() <= LOOKBACK_MS)
    .map((mail) => ({
      key: `failed-mail:${mail.id}`,
      facts: { kind: 'failed-mail', documentId: mail.documentId, documentName: names.get(mail.documentId) ?? '', subject: mail.subject, reason: mail.reason },
    }));
}

/** A document that continued in a new part, as the documents module answers it. */
export interface ContinuationFact {
  documentId: string;
  documentName: string;
  part: number;
  startedAt: Date;
}

/** A document continued: one mail per new part, keyed by the document and the part. */
export function continuedDecisions(continued: readonly ContinuationFact[], now: Date): NotificationDecision[] {
  return continued
    .filter((fact) => now.getTime() - fact.startedAt.getTime() <= LOOKBACK_MS)
    .map((fact) => ({
      key: `document-continued:${fact.documentId}:${fact.part}`,
      facts: { kind: 'document-continued', documentId: fact.documentId, documentName: fact.documentName, part: fact.part },
    }));
}

/** The key of a once-per-episode notice: the user and the episode's number. */
export function episodeKey(mark: MarkName, userId: string, episode: number): string {
  return `${mark}:${userId}:${episode}`;
}
