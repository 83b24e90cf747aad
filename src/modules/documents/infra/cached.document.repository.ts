import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { Transaction } from '../../../shared/transaction.js';
import { TtlCache } from '../../../platform/caching/ttl-cache.js';
import type { Document } from '../domain/document.js';
import type { DeletionStep, DocumentRepository } from '../application/ports/document.repository.port.js';
import { DOCUMENT_CHANGED_SIGNAL, parseDocumentChangedKey } from './document-changed.signal.js';
import { DocumentRepositoryDecorator } from './document-repository.decorator.js';

type Signals = Pick<NotificationBus, 'onSignal' | 'hearsAllSignals'>;
type Recipient = Pick<Document, 'id' | 'ownerId'>;

/**
 * Mail asks the database for its document twice: the SMTP listener per recipient (which document does this
 * address lead to?) and the worker per run (the allow-list, description and placement). Measured on the mail
 * pipeline, those were two of eleven statements per mail. This decorator keeps `findOwned` and
 * `findByForwardToken` answers for a few seconds in process memory; the wiring gives it to the readers that
 * may see a document a few seconds old (mail intake and pipeline, the details view: docs/architecture.md,
 * "Caching"). Every change is announced on the document-changed signal (SignallingDocumentRepository, which
 * this wraps): heard here synchronously, in the other processes through LISTEN/NOTIFY, and the document's
 * copies go. The cache is used only while this process hears every process's signals; otherwise each read
 * goes to the database. A kept document's `processedEmailsCount` is not kept current. Writes pass through:
 * the wrapped repository announces each change, and that signal drops the copies.
 */
export class CachedDocumentRepository extends DocumentRepositoryDecorator {
  private readonly documents: TtlCache<Document>;
  private readonly recipients: TtlCache<Recipient>;

  constructor(
    inner: DocumentRepository,
    private readonly signals: Signals,
    options: { ttlMs: number; maxEntries: number; now: () => number },
  ) {
    super(inner);
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

  override findOwned(ownerId: string, id: string): Promise<Document | null> {
    return this.documents.getOrLoad(`${ownerId}/${id}`, () => this.inner.findOwned(ownerId, id), () => this.signals.hearsAllSignals());
  }

  /** Only addresses that lead somewhere are kept: a new document's address works at once. */
  override findByForwardToken(token: string): Promise<Recipient | null> {
    return this.recipients.getOrLoad(token, () => this.inner.findByForwardToken(token), () => this.signals.hearsAllSignals());
  }

  /** Inside the account's transaction: this process's copies go at once; `erasureCommitted` signals after the commit. */
  override async eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    const ids = await this.inner.eraseAllOwned(tx, ownerId, within);
    for (const id of ids) this.forget(id);
    return ids;
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
