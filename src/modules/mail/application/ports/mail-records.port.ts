import type { Transaction } from '../../../../shared/transaction.js';
import type { MailStatus } from '../../domain/inbound-message.js';
import type { BlockParts } from '../../domain/written-block.js';

/** A mail whose tokens may be in the ledger: its owner and how many charge rounds it had. */
export interface ChargedMail {
  id: string;
  ownerId: string;
  chargeRound: number;
}

/** What every record of a mail says of it: never its content. */
interface MailRecordHead {
  id: string;
  documentId: string;
  subject: string;
  sender: string;
  status: string;
  reason: string | null;
  receivedAt: Date;
  finishedAt: Date | null;
}

/** What the app keeps about a mail, as an account export shows it: metadata and the block as written, never content. */
export interface MailRecordExport extends MailRecordHead {
  usedTokens: number;
  block: BlockParts | null;
  /** Oldest first, each with the reason shown for it (`historyReason`). */
  history: { status: MailStatus; reason: string | null; at: Date }[];
}

/** An ignored or failed mail as the owner's notifications see it. */
export interface MailOutcome extends MailRecordHead {
  /** An ignored mail whose sender was refused on the same document before. */
  refusedBefore: boolean;
}

export interface RecentOwnerMail {
  held: number;
  mails: MailOutcome[];
}

/** The end of mail data: a deleted document's mail, and what retention purges. */
export interface MailRecords {
  /** In `tx`: the document's mails that were charged (a cost was worked out for them). */
  chargedMailOf(tx: Transaction, documentId: string): Promise<ChargedMail[]>;
  /** In `tx`: deletes the document's mail (rows and their content), its kept mail count and its forwarding confirmation. */
  eraseDocumentMail(tx: Transaction, documentId: string): Promise<void>;
  /**
   * Drops the content (the message as received, its parsed text, its summary) of at most `limit` mails that
   * ended ignored, failed or expired before `before`; answers how many. The rows stay, as records.
   */
  dropContent(before: Date, limit: number): Promise<number>;
  /** The owner's held count, and mail that ended ignored or failed, received or ended at or after `since`. */
  recentOutcomes(ownerId: string, since: Date): Promise<RecentOwnerMail>;
  /** Every mail record of the owner, newest first, for the account export. */
  ownerRecords(ownerId: string): Promise<MailRecordExport[]>;
  /** In `tx`, after the owner's documents were erased: whatever mail data is still tied to the owner. */
  eraseOwnerMail(tx: Transaction, ownerId: string): Promise<void>;
  /**
   * Deletes at most `limit` records of mails that arrived before `before` and are final (nothing runs for
   * them any more), in one transaction that first runs `within` with those of them that were charged;
   * answers how many.
   */
  deleteRecords(before: Date, limit: number, within: (tx: Transaction, charged: ChargedMail[]) => Promise<void>): Promise<number>;
  /** At most `limit` mails erased with their document while still due or running, oldest first: a run may have charged them after the erase. */
  erasedRuns(limit: number): Promise<ChargedMail[]>;
  /** Runs `within` in one transaction, then forgets those of `runs` erased before `expiredBefore`; answers how many it forgot. */
  forgetErasedRuns(runs: ChargedMail[], expiredBefore: Date, within: (tx: Transaction) => Promise<void>): Promise<number>;
}

export const MAIL_RECORDS = Symbol('MailRecords');
