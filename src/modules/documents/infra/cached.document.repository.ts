import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { Transaction } from '../../../shared/transaction.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import type { Document } from '../domain/document.js';
import type { ClaimResult, DeletionStep, DocumentPatch, DocumentRepository, NewDocument } from '../application/ports/document.repository.port.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey, parseDocumentChangedKey } from './document-changed.signal.js';


type Signals = Pick<NotificationBus, 'signal' | 'onSignal' | 'hearsAllSignals'>;
type Recipient = Pick<Document, 'id' | 'ownerId'>;

/**
 * Mail asks the database for its document twice: the SMTP listener per recipient (which document does this
 * address lead to?) and the worker per run (the allow-list, description and placement). Measured on the mail
 * pipeline, those were two of eleven statements per mail. This keeps both answers for a few seconds in
 * process memory. Every change made through this repository drops the document's copies at once: here
 * directly, in the other processes through a signal on the notification bus (LISTEN/NOTIFY on Postgres).
 * The cache is used only while this process hears every process's signals; otherwise each read goes to
 * the database. The API's own reads (`findOwned`, `listOwned`) are never cached: they show current counts.
 */
export class CachedDocumentRepository implements DocumentRepository {
  private readonly documents: TtlCache<Document>;
  private readonly recipients: TtlCache<Recipient>;

  constructor(
    private readonly inner: DocumentRepository,
    private readonly signals: Signals,
    options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {
    this.documents = new TtlCache<Document>(options);
    this.recipients = new TtlCache<Recipient>(options);
    signals.onSignal(DOCUMENT_CHANGED_SIGNAL, {
      signal: (key) => {
        const changed = parseDocumentChangedKey(key);
        if (changed) this.forget(changed.documentId);
        else this.clear();
      },
      reset: () => this.clear(),
    });
  }

  findOwnedCached(ownerId: string, id: string): Promise<Document | null> {
    return this.documents.getOrLoad(`${ownerId}/${id}`, () => this.inner.findOwnedCached(ownerId, id), () => this.signals.hearsAllSignals());
  }

  /** Only addresses that lead somewhere are kept: a new document's address works at once. */
  findByForwardToken(token: string): Promise<Recipient | null> {
    return this.recipients.getOrLoad(token, () => this.inner.findByForwardToken(token), () => this.signals.hearsAllSignals());
  }

  findOwned(ownerId: string, id: string): Promise<Document | null> {
    return this.inner.findOwned(ownerId, id);
  }

  processedCount(ownerId: string, id: string): Promise<number | null> {
    return this.inner.processedCount(ownerId, id);
  }

  listOwned(ownerId: string): Promise<Document[]> {
    return this.inner.listOwned(ownerId);
  }

  claim(document: NewDocument): Promise<ClaimResult> {
    return this.inner.claim(document);
  }

  async complete(id: string, externalId: string): Promise<Document> {
    const document = await this.inner.complete(id, externalId);
    return this.changed(document.ownerId, id, document);
  }

  /** A claim that never completed was never visible, so never cached: nothing to drop. */
  abandon(id: string): Promise<void> {
    return this.inner.abandon(id);
  }

  async update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    return this.changed(ownerId, id, await this.inner.update(ownerId, id, patch));
  }

  async addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    return this.changed(ownerId, id, await this.inner.addEmail(ownerId, id, email));
  }

  async removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    return this.changed(ownerId, id, await this.inner.removeEmail(ownerId, id, email));
  }

  async delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean> {
    return this.changed(ownerId, id, await this.inner.delete(ownerId, id, within));
  }

  /** Hidden documents were never served from the cache (it keeps live ones only): nothing to drop. */
  eraseHidden(limit: number, within?: DeletionStep): Promise<number> {
    return this.inner.eraseHidden(limit, within);
  }

  /** Inside the account's transaction: the copies are dropped here; `forgetErased` signals after the commit. */
  async eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    const ids = await this.inner.eraseAllOwned(tx, ownerId, within);
    for (const id of ids) this.forget(id);
    return ids;
  }

  /** After the account's commit: every process drops the erased documents. */
  async forgetErased(ownerId: string, ids: string[]): Promise<void> {
    for (const id of ids) await this.changed(ownerId, id, null);
  }

  /**
   * After the commit: dropped here at once, then in every process (this one's other caches, the list
   * pages, included). Answers `result`.
   */
  private async changed<T>(ownerId: string, id: string, result: T): Promise<T> {
    this.forget(id);
    await this.signals.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey(ownerId, id));
    return result;
  }

  private forget(id: string): void {
    this.documents.forgetWhere((document) => document.id === id);
    this.recipients.forgetWhere((recipient) => recipient.id === id);
  }

  private clear(): void {
    this.documents.clear();
    this.recipients.clear();
  }
}
