import type { DocumentPart } from '../../domain/document-part.js';

/** What a continuation claim finds for the part after the one being written to. */
export type NextPartState =
  /** This caller holds the claim: it creates the linked document and records it. */
  | { state: 'claimed'; part: number }
  /** Another run holds a fresh claim and is creating the linked document: try again shortly. */
  | { state: 'creating'; part: number }
  /** The linked document exists (recorded); `linked`: the full part's last line points to it; `switched`: the document names it. */
  | { state: 'created'; part: number; externalId: string; linked: boolean; switched: boolean }
  /** The part written to is not the document's: it was deleted, or its parts changed meanwhile. */
  | { state: 'gone' };

/** A document that started a new part (2 and up) at `startedAt`. */
export interface ContinuedDocument {
  documentId: string;
  documentName: string;
  part: number;
  startedAt: Date;
}

export interface ClaimNextPart {
  documentId: string;
  ownerId: string;
  /** The linked document the caller read and found full. */
  fromExternalId: string;
  /** Unique per attempt: a record or takeover compares it. */
  token: string;
  now: Date;
  /** A claim taken before this is abandoned (its run died): another run takes it over. */
  staleBefore: Date;
}

/**
 * The parts of continued documents, as a state machine whose every step is a compare-and-set in the
 * database: concurrent runs and runs after a crash agree on one next part and one linked document for it.
 */
export interface DocumentPartRepository {
  /** Claims the part after `fromExternalId`, or answers how far another run got with it. */
  claimNext(input: ClaimNextPart): Promise<NextPartState>;
  /** Records the created linked document, if `token` still holds the claim; false when another run took it over. */
  recordCreated(documentId: string, part: number, token: string, externalId: string): Promise<boolean>;
  /** Gives up a claim whose create failed (the store made nothing, or trashed it), so the next run claims at once. */
  release(documentId: string, part: number, token: string): Promise<void>;
  /** The full part's last line links to `part` (written once). */
  markLinked(documentId: string, part: number, now: Date): Promise<void>;
  /** Points the document at `part`'s linked document if it still names `fromExternalId`; true once it names it. */
  switchTo(ownerId: string, documentId: string, part: number, fromExternalId: string, now: Date): Promise<boolean>;
  /** The owner's document's switched parts in order, part 1 first; empty when it never continued. */
  list(ownerId: string, documentId: string): Promise<DocumentPart[]>;
  /** The owner's live documents that switched to a new part at or after `since` (bounded by the owner's documents). */
  continuedSince(ownerId: string, since: Date): Promise<ContinuedDocument[]>;
}

export const DOCUMENT_PART_REPOSITORY = Symbol('DocumentPartRepository');
