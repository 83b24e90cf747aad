/**
 * Where a document's content lives: Google Docs in production, the app's own database locally.
 * Everything written is plain text; formatting is the adapter's business.
 */
export interface DocOwner {
  /** The signed-in user on whose behalf the store is called (Google: their own Drive). */
  userId: string;
}

export type DocPosition = 'beginning' | 'end';

/** One summarised mail as it appears in the document. */
export interface DocBlock {
  /** The mail's subject: shown as a heading. */
  heading: string;
  /** "From … · date · ref" line, and for a manual forward a second line "Forwarded by …: note". */
  meta: string;
  /** The summary, plain text, paragraphs separated by blank lines. */
  body: string;
}

export interface CreatedDoc {
  /** The store's id of the document (Google's documentId, or a local id). */
  externalId: string;
}

export interface DocStore {
  create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc>;
  rename(owner: DocOwner, externalId: string, title: string): Promise<void>;
  /**
   * Writes one block at the beginning or the end, in a single request to the store, once: writing a
   * block identical to one already in the document (a retry) does nothing.
   */
  write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition): Promise<void>;
  /** The document's whole text (tests, and the write-once check of the pipeline). */
  readText(owner: DocOwner, externalId: string): Promise<string>;
  /** The link a browser opens. */
  urlOf(externalId: string): string;
  /**
   * The link to one block, by the reference its meta line prints (`ref 0123456789ab`): the local
   * document's page has an anchor per block; a Google Doc has no stable anchor for a written paragraph,
   * so its link is the document's.
   */
  blockUrlOf(externalId: string, ref: string): string;
}

/** Thrown when the store says the document is gone (deleted by its owner in Drive). */
export class DocNotFoundError extends Error {
  override readonly name = 'DocNotFoundError';
}

/** Thrown when the store refuses for a reason a retry may fix (429, 5xx, timeout). */
export class DocStoreUnavailableError extends Error {
  override readonly name = 'DocStoreUnavailableError';
}

/** Thrown when the user's grant is gone (revoked, or the refresh token no longer works). */
export class DocAccessRevokedError extends Error {
  override readonly name = 'DocAccessRevokedError';
}

export const DOC_STORE = Symbol('DocStore');
