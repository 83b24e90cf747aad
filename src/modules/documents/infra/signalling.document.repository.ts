import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { Transaction } from '../../../shared/transaction.js';
import type { Document } from '../domain/document.js';
import type { ClaimResult, DeletionStep, DocumentPatch, DocumentRepository, NewDocument } from '../application/ports/document.repository.port.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from './document-changed.signal.js';

type Signals = Pick<NotificationBus, 'signal'>;

/**
 * Announces every committed change of a document on the notification bus (document-changed.signal.ts), so
 * the copies kept of it (CachedDocumentRepository, the list pages and answers) are dropped at once, in this
 * process synchronously and in the others through LISTEN/NOTIFY. Wired in front of the database repository
 * whenever a cache is on (docs/architecture.md, "Caching"); reads pass straight through.
 */
export class SignallingDocumentRepository implements DocumentRepository {
  constructor(
    private readonly inner: DocumentRepository,
    private readonly signals: Signals,
  ) {}

  findOwned(ownerId: string, id: string): Promise<Document | null> {
    return this.inner.findOwned(ownerId, id);
  }

  findByForwardToken(token: string): Promise<Pick<Document, 'id' | 'ownerId'> | null> {
    return this.inner.findByForwardToken(token);
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

  /** A claim that never completed was never visible, so never kept anywhere: nothing to announce. */
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

  /** Hidden documents were never kept anywhere (caches keep live ones only): nothing to announce. */
  eraseHidden(limit: number, within?: DeletionStep): Promise<number> {
    return this.inner.eraseHidden(limit, within);
  }

  /** Inside the account's transaction: announced by `erasureCommitted`, after the commit. */
  eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    return this.inner.eraseAllOwned(tx, ownerId, within);
  }

  async erasureCommitted(ownerId: string, ids: string[]): Promise<void> {
    await this.inner.erasureCommitted(ownerId, ids);
    for (const id of ids) await this.changed(ownerId, id, null);
  }

  /** After the commit; answers `result`. */
  private async changed<T>(ownerId: string, id: string, result: T): Promise<T> {
    await this.signals.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey(ownerId, id));
    return result;
  }
}
