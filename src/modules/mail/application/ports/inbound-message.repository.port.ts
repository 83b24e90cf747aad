import type { InboundMessage, MailStatus, ParsedSnapshot, StoredSummary } from '../../domain/inbound-message.js';
import type { ForwardingConfirmation } from './mail-parser.port.js';
import type { SmtpEnvelope } from './sender-authenticator.port.js';

export interface NewInboundMessage {
  id: string;
  documentId: string;
  ownerId: string;
  envelope: SmtpEnvelope;
  raw: Buffer;
}

export type StepResults = Partial<{
  status: 'processing' | 'held';
  reason: string | null;
  attempts: number;
  parsed: ParsedSnapshot;
  sourceMail: string;
  subject: string;
  authVerdict: unknown;
  costTokens: number;
  summary: StoredSummary;
  writtenAt: Date;
}>;

export type ReceivedMailSortKey = 'sourceMail' | 'subject' | 'usedTokens' | 'receivedAt';

export interface ReceivedMailRow {
  id: string;
  sourceMail: string;
  subject: string;
  usedTokens: number;
  receivedAt: Date;
  status: MailStatus;
  reason: string | null;
}

export interface InboundMessageRepository {
  /** Stores the messages and creates their processing jobs in one transaction. */
  storeReceived(messages: NewInboundMessage[]): Promise<void>;
  findById(id: string): Promise<InboundMessage | null>;
  /** Records finished steps of a message that is not final yet. */
  saveStep(id: string, results: StepResults): Promise<void>;
  /**
   * Ends the message: final status, reason, tokens; raw content and cached text dropped. For
   * `processed`, the document's processed count rises in the same transaction. False if already final.
   */
  finish(id: string, outcome: { status: 'processed' | 'ignored' | 'failed' | 'expired'; reason: string | null; usedTokens?: number }): Promise<boolean>;
  /** Puts a held or failed message back in line (status received) with a new job, atomically. */
  requeue(id: string, options?: { resetAttempts?: boolean }): Promise<boolean>;
  heldMessages(): Promise<{ id: string; ownerId: string; costTokens: number | null; heldAt: Date | null }[]>;
  /** One page in the table's order (the sort column, then the id) and the exact total, also past the last page. */
  listForDocument(documentId: string, query: { page: number; pageSize: number; sortBy: ReceivedMailSortKey; sortOrder: 'asc' | 'desc' }): Promise<{ rows: ReceivedMailRow[]; total: number }>;
  saveForwardingConfirmation(documentId: string, confirmation: ForwardingConfirmation): Promise<void>;
  forwardingConfirmation(documentId: string): Promise<(ForwardingConfirmation & { receivedAt: Date }) | null>;
}

export const INBOUND_MESSAGE_REPOSITORY = Symbol('InboundMessageRepository');
