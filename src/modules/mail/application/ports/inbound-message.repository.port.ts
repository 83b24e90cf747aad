import type { InboundMessage, MailStatus, Outcome, ParsedSnapshot, Refusal, StoredSummary } from '../../domain/inbound-message.js';
import type { SenderVerdict } from '../../domain/sender-authorisation.js';
import type { WrittenBlock } from '../../domain/written-block.js';
import type { ForwardingConfirmation } from './mail-parser.port.js';
import type { SmtpEnvelope } from './sender-authenticator.port.js';

export interface NewInboundMessage {
  id: string;
  documentId: string;
  ownerId: string;
  envelope: SmtpEnvelope;
  raw: Buffer;
  /** See `redeliveryKey`. */
  dedupKey: string;
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
  /** Attachments listed in the block (read or not read; skipped ones not counted): metadata kept with the row. */
  attachmentCount: number;
  summary: StoredSummary;
  writtenAt: Date;
  /** The block as written, recorded with `writtenAt` (see `Outcome.block`). */
  block: WrittenBlock;
}>;

/** The same message delivered to the same document before this copy, within DEDUP_DAYS. */
export interface EarlierDelivery {
  id: string;
  receivedAt: Date;
}

/**
 * A run's start: the message as the claim left it, and, while it is not parsed yet (its first run, or one
 * that died before recording the parse), its earlier delivery, looked up by the claim itself.
 */
export interface ClaimedRun {
  message: InboundMessage;
  earlierDelivery: EarlierDelivery | null;
}

export type RunClaim = ({ outcome: 'claimed' } & ClaimedRun) | { outcome: 'leased'; until: Date } | { outcome: 'nothing-to-run' };

export type ReceivedMailSortKey = 'sourceMail' | 'subject' | 'usedTokens' | 'receivedAt';

export interface ReceivedMailRow {
  id: string;
  sourceMail: string;
  subject: string;
  /** Attachments its document block listed (see `StepResults.attachmentCount`); 0 for mail without any. */
  attachments: number;
  usedTokens: number;
  receivedAt: Date;
  status: MailStatus;
  reason: string | null;
  /** The sender check of the visible From (`SENDER_AUTH` report or enforce); null when not checked. */
  authentication: SenderVerdict | null;
  refusal: Refusal | null;
  /** Whether the raw message is still kept (a failed mail, or one ignored because its sender is not listed). */
  hasContent: boolean;
}

export interface InboundMessageRepository {
  /** Stores the messages, each due for a run at once, in one commit. */
  storeReceived(messages: NewInboundMessage[]): Promise<void>;
  findById(id: string): Promise<InboundMessage | null>;
  /** Records finished steps of a message that is not final yet. */
  saveStep(id: string, results: StepResults): Promise<void>;
  /**
   * Starts a run, in one statement: takes the message's run lease until `until` when the message is
   * waiting for a run (received or processing) and no other run holds it (or its lease ran out), marks it
   * processing, due again when the lease ends (a run that dies is taken up then), and answers it as it now is
   * with its earlier delivery (see `ClaimedRun`): the first delivery of the same message to the same
   * document within the dedup window, when this one is a later copy (received later, or in the same
   * instant with a larger id). Otherwise answers when the other run's lease ends, or that
   * there is nothing to run (no such message, a final one, or one held for tokens or a plan).
   */
  claimRun(id: string, now: Date, until: Date): Promise<RunClaim>;
  /** Gives the lease back at the end of a run that did not end the mail (`finish` gives it back itself). */
  releaseRun(id: string): Promise<void>;
  /**
   * Ends the message: final status, reason, tokens, refusal; raw content and cached text dropped unless
   * `keepsContent` says otherwise (of a document's ignored mail, only the newest
   * KEPT_IGNORED_PER_DOCUMENT keep it). For `processed`, the document's processed count rises in the same
   * commit, and the run lease is given back. False if already final.
   */
  finish(id: string, outcome: Outcome): Promise<boolean>;
  /** Puts a held or failed message back in line (status received, due at once), in one statement. */
  requeue(id: string, options?: { resetAttempts?: boolean }): Promise<boolean>;
  /**
   * Puts a mail ignored because its sender is not on the list back in line (status received, attempts
   * from zero, the refusal kept as history, due at once) in one statement; false when it is no longer such a
   * mail or its content is gone. Of two calls at once, exactly one succeeds.
   */
  releaseIgnored(id: string): Promise<boolean>;
  heldMessages(): Promise<{ id: string; ownerId: string; costTokens: number | null; heldAt: Date | null }[]>;
  saveForwardingConfirmation(documentId: string, confirmation: ForwardingConfirmation): Promise<void>;
  forwardingConfirmation(documentId: string): Promise<(ForwardingConfirmation & { receivedAt: Date }) | null>;
}

export const INBOUND_MESSAGE_REPOSITORY = Symbol('InboundMessageRepository');
