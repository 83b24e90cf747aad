import type { Knex } from 'knex';

/**
 * The owner's live document (linked, not deleted) as a one-row subquery of its id, for a read of another
 * module that answers "not found" exactly when the document is not the owner's: it joins this instead of
 * asking the documents module first, so ownership costs an index probe inside its own query, not a round
 * trip that loads the document with its allow-list. The same rule as the document repository's reads.
 */
export class KnexOwnedDocumentScope {
  liveOwned(db: Knex, ownerId: string, documentId: string): Knex.QueryBuilder {
    return db('documents').select('id').where({ id: documentId, owner_id: ownerId }).whereNull('deleted_at').whereNotNull('external_id');
  }

  /** Every live document of the owner, with its name: the search across an owner's mail joins it. */
  liveOfOwner(db: Knex, ownerId: string): Knex.QueryBuilder {
    return db('documents').select('id', 'name').where({ owner_id: ownerId }).whereNull('deleted_at').whereNotNull('external_id');
  }
}
