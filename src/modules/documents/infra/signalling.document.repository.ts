import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { Document } from '../domain/document.js';
import type { DeletionStep, DocumentPatch, DocumentRepository } from '../application/ports/document.repository.port.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from './document-changed.signal.js';
import { DocumentRepositoryDecorator } from './document-repository.decorator.js';

type Signals = Pick<NotificationBus, 'signal'>;

/**
 * Announces every committed change of a document on the notification bus (document-changed.signal.ts), so
 * the copies kept of it (CachedDocumentRepository, the list pages and answers) are dropped at once, in this
 * process synchronously and in the others through LISTEN/NOTIFY. Wired in front of the database repository
 * whenever a cache is on (docs/architecture.md, "Caching"); reads pass straight through. A claim that never
 * completed (`abandon`) and hidden documents (`eraseHidden`) were never visible, so never kept anywhere:
 * nothing to announce. `eraseAllOwned` runs inside the account's transaction: announced by
 * `erasureCommitted`, after the commit.
 */
export class SignallingDocumentRepository extends DocumentRepositoryDecorator {
  constructor(
    inner: DocumentRepository,
    private readonly signals: Signals,
  ) {
    super(inner);
  }

  override async complete(id: string, externalId: string): Promise<Document> {
    const document = await this.inner.complete(id, externalId);
    return this.changed(document.ownerId, id, document);
  }

  override async update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    return this.changed(ownerId, id, await this.inner.update(ownerId, id, patch));
  }

  override async addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    return this.changed(ownerId, id, await this.inner.addEmail(ownerId, id, email));
  }

  override async removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    return this.changed(ownerId, id, await this.inner.removeEmail(ownerId, id, email));
  }

  override async delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean> {
    return this.changed(ownerId, id, await this.inner.delete(ownerId, id, within));
  }

  override async erasureCommitted(ownerId: string, ids: string[]): Promise<void> {
    await this.inner.erasureCommitted(ownerId, ids);
    for (const id of ids) await this.changed(ownerId, id, null);
  }

  /** After the commit; answers `result`. */
  private async changed<T>(ownerId: string, id: string, result: T): Promise<T> {
    await this.signals.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey(ownerId, id));
    return result;
  }
}
