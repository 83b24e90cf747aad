import type { Transaction } from '../../../../shared/transaction.js';

/** A mail whose tokens may be in the ledger: its owner and how many charge rounds it had. */
export interface ChargedMail {
  id: string;
  ownerId: string;
  chargeRound: number;
}

/** What the app keeps about a mail, as an account export shows it: metadata, never content. */
export interface MailRecordExport {
  id: string;
  documentId: string;
  subject: string;
  sender: string;
  status: string;
  reason: string | null;
  usedTokens: number;
  receivedAt: Date;
  finishedAt: Date | null;
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
  /**
   * Deletes at most `limit` records of mails that arrived before `before` and are final (nothing runs for
   * them any more), in one transaction that first runs `within` with those of them that were charged;
   * answers how many.
   */
  /** Every mail record of the owner, newest first, for the account export. */
  ownerRecords(ownerId: string): Promise<MailRecordExport[]>;
  /** In `tx`, after the owner's documents were erased: whatever mail data is still tied to the owner. */
  eraseOwnerMail(tx: Transaction, ownerId: string): Promise<void>;
  deleteRecords(before: Date, limit: number, within: (tx: Transaction, charged: ChargedMail[]) => Promise<void>): Promise<number>;
}

export const MAIL_RECORDS = Symbol('MailRecords');
