import type { BlockTurn, DocApiUse, DocWriteLimiter, DocWriteSlot } from '../../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import { BATCH_IN_FLIGHT_WAIT_SECONDS } from '../../../src/modules/mail/application/ports/doc-write-limiter.port.js';
import type { ClaimPendingBlocks, PendingBlock, PendingBlockRepository } from '../../../src/modules/mail/application/ports/pending-block.repository.port.js';

interface Row {
  documentId: string;
  block: PendingBlock;
  claim: { token: string; at: Date } | null;
  written: { externalId: string; writtenAt: Date } | null;
}

/** Pending blocks in memory, as pending_doc_blocks keeps them; `forget` stands for the trigger that drops a row as its mail ends. */
export class InMemoryPendingBlocks implements PendingBlockRepository {
  readonly rows = new Map<string, Row>();

  hold(documentId: string, block: PendingBlock): Promise<void> {
    if (!this.rows.has(block.messageId)) this.rows.set(block.messageId, { documentId, block, claim: null, written: null });
    return Promise.resolve();
  }

  claim(input: ClaimPendingBlocks): Promise<PendingBlock[]> {
    const free = [...this.rows.values()]
      .filter((row) => row.documentId === input.documentId && !row.written && row.block.messageId !== input.exceptMessageId && (!row.claim || row.claim.at < input.staleBefore))
      .sort((a, b) => a.block.receivedAt.getTime() - b.block.receivedAt.getTime() || a.block.messageId.localeCompare(b.block.messageId))
      .slice(0, input.limit);
    for (const row of free) row.claim = { token: input.token, at: input.now };
    return Promise.resolve(free.map((row) => row.block));
  }

  markWritten(messageIds: readonly string[], token: string, externalId: string, writtenAt: Date): Promise<void> {
    for (const row of this.held(messageIds, token)) Object.assign(row, { claim: null, written: { externalId, writtenAt } });
    return Promise.resolve();
  }

  release(messageIds: readonly string[], token: string): Promise<void> {
    for (const row of this.held(messageIds, token)) row.claim = null;
    return Promise.resolve();
  }

  forget(messageId: string): void {
    this.rows.delete(messageId);
  }

  private held(messageIds: readonly string[], token: string): Row[] {
    return messageIds.flatMap((id) => {
      const row = this.rows.get(id);
      return row?.claim?.token === token ? [row] : [];
    });
  }
}

/**
 * A write budget of `writes` slots in all, never refilled (a test gives more with `refill`), that reads a
 * mail's pending block first as the database's limiter does: written by a batch, or claimed by a live one,
 * and nothing is taken.
 */
export class InMemoryBudget implements DocWriteLimiter {
  taken = 0;

  constructor(
    private readonly pending: InMemoryPendingBlocks,
    private writes: number,
  ) {}

  refill(writes: number): void {
    this.writes = writes;
  }

  tryAcquire(_userId: string, _now: Date, _use?: DocApiUse, block?: BlockTurn): Promise<DocWriteSlot> {
    const own = block ? this.pending.rows.get(block.messageId) : undefined;
    if (own?.written) return Promise.resolve({ ok: false, written: own.written });
    if (own?.claim && block && own.claim.at >= block.staleBefore) return Promise.resolve({ ok: false, retryAfterSeconds: BATCH_IN_FLIGHT_WAIT_SECONDS });
    if (this.writes === 0) return Promise.resolve({ ok: false, retryAfterSeconds: 60 });
    this.writes -= 1;
    this.taken += 1;
    return Promise.resolve({ ok: true, ownPending: own !== undefined });
  }
}
