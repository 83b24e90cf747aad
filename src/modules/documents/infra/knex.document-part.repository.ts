import type { Database } from '../../../platform/db/database.js';
import type { NotificationBus } from '../../../platform/events/notification-bus.js';
import type { DocumentPart } from '../domain/document-part.js';
import type { ClaimNextPart, ContinuedDocument, DocumentPartRepository, NextPartState } from '../application/ports/document-part.repository.port.js';
import { DOCUMENT_CHANGED_SIGNAL, documentChangedKey } from './document-changed.signal.js';

interface PartRow {
  part: number;
  external_id: string | null;
  claim_token: string | null;
  claimed_at: Date | null;
  linked_at: Date | null;
  switched_at: Date | null;
}

const PARTS = 'document_parts';

/**
 * Every step a single statement that only succeeds from the state before it (insert-or-nothing, update
 * where the state still is what the caller saw): runs in several processes agree without holding locks
 * across the calls to the document store.
 */
export class KnexDocumentPartRepository implements DocumentPartRepository {
  constructor(
    private readonly db: Database,
    private readonly signals: Pick<NotificationBus, 'signal'>,
  ) {}

  async claimNext(input: ClaimNextPart): Promise<NextPartState> {
    const { documentId, fromExternalId } = input;
    const document = (await this.db('documents')
      .where({ id: documentId, owner_id: input.ownerId })
      .whereNull('deleted_at')
      .first('external_id', 'created_at')) as { external_id: string | null; created_at: Date } | undefined;
    if (!document) return { state: 'gone' };
    const from = (await this.db(PARTS).where({ document_id: documentId, external_id: fromExternalId }).first('part')) as { part: number } | undefined;
    let current = from?.part;
    if (current === undefined) {
      // Never continued: part 1 is the document's own linked document, recorded now so its link is kept.
      if (document.external_id !== fromExternalId) return { state: 'gone' };
      await this.db(PARTS)
        .insert({ document_id: documentId, part: 1, external_id: fromExternalId, switched_at: document.created_at, created_at: document.created_at })
        .onConflict(['document_id', 'part'])
        .ignore();
      const first = (await this.db(PARTS).where({ document_id: documentId, part: 1 }).first('external_id')) as { external_id: string | null } | undefined;
      if (first?.external_id !== fromExternalId) return { state: 'gone' };
      current = 1;
    }
    const part = current + 1;

    const claimed = await this.db(PARTS)
      .insert({ document_id: documentId, part, claim_token: input.token, claimed_at: input.now })
      .onConflict(['document_id', 'part'])
      .ignore()
      .returning('part');
    if (claimed.length === 1) return { state: 'claimed', part };
    // A claim whose run died (its lease passed with nothing recorded) is taken over.
    const takenOver = await this.db(PARTS)
      .where({ document_id: documentId, part })
      .whereNull('external_id')
      .where('claimed_at', '<', input.staleBefore)
      .update({ claim_token: input.token, claimed_at: input.now });
    if (takenOver === 1) return { state: 'claimed', part };

    const row = (await this.db(PARTS).where({ document_id: documentId, part }).first()) as PartRow | undefined;
    if (!row) return { state: 'gone' };
    if (!row.external_id) return { state: 'creating', part };
    return { state: 'created', part, externalId: row.external_id, linked: row.linked_at !== null, switched: row.switched_at !== null };
  }

  async recordCreated(documentId: string, part: number, token: string, externalId: string): Promise<boolean> {
    const updated = await this.db(PARTS)
      .where({ document_id: documentId, part, claim_token: token })
      .whereNull('external_id')
      .update({ external_id: externalId, created_at: this.db.fn.now() });
    return updated === 1;
  }

  async release(documentId: string, part: number, token: string): Promise<void> {
    await this.db(PARTS).where({ document_id: documentId, part, claim_token: token }).whereNull('external_id').delete();
  }

  async markLinked(documentId: string, part: number, now: Date): Promise<void> {
    await this.db(PARTS).where({ document_id: documentId, part }).whereNull('linked_at').update({ linked_at: now });
  }

  async switchTo(ownerId: string, documentId: string, part: number, fromExternalId: string, now: Date): Promise<boolean> {
    const switched = await this.db.transaction(async (trx) => {
      const row = (await trx(PARTS).where({ document_id: documentId, part }).whereNotNull('external_id').first('external_id')) as
        | { external_id: string }
        | undefined;
      if (!row) return false;
      await trx('documents')
        .where({ id: documentId, owner_id: ownerId, external_id: fromExternalId })
        .whereNull('deleted_at')
        .update({ external_id: row.external_id, updated_at: trx.fn.now() });
      await trx(PARTS).where({ document_id: documentId, part }).whereNull('switched_at').update({ switched_at: now });
      const document = (await trx('documents').where({ id: documentId }).first('external_id')) as { external_id: string | null } | undefined;
      return document?.external_id === row.external_id;
    });
    // Every process's cached copy of the document still names the full part: dropped at once.
    if (switched) await this.signals.signal(DOCUMENT_CHANGED_SIGNAL, documentChangedKey(ownerId, documentId));
    return switched;
  }

  async list(ownerId: string, documentId: string): Promise<DocumentPart[]> {
    const rows = (await this.db(`${PARTS} as p`)
      .join('documents as d', 'd.id', 'p.document_id')
      .where({ 'p.document_id': documentId, 'd.owner_id': ownerId })
      .whereNotNull('p.external_id')
      .whereNotNull('p.switched_at')
      .orderBy('p.part')
      .select('p.part', 'p.external_id', 'p.switched_at')) as { part: number; external_id: string; switched_at: Date }[];
    return rows.map((row) => ({ number: row.part, externalId: row.external_id, startedAt: row.switched_at }));
  }

  async continuedSince(ownerId: string, since: Date): Promise<ContinuedDocument[]> {
    const rows = (await this.db(`${PARTS} as p`)
      .join('documents as d', 'd.id', 'p.document_id')
      .where({ 'd.owner_id': ownerId })
      .whereNull('d.deleted_at')
      .where('p.part', '>', 1)
      .where('p.switched_at', '>=', since)
      .orderBy('p.switched_at')
      .select('p.document_id', 'd.name', 'p.part', 'p.switched_at')) as { document_id: string; name: string; part: number; switched_at: Date }[];
    return rows.map((row) => ({ documentId: row.document_id, documentName: row.name, part: row.part, startedAt: row.switched_at }));
  }
}
