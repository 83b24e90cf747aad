import type { Database } from '../../../../platform/db/database.js';
import type { ClaimPendingBlocks, PendingBlock, PendingBlockRepository } from '../../application/ports/pending-block.repository.port.js';

interface PendingRow {
  message_id: string;
  heading: string;
  meta: string;
  body: string;
  link: string | null;
  received_at: Date | string;
}

const toBlock = (row: PendingRow): PendingBlock => ({ messageId: row.message_id, heading: row.heading, meta: row.meta, body: row.body, link: row.link, receivedAt: new Date(row.received_at) });

/**
 * Pending blocks in `pending_doc_blocks` (migration 20261206100000, whose trigger drops a row as its mail
 * ends). A claim is one statement: rows locked by a concurrent claim are skipped, so two runs writing
 * batches to one document at once take different blocks.
 */
export class KnexPendingBlockRepository implements PendingBlockRepository {
  constructor(private readonly db: Database) {}

  async hold(documentId: string, block: PendingBlock): Promise<void> {
    await this.db('pending_doc_blocks')
      .insert({ message_id: block.messageId, document_id: documentId, heading: block.heading, meta: block.meta, body: block.body, link: block.link, received_at: block.receivedAt })
      .onConflict('message_id')
      .ignore();
  }

  async claim(input: ClaimPendingBlocks): Promise<PendingBlock[]> {
    const result = await this.db.raw(
      `UPDATE pending_doc_blocks SET claim_token = :token, claimed_at = :now
       WHERE message_id IN (
         SELECT message_id FROM pending_doc_blocks
         WHERE document_id = :documentId AND written_at IS NULL AND message_id <> :except AND (claimed_at IS NULL OR claimed_at < :staleBefore)
         ORDER BY received_at, message_id LIMIT :limit FOR UPDATE SKIP LOCKED
       )
       RETURNING message_id, heading, meta, body, link, received_at`,
      { token: input.token, now: input.now, documentId: input.documentId, except: input.exceptMessageId, staleBefore: input.staleBefore, limit: input.limit },
    );
    const rows = (result as { rows?: PendingRow[] }).rows ?? [];
    return rows.map(toBlock).sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.messageId.localeCompare(b.messageId));
  }

  async markWritten(messageIds: readonly string[], token: string, externalId: string, writtenAt: Date): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db('pending_doc_blocks')
      .whereIn('message_id', messageIds)
      .where({ claim_token: token })
      .update({ written_external_id: externalId, written_at: writtenAt, claim_token: null, claimed_at: null });
  }

  async release(messageIds: readonly string[], token: string): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db('pending_doc_blocks').whereIn('message_id', messageIds).where({ claim_token: token }).update({ claim_token: null, claimed_at: null });
  }
}
