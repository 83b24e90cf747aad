export type MailStatus = 'received' | 'processing' | 'processed' | 'ignored' | 'held' | 'failed' | 'expired';

/** A mail in one of these states is done: its raw content is gone and nothing runs for it any more. */
export const FINAL_STATUSES: readonly MailStatus[] = ['processed', 'ignored', 'failed', 'expired'];

export function isFinal(status: MailStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/** What the parse step keeps, so later steps and retries never parse again. */
export interface ParsedSnapshot {
  subject: string;
  from: { address: string; name: string } | null;
  originalSender: { address: string; name: string } | null;
  date: string | null;
  text: string;
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
}

/** The ledger key of this mail's tokens in its current charge round. */
export function reservationIdOf(message: Pick<InboundMessage, 'id' | 'chargeRound'>): string {
  return `${message.id}#${message.chargeRound}`;
}
