import type { CreatedDoc, DocBlock, DocNote, DocOwner, DocPosition, DocStore, DocTab, DocWriteResult } from '../application/ports/doc-store.port.js';

/**
 * Google refuses writes past about 1,020,000 characters; a document continues before this
 * (docs/operations.md § Documents that never fill up).
 */
export const GOOGLE_DOC_MAX_CHARACTERS = 1_000_000;

/**
 * Loads a heavy adapter on first use. The Google SDK takes about two seconds to load; an install that
 * never touches Google Docs (the embedded default, most tests) should not pay for it at start.
 */
export class LazyDocStore implements DocStore {
  private loading: Promise<DocStore> | null = null;

  constructor(
    private readonly load: () => Promise<DocStore>,
    private readonly url: (externalId: string) => string,
    readonly maxCharacters: number = GOOGLE_DOC_MAX_CHARACTERS,
  ) {}

  private store(): Promise<DocStore> {
    this.loading ??= this.load().catch((error: unknown) => {
      this.loading = null;
      throw error;
    });
    return this.loading;
  }

  async create(owner: DocOwner, input: { title: string; intro: string }): Promise<CreatedDoc> {
    return (await this.store()).create(owner, input);
  }

  async rename(owner: DocOwner, externalId: string, title: string): Promise<void> {
    return (await this.store()).rename(owner, externalId, title);
  }

  async write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition, tabId?: string | null): Promise<DocWriteResult | void> {
    return (await this.store()).write(owner, externalId, block, position, tabId);
  }

  async writeMany(owner: DocOwner, externalId: string, blocks: readonly DocBlock[], position: DocPosition, tabId?: string | null): Promise<DocWriteResult | void> {
    return (await this.store()).writeMany(owner, externalId, blocks, position, tabId);
  }

  async tabs(owner: DocOwner, externalId: string): Promise<DocTab[]> {
    return (await this.store()).tabs(owner, externalId);
  }

  async appendNote(owner: DocOwner, externalId: string, note: DocNote): Promise<void> {
    return (await this.store()).appendNote(owner, externalId, note);
  }

  async readText(owner: DocOwner, externalId: string): Promise<string> {
    return (await this.store()).readText(owner, externalId);
  }

  urlOf(externalId: string): string {
    return this.url(externalId);
  }

  /** Only Google Docs loads lazily: no anchor (see the port). */
  blockUrlOf(externalId: string): string {
    return this.url(externalId);
  }
}

export const googleDocUrl = (externalId: string) => `https://docs.google.com/document/d/${encodeURIComponent(externalId)}/edit`;
