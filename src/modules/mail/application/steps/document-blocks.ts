import { inject, injectable } from 'tsyringe';
import { DOC_STORE, DocStoreBusyError, ListDocumentParts, type DocStore, type Document } from '../../../documents/index.js';
import { blockRef } from '../../domain/mail-block.js';
import { MAIL_METRICS, type MailMetrics } from '../ports/mail-metrics.port.js';
import type { PendingBlock } from '../ports/pending-block.repository.port.js';

type Owner = { userId: string };

/**
 * The linked document's side of the write step: its text, where blocks already stand in it (or in the part
 * before it), and one request for a batch of blocks.
 */
@injectable()
export class DocumentBlocks {
  constructor(
    @inject(DOC_STORE) private readonly store: DocStore,
    @inject(ListDocumentParts) private readonly parts: ListDocumentParts,
    @inject(MAIL_METRICS) private readonly metrics: MailMetrics,
  ) {}

  readText(owner: Owner, externalId: string): Promise<string> {
    return this.store.readText(owner, externalId);
  }

  /**
   * The part each of `blocks` is already in, by mail: the current part (its text `current`), or for the
   * blocks that `waited`, a part before it, written by a batch that died before marking them.
   */
  async whereWritten(owner: Owner, document: Document, current: string, blocks: readonly PendingBlock[], waited: readonly PendingBlock[]): Promise<Map<string, string>> {
    const where = new Map<string, string>();
    for (const candidate of blocks) if (current.includes(blockRef(candidate.messageId))) where.set(candidate.messageId, document.externalId);
    const unfound = waited.filter((candidate) => !where.has(candidate.messageId));
    if (unfound.length === 0) return where;
    for (const part of await this.earlierParts(owner, document, unfound)) {
      for (const candidate of unfound) if (!where.has(candidate.messageId) && part.text.includes(blockRef(candidate.messageId))) where.set(candidate.messageId, part.externalId);
    }
    return where;
  }

  /** One request to the store for the whole batch; true when the document's chosen tab is gone. */
  async write(owner: Owner, document: Document, externalId: string, batch: readonly PendingBlock[]): Promise<boolean> {
    // The chosen tab is one of the linked document's: a part it continued in has only its first tab.
    const tabId = externalId === document.externalId ? (document.tabId ?? null) : null;
    const position = document.overwriteAtBeginning ? 'beginning' : 'end';
    const blocks = batch.map(({ heading, meta, body, link }) => ({ heading, meta, body, link }));
    try {
      const [single] = blocks;
      const result = single && blocks.length === 1 ? await this.store.write(owner, externalId, single, position, tabId) : await this.store.writeMany(owner, externalId, blocks, position, tabId);
      return result?.tabMissing ?? false;
    } catch (error) {
      if (!(error instanceof DocStoreBusyError)) this.metrics.docWriteFailed();
      throw error;
    }
  }

  /**
   * The text of each earlier part the document wrote to since the first of `blocks` arrived (none unless it
   * continued meanwhile): a block written there before the switch is not written again into the new part.
   */
  private async earlierParts(owner: Owner, document: Document, blocks: readonly PendingBlock[]): Promise<{ externalId: string; text: string }[]> {
    const since = Math.min(...blocks.map((block) => block.receivedAt.getTime()));
    const parts = await this.parts.execute(document.ownerId, document.id);
    const current = parts.findIndex((part) => part.externalId === document.externalId);
    // A part was written to until the next one started.
    const earlier = parts.flatMap((part, i) => (i < current && (parts[i + 1]?.startedAt.getTime() ?? 0) > since ? [part] : []));
    return Promise.all(earlier.map(async (part) => ({ externalId: part.externalId, text: await this.store.readText(owner, part.externalId) })));
  }
}
