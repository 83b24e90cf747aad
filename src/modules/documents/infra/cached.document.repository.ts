import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import { TtlCache } from '../../../shared/ttl-cache.js';
import type { Document } from '../domain/document.js';
import type { ClaimResult, DocumentPatch, DocumentRepository, NewDocument } from '../application/ports/document.repository.port.js';

/** The signal topic: its key is a document id whose cached copies are stale. */
export const DOCUMENT_CHANGED_SIGNAL = 'document-changed';

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
    signals.onSignal(DOCUMENT_CHANGED_SIGNAL, { signal: (id) => this.forget(id), reset: () => this.clear() });
  }

  findForMail(ownerId: string, id: string): Promise<Document | null> {
    return this.documents.getOrLoad(`${ownerId}/${id}`, () => this.inner.findForMail(ownerId, id), () => this.signals.hearsAllSignals());
  }

  /** Only addresses that lead somewhere are kept: a new document's address works at once. */
  findByForwardToken(token: string): Promise<Recipient | null> {
    return this.recipients.getOrLoad(token, () => this.inner.findByForwardToken(token), () => this.signals.hearsAllSignals());
  }

  findOwned(ownerId: string, id: string): Promise<Document | null> {
    return this.inner.findOwned(ownerId, id);
  }

  listOwned(ownerId: string): Promise<Document[]> {
    return this.inner.listOwned(ownerId);
  }

  claim(document: NewDocument): Promise<ClaimResult> {
    return this.inner.claim(document);
  }

  async complete(id: string, externalId: string): Promise<Document> {
    return this.changed(id, await this.inner.complete(id, externalId));
  }

  async abandon(id: string): Promise<void> {
    await this.inner.abandon(id);
    await this.changed(id, undefined);
  }

  async update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    return this.changed(id, await this.inner.update(ownerId, id, patch));
  }

  async addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    return this.changed(id, await this.inner.addEmail(ownerId, id, email));
  }

  async removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    return this.changed(id, await this.inner.removeEmail(ownerId, id, email));
  }

  async delete(ownerId: string, id: string): Promise<boolean> {
    return this.changed(id, await this.inner.delete(ownerId, id));
  }

  /** After the commit: dropped here at once, then in every other process. Answers `result`. */
  private async changed<T>(id: string, result: T): Promise<T> {
    this.forget(id);
    await this.signals.signal(DOCUMENT_CHANGED_SIGNAL, id);
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
