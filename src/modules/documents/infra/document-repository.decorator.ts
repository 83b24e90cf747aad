import type { Transaction } from '../../../shared/transaction.js';
import type { Document } from '../domain/document.js';
import type { ClaimResult, DeletionStep, DocumentPatch, DocumentRepository, NewDocument } from '../application/ports/document.repository.port.js';

/**
 * Passes every call to the repository it wraps: the decorators (signalling, cached) extend it and override
 * only the calls they change, so a method added to the port passes through each of them by default.
 */
export class DocumentRepositoryDecorator implements DocumentRepository {
  constructor(protected readonly inner: DocumentRepository) {}

  claim(document: NewDocument): Promise<ClaimResult> {
    return this.inner.claim(document);
  }

  complete(id: string, externalId: string): Promise<Document> {
    return this.inner.complete(id, externalId);
  }

  abandon(id: string): Promise<void> {
    return this.inner.abandon(id);
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

  findByForwardToken(token: string): Promise<Pick<Document, 'id' | 'ownerId'> | null> {
    return this.inner.findByForwardToken(token);
  }

  update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    return this.inner.update(ownerId, id, patch);
  }

  addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    return this.inner.addEmail(ownerId, id, email);
  }

  removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    return this.inner.removeEmail(ownerId, id, email);
  }

  delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean> {
    return this.inner.delete(ownerId, id, within);
  }

  eraseHidden(limit: number, within?: DeletionStep): Promise<number> {
    return this.inner.eraseHidden(limit, within);
  }

  eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    return this.inner.eraseAllOwned(tx, ownerId, within);
  }

  erasureCommitted(ownerId: string, ids: string[]): Promise<void> {
    return this.inner.erasureCommitted(ownerId, ids);
  }
}
