import type { Transaction } from '../../../../shared/transaction.js';
import type { Document } from '../../domain/document.js';
import type { DeletedDocument } from './document-data-eraser.port.js';

/** A document's own fields, before its linked document exists. */
export type NewDocument = Pick<Document, 'id' | 'ownerId' | 'name' | 'description' | 'emails' | 'forwardToken' | 'forwardEmail' | 'overwriteAtBeginning'>;

export type DocumentPatch = Partial<Pick<Document, 'name' | 'description' | 'overwriteAtBeginning' | 'tabId'>>;

export type ClaimResult =
  | { outcome: 'claimed' }
  /** The id exists: the same user's finished document, or someone/something else's. */
  | { outcome: 'exists'; document: Document | null; sameOwner: boolean };

/** Every owner-scoped method matches on (owner, id): another user's id behaves exactly like a missing one. */
export interface DocumentRepository {
  /** Reserves the id with the document's fields before the linked document exists. */
  claim(document: NewDocument): Promise<ClaimResult>;
  /** Attaches the linked document and makes the document visible. */
  complete(id: string, externalId: string): Promise<Document>;
  /** Releases a claim whose linked document could not be created, so a retry can start over. */
  abandon(id: string): Promise<void>;
  findOwned(ownerId: string, id: string): Promise<Document | null>;
  /** The live document's processed-mail count; null when the document is not the owner's live one. */
  processedCount(ownerId: string, id: string): Promise<number | null>;
  listOwned(ownerId: string): Promise<Document[]>;
  /** The live document a forward address leads to: only what mail intake needs, as SMTP asks per recipient. */
  findByForwardToken(token: string): Promise<Pick<Document, 'id' | 'ownerId'> | null>;
  update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null>;
  /** Adds unless present (normalised); null when the document is not the owner's. */
  addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null>;
  removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null>;
  /**
   * Deletes the owner's live document for good, in one transaction: first `within` (what other modules
   * keep about it), then its document in the local store (a Google Doc stays in the owner's Drive), its
   * allow-list and its row. The forward address stops at once. False, with nothing run, when it is not the
   * owner's live document.
   */
  delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean>;
  /**
   * Erases, as `delete` does, at most `limit` documents that an earlier version only hid (rows left with
   * `deleted_at`), each in a transaction of its own; answers how many.
   */
  eraseHidden(limit: number, within?: DeletionStep): Promise<number>;
  /**
   * Erases, as `delete` does, every document of the owner (live, hidden or an unfinished claim) inside
   * `tx`, the account deletion's transaction; answers their ids.
   */
  eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]>;
  /** Told once the account deletion's transaction has committed, with the ids `eraseAllOwned` answered. */
  erasureCommitted(ownerId: string, ids: string[]): Promise<void>;
}

/** Another module's part of a deletion, run in its transaction. */
export type DeletionStep = (tx: Transaction, document: DeletedDocument) => Promise<void>;

export const DOCUMENT_REPOSITORY = Symbol('DocumentRepository');
