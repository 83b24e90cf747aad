import type { Knex } from 'knex';

/**
 * Raises a document's processed-mail count inside the caller's transaction: the mail module ends a
 * mail `processed` and counts it in one commit, so a mail is never counted twice or lost.
 */
export class KnexProcessedMailCounter {
  async countProcessed(trx: Knex.Transaction, documentId: string): Promise<void> {
    await trx('documents').where({ id: documentId }).increment('processed_emails_count', 1);
  }
}
