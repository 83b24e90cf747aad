import type { RefusalReason } from './sender-authorisation.js';
import type { StructuredMail } from './structured-mail.js';
import { baseSubject } from './subject.js';
import type { WrittenBlock } from './written-block.js';

export type MailStatus = 'received' | 'processing' | 'processed' | 'ignored' | 'held' | 'failed' | 'expired' | 'duplicate';

/** A mail in one of these states is done: its raw content is gone and nothing runs for it any more. */
export const FINAL_STATUSES = ['processed', 'ignored', 'failed', 'expired', 'duplicate'] as const satisfies readonly MailStatus[];
export type FinalStatus = (typeof FINAL_STATUSES)[number];

export function isFinal(status: MailStatus): status is FinalStatus {
  return (FINAL_STATUSES as readonly MailStatus[]).includes(status);
}

/** What the parse step keeps, so later steps and retries never parse again. */
export interface ParsedSnapshot {
  /** The visible Subject. */
  subject: string;
  /** The visible From: the sender that authorises the mail. */
  from: { address: string; name: string } | null;
  /** See `ParsedMail.ambiguousFrom`; absent in older snapshots. */
  ambiguousFrom?: boolean;
  date: string | null;
  /** The mail as the user meant it; absent in snapshots kept before it existed (see `structuredOf`). */
  mail?: StructuredMail;
  /** Attachments the parser found worth reading (see `attachmentRole`); absent in older snapshots. */
  pendingAttachments?: number;
  /** The text of snapshots kept before `mail` existed. */
  text?: string;
}

/** The structured mail of a snapshot, also for one kept before structured mail existed. */
export function structuredOf(snapshot: ParsedSnapshot): StructuredMail {
  if (snapshot.mail) return snapshot.mail;
  return {
    subject: baseSubject(snapshot.subject),
    sender: snapshot.from,
    date: snapshot.date,
    dateText: null,
    forwardedBy: null,
    body: snapshot.text ?? '',
    kind: 'message',
  };
}

/** Why the allow-list refused a mail, and the visible From it refused (null when the mail had none). */
export interface Refusal {
  reason: RefusalReason;
  sender: string | null;
}

/** How a mail ends: its final status, the reason shown with it, its tokens and, when refused, why. */
export interface Outcome {
  status: FinalStatus;
  reason: string | null;
  usedTokens?: number;
  refusal?: Refusal;
  /** When the mail's block went into its document (a processed mail records it as it ends). */
  writtenAt?: Date;
  /** The block as written, kept with the record (a processed mail records it as it ends). */
  block?: WrittenBlock;
  /** For a `duplicate`: the mail it repeats, whose subject and sender it shows. */
  duplicateOf?: string;
}

/**
 * Whether a mail keeps its content when it ends. A failed mail can be retried. A mail refused only
 * because its sender is not on the list can still be processed once the owner allows that sender.
 * Every other end keeps metadata only.
 */
export function keepsContent(outcome: Pick<Outcome, 'status' | 'refusal'>): boolean {
  if (outcome.status === 'failed') return true;
  return outcome.status === 'ignored' && outcome.refusal?.reason === 'not-on-list' && Boolean(outcome.refusal.sender);
}

/**
 * How many ignored-but-allowable mails keep their content per document (the newest ones). Anyone who
 * knows a forward address can send mail; without a cap a stranger could make us store 10 MB per message
 * for HOLD_DAYS. Older ones keep their row and reason, and no longer offer "Allow and process".
 */
export const KEPT_IGNORED_PER_DOCUMENT = 20;

/** The sender that "allow and process" would add: the refused visible From of a not-on-list refusal. */
export function allowableSender(refusal: Refusal | null): string | null {
  return refusal?.reason === 'not-on-list' ? refusal.sender : null;
}

export interface StoredSummary {
  title: string;
  body: string;
}

export interface InboundMessage {
  id: string;
  documentId: string;
  ownerId: string;
  status: MailStatus;
  reason: string | null;
  envelope: { mailFrom: string | null; recipients: string[]; remoteAddress: string; heloName: string };
  raw: Buffer | null;
  sizeBytes: number;
  sourceMail: string;
  subject: string;
  /** Attachments its document block listed (read or not read); metadata, kept after the content is dropped. */
  attachmentCount: number;
  usedTokens: number;
  attempts: number;
  /** Which charge this is: a manual retry after a refund reserves again under a new key. */
  chargeRound: number;
  parsed: ParsedSnapshot | null;
  costTokens: number | null;
  summary: StoredSummary | null;
  writtenAt: Date | null;
  receivedAt: Date;
  heldAt: Date | null;
  /** Set when the allow-list refused the mail (kept after an "allow and process" lets it in). */
  refusal: Refusal | null;
}

/** The ledger key of this mail's tokens in its current charge round. */
export function reservationIdOf(message: Pick<InboundMessage, 'id' | 'chargeRound'>): string {
  return `${message.id}#${message.chargeRound}`;
}

/** The ledger keys of every charge round of this mail, the current one included. */
export function reservationIdsOf(message: Pick<InboundMessage, 'id' | 'chargeRound'>): string[] {
  return Array.from({ length: message.chargeRound + 1 }, (_, round) => reservationIdOf({ id: message.id, chargeRound: round }));
}
