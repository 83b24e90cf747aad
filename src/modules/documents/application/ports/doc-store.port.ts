/**
 * Where a document's content lives: Google Docs in production, the app's own database locally.
 * A block is written as text; each adapter renders it through the one block model (domain/doc-block-layout.ts).
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
  /**
   * The mail's row in the app (absolute URL), shown as an "Open in Mailscribe" line. Not part of the
   * block's identity: the write-once marker is computed from heading, meta and body only.
   */
  link?: string | null;
}

export interface CreatedDoc {
  /** The store's id of the document (Google's documentId, or a local id). */
  externalId: string;
}

/** A tab of a document (Google Docs tabs, nested ones after their parent; the local store has one). */
export interface DocTab {
  id: string;
  title: string;
}

/** What a write tells its caller. */
export interface DocWriteResult {
  /** The tab asked for is gone (deleted by the user): the block went to the document's first tab. */
  tabMissing: boolean;
}

/** A plain last line linking elsewhere: the end of a full part, pointing to the next one. */
export interface DocNote {
  text: string;
  /** The line's link: the whole line opens it. */
  url: string;
}

export interface DocStore {
  /**
   * Characters a document of this store should not pass: a document continues in a new one before a write
   * would (docs/operations.md § Documents that never fill up).
   */
  readonly maxCharacters: number;
  create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc>;
  rename(owner: DocOwner, externalId: string, title: string): Promise<void>;
  /**
   * Writes one block at the beginning or the end, in a single request to the store, once: writing a
   * block identical to one already in the document (a retry) does nothing. With `tabId`, into that tab
   * of the document, or into the first tab when it is gone (`tabMissing`).
   */
  write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition, tabId?: string | null): Promise<DocWriteResult | void>;
  /**
   * Writes several blocks as `write` writes one, in a single request to the store (one of Google's
   * batchUpdates): in their order at the end, or each above the one before at the beginning, every block
   * with its own write-once marker; a block already in the document is skipped, the others still written.
   */
  writeMany(owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition, tabId?: string | null): Promise<DocWriteResult | void>;
  /** The document's tabs, in the order its editor lists them; the first is where a write without a tab goes. */
  tabs(owner: DocOwner, externalId: string): Promise<DocTab[]>;
  /** Appends `note` as the document's last line, once: a note with the same text already there is not written again. */
  appendNote(owner: DocOwner, externalId: string, note: DocNote): Promise<void>;
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
  // Widened so DocStoreBusyError, a kind of it, can name itself.
  override readonly name: string = 'DocStoreUnavailableError';
}

/**
 * Thrown when the store refused for its rate limit (Google's 429 RESOURCE_EXHAUSTED): nothing was
 * written, and the call may be made again after `retryAfterSeconds`. Callers that can wait (the mail
 * pipeline) wait without counting a failure; others see it as the store being unavailable.
 */
export class DocStoreBusyError extends DocStoreUnavailableError {
  override readonly name = 'DocStoreBusyError';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** Thrown when the user's grant is gone (revoked, or the refresh token no longer works). */
export class DocAccessRevokedError extends Error {
  override readonly name = 'DocAccessRevokedError';
}

export const DOC_STORE = Symbol('DocStore');
