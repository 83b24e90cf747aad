import type { CreatedDoc, DocBlock, DocOwner, DocPosition, DocStore } from '../application/ports/doc-store.port.js';

/**
 * Loads a heavy adapter on first use. The Google SDK takes about two seconds to load; an install that
 * never touches Google Docs (the embedded default, most tests) should not pay for it at start.
 */
export class LazyDocStore implements DocStore {
  private loading: Promise<DocStore> | null = null;

  constructor(
    private readonly load: () => Promise<DocStore>,
    private readonly url: (externalId: string) => string,
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

  async write(owner: DocOwner, externalId: string, block: DocBlock, position: DocPosition): Promise<void> {
    return (await this.store()).write(owner, externalId, block, position);
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
