import type { Knex } from 'knex';
import { CompiledQuery } from '../../../platform/db/compiled-query.js';
import type { Database } from '../../../platform/db/database.js';
import { knexOf, transactionOf } from '../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../shared/transaction.js';
import type { Document } from '../domain/document.js';
import type { DeletedDocument } from '../application/ports/document-data-eraser.port.js';
import type { ClaimResult, DeletionStep, DocumentPatch, DocumentRepository, NewDocument } from '../application/ports/document.repository.port.js';
import { deleteLocalDoc } from './local.doc-store.js';

interface DocumentRow {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  forward_token: string;
  forward_email: string;
  external_id: string | null;
  overwrite_at_beginning: boolean;
  tab_id?: string | null;
  processed_emails_count: number;
  created_at: Date;
  deleted_at: Date | null;
  emails: string[] | null;
}

const EMAILS = 'document_allowed_emails';

export class KnexDocumentRepository implements DocumentRepository {
  /** Read with every document details call (the rest of the document comes from the cache): built once. */
  private readonly processedCounts: CompiledQuery<'live', { ownerId: string; id: string }>;

  constructor(private readonly db: Database) {
    this.processedCounts = new CompiledQuery(db, (shape) => shape, (builder, _shape, { ownerId, id }) =>
      liveOwnedIn(builder, ownerId, id).select('processed_emails_count').limit(1),
    );
  }

  /** Documents with their allow-list (in the order added), one query. */
  private select(db: Knex | Knex.Transaction = this.db) {
    return db('documents as d').select(
      'd.*',
      db.raw(`coalesce((select array_agg(e.email order by e.seq) from ${EMAILS} e where e.document_id = d.id), '{}') as emails`),
    );
  }

  async claim(document: NewDocument): Promise<ClaimResult> {
    return this.db.transaction(async (trx) => {
      const inserted = await trx('documents')
        .insert({
          id: document.id,
          owner_id: document.ownerId,
          name: document.name,
          description: document.description,
          forward_token: document.forwardToken,
          forward_email: document.forwardEmail,
          overwrite_at_beginning: document.overwriteAtBeginning,
        })
        .onConflict('id')
        .ignore()
        .returning('id');
      if (inserted.length === 1) {
        await trx(EMAILS).insert(document.emails.map((email) => ({ document_id: document.id, email })));
        return { outcome: 'claimed' } as const;
      }
      const existing = (await this.select(trx).where('d.id', document.id).first()) as DocumentRow | undefined;
      const usable = existing && existing.owner_id === document.ownerId && !existing.deleted_at;
      return {
        outcome: 'exists',
        sameOwner: Boolean(usable),
        document: usable && existing.external_id ? toDocument(existing) : null,
      } as const;
    });
  }

  async complete(id: string, externalId: string): Promise<Document> {
    await this.db('documents').where({ id }).update({ external_id: externalId, updated_at: this.db.fn.now() });
    const row = (await this.select().where('d.id', id).first()) as DocumentRow | undefined;
    if (!row) throw new Error(`document ${id} vanished while being created`);
    return toDocument(row);
  }

  async abandon(id: string): Promise<void> {
    await this.db('documents').where({ id }).whereNull('external_id').delete();
  }

  private owned(ownerId: string, db: Knex | Knex.Transaction = this.db) {
    return this.select(db).where({ 'd.owner_id': ownerId }).whereNull('d.deleted_at').whereNotNull('d.external_id');
  }

  async findOwned(ownerId: string, id: string): Promise<Document | null> {
    const row = (await this.owned(ownerId).where('d.id', id).first()) as DocumentRow | undefined;
    return row ? toDocument(row) : null;
  }

  async processedCount(ownerId: string, id: string): Promise<number | null> {
    const [row] = await this.processedCounts.rows<{ processed_emails_count: number }>('live', { ownerId, id });
    return row ? row.processed_emails_count : null;
  }

  async listOwned(ownerId: string): Promise<Document[]> {
    const rows = (await this.owned(ownerId).orderBy('d.created_at', 'desc')) as DocumentRow[];
    return rows.map(toDocument);
  }

  async findByForwardToken(token: string): Promise<Pick<Document, 'id' | 'ownerId'> | null> {
    // No allow-list aggregate here: this runs for every SMTP recipient, and intake needs only the ids.
    const row = (await this.db('documents')
      .select('id', 'owner_id')
      .where({ forward_token: token, deleted_at: null })
      .whereNotNull('external_id')
      .first()) as { id: string; owner_id: string } | undefined;
    return row ? { id: row.id, ownerId: row.owner_id } : null;
  }

