import type { DocumentPart } from '../../../src/modules/documents/domain/document-part.js';
import type { ClaimNextPart, ContinuedDocument, DocumentPartRepository, NextPartState } from '../../../src/modules/documents/application/ports/document-part.repository.port.js';
import type { InMemoryDocumentRepository } from './in-memory-documents.js';

interface PartRow {
  externalId: string | null;
  token: string | null;
  claimedAt: Date | null;
  linkedAt: Date | null;
  switchedAt: Date | null;
}

/** The continuation state machine of KnexDocumentPartRepository, in memory; it switches the documents of `documents`. */
export class InMemoryDocumentPartRepository implements DocumentPartRepository {
  /** By document id, then part number. */
  readonly rows = new Map<string, Map<number, PartRow>>();

  constructor(private readonly documents: InMemoryDocumentRepository) {}

  private partsOf(documentId: string): Map<number, PartRow> {
    let parts = this.rows.get(documentId);
    if (!parts) this.rows.set(documentId, (parts = new Map()));
    return parts;
  }

  claimNext(input: ClaimNextPart): Promise<NextPartState> {
    const document = this.documents.rows.get(input.documentId);
    if (!document || document.ownerId !== input.ownerId || document.deleted) return Promise.resolve({ state: 'gone' });
    const parts = this.partsOf(input.documentId);
    let current = [...parts].find(([, row]) => row.externalId === input.fromExternalId)?.[0];
    if (current === undefined) {
      if (document.externalId !== input.fromExternalId || parts.has(1)) return Promise.resolve({ state: 'gone' });
      parts.set(1, { externalId: input.fromExternalId, token: null, claimedAt: null, linkedAt: null, switchedAt: document.createdAt });
      current = 1;
    }
    const part = current + 1;
    const row = parts.get(part);
    if (!row || (row.externalId === null && row.claimedAt !== null && row.claimedAt < input.staleBefore)) {
      parts.set(part, { externalId: null, token: input.token, claimedAt: input.now, linkedAt: null, switchedAt: null });
      return Promise.resolve({ state: 'claimed', part });
    }
    if (row.externalId === null) return Promise.resolve({ state: 'creating', part });
    return Promise.resolve({ state: 'created', part, externalId: row.externalId, linked: row.linkedAt !== null, switched: row.switchedAt !== null });
  }

  recordCreated(documentId: string, part: number, token: string, externalId: string): Promise<boolean> {
    const row = this.partsOf(documentId).get(part);
    if (!row || row.token !== token || row.externalId !== null) return Promise.resolve(false);
    row.externalId = externalId;
    return Promise.resolve(true);
  }

  release(documentId: string, part: number, token: string): Promise<void> {
    const parts = this.partsOf(documentId);
    const row = parts.get(part);
    if (row && row.token === token && row.externalId === null) parts.delete(part);
    return Promise.resolve();
  }

  markLinked(documentId: string, part: number, now: Date): Promise<void> {
    const row = this.partsOf(documentId).get(part);
    if (row && !row.linkedAt) row.linkedAt = now;
    return Promise.resolve();
  }

  switchTo(ownerId: string, documentId: string, part: number, fromExternalId: string, now: Date): Promise<boolean> {
    const row = this.partsOf(documentId).get(part);
    const document = this.documents.rows.get(documentId);
    if (!row?.externalId || !document || document.ownerId !== ownerId || document.deleted) return Promise.resolve(false);
    if (document.externalId === fromExternalId) document.externalId = row.externalId;
    row.switchedAt ??= now;
    return Promise.resolve(document.externalId === row.externalId);
  }

  continuedSince(ownerId: string, since: Date): Promise<ContinuedDocument[]> {
    const found: ContinuedDocument[] = [];
    for (const [documentId, parts] of this.rows) {
      const document = this.documents.rows.get(documentId);
      if (!document || document.ownerId !== ownerId || document.deleted) continue;
      for (const [part, row] of parts) {
        if (part > 1 && row.switchedAt && row.switchedAt >= since) found.push({ documentId, documentName: document.name, part, startedAt: row.switchedAt });
      }
    }
    return Promise.resolve(found);
  }

  list(ownerId: string, documentId: string): Promise<DocumentPart[]> {
    if (this.documents.rows.get(documentId)?.ownerId !== ownerId) return Promise.resolve([]);
    const parts = [...this.partsOf(documentId)]
      .filter(([, row]) => row.externalId !== null && row.switchedAt !== null)
      .sort(([a], [b]) => a - b)
      .map(([number, row]) => ({ number, externalId: row.externalId ?? '', startedAt: row.switchedAt ?? new Date(0) }));
    return Promise.resolve(parts);
  }
}