  async update(ownerId: string, id: string, patch: DocumentPatch): Promise<Document | null> {
    const changes: Record<string, unknown> = { updated_at: this.db.fn.now() };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.overwriteAtBeginning !== undefined) changes.overwrite_at_beginning = patch.overwriteAtBeginning;
    if (patch.tabId !== undefined) changes.tab_id = patch.tabId;
    const updated = await this.liveOwned(ownerId, id).update(changes);
    return updated === 1 ? this.findOwned(ownerId, id) : null;
  }

  async addEmail(ownerId: string, id: string, email: string): Promise<{ emails: string[]; added: boolean } | null> {
    if (!(await this.findOwned(ownerId, id))) return null;
    const inserted = await this.db(EMAILS).insert({ document_id: id, email }).onConflict(['document_id', 'email']).ignore().returning('email');
    const document = await this.findOwned(ownerId, id);
    return document ? { emails: document.emails, added: inserted.length === 1 } : null;
  }

  async removeEmail(ownerId: string, id: string, email: string): Promise<string[] | null> {
    if (!(await this.findOwned(ownerId, id))) return null;
    await this.db(EMAILS).where({ document_id: id, email }).delete();
    return (await this.findOwned(ownerId, id))?.emails ?? null;
  }

  async delete(ownerId: string, id: string, within?: DeletionStep): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      // The lock holds intake's insert of a new mail for this document (its foreign key check) until the
      // commit, after which that insert finds no document.
      const row = (await liveOwnedIn(trx, ownerId, id).forUpdate().first('external_id')) as { external_id: string } | undefined;
      if (!row) return false;
      await erase(trx, { id, ownerId }, row.external_id, within);
      return true;
    });
  }

  async eraseHidden(limit: number, within?: DeletionStep): Promise<number> {
    // Through the partial index of hidden documents (migration 20261201100000): empty once they are gone.
    const hidden = (await this.db('documents').whereNotNull('deleted_at').orderBy('deleted_at').limit(limit).select('id', 'owner_id')) as { id: string; owner_id: string }[];
    let erased = 0;
    for (const { id, owner_id: ownerId } of hidden) {
      const done = await this.db.transaction(async (trx) => {
        const row = (await trx('documents').where({ id }).whereNotNull('deleted_at').forUpdate().first('external_id')) as { external_id: string | null } | undefined;
        if (!row) return false;
        await erase(trx, { id, ownerId }, row.external_id, within);
        return true;
      });
      if (done) erased += 1;
    }
    return erased;
  }

  async eraseAllOwned(tx: Transaction, ownerId: string, within: DeletionStep): Promise<string[]> {
    const trx = knexOf(tx);
    const rows = (await trx('documents').where({ owner_id: ownerId }).orderBy('id').forUpdate().select('id', 'external_id')) as { id: string; external_id: string | null }[];
    for (const row of rows) await erase(trx, { id: row.id, ownerId }, row.external_id, within);
    return rows.map((row) => row.id);
  }

  /** Nothing to do here: the wiring's SignallingDocumentRepository announces the erasure. */
  async erasureCommitted(): Promise<void> {}

  private liveOwned(ownerId: string, id: string) {
    return liveOwnedIn(this.db, ownerId, id);
  }
}

/** Everything of a document, in the deletion's transaction: the other modules' data first, then its own. */
async function erase(trx: Knex.Transaction, document: DeletedDocument, externalId: string | null, within?: DeletionStep): Promise<void> {
  await within?.(transactionOf(trx), document);
  // Earlier parts of a continued document go with it (their rows go by the foreign key's cascade).
  const parts = (await trx('document_parts').where({ document_id: document.id }).whereNotNull('external_id').pluck('external_id')) as string[];
  for (const id of new Set([externalId, ...parts])) await deleteLocalDoc(trx, document.ownerId, id);
  await trx(EMAILS).where({ document_id: document.id }).delete();
  await trx('documents').where({ id: document.id }).delete();
}

function liveOwnedIn(db: Database, ownerId: string, id: string): Knex.QueryBuilder {
  return db('documents').where({ id, owner_id: ownerId }).whereNull('deleted_at').whereNotNull('external_id');
}

function toDocument(row: DocumentRow): Document {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    description: row.description,
    emails: row.emails ?? [],
    forwardToken: row.forward_token,
    forwardEmail: row.forward_email,
    externalId: row.external_id ?? '',
    overwriteAtBeginning: row.overwrite_at_beginning,
    tabId: row.tab_id ?? null,
    processedEmailsCount: row.processed_emails_count,
    createdAt: row.created_at,
  };
}
