import type { Knex } from 'knex';
import { isEmbedded, type Database } from '../../../../platform/db/database.js';
import { KEPT_IGNORED_PER_DOCUMENT, keepsContent, type InboundMessage, type Outcome } from '../../domain/inbound-message.js';
import type { ForwardingConfirmation } from '../../application/ports/mail-parser.port.js';
import type { InboundMessageRepository, NewInboundMessage, RunClaim, StepResults } from '../../application/ports/inbound-message.repository.port.js';
import { GroupCommit } from '../../../../platform/db/group-commit.js';
import { KnexMailQueue } from '../queue/knex.mail-queue.js';
import { EARLIER_DELIVERY_COLUMN, toClaimedRun, toMessage, type MessageRow } from './message-row.mapping.js';

const LIVE = ['received', 'processing', 'held'];
/** Messages per intake commit at most: bounds a transaction's size (each holds its raw message). */
const INTAKE_BATCH = 32;
/** How long intake on the embedded database waits for more messages to share a commit (see GroupCommit). */
const EMBEDDED_INTAKE_GATHER_MS = 1;

export class KnexInboundMessageRepository implements InboundMessageRepository {
  constructor(
    private readonly db: Database,
    /** Wakes the workers (knex.mail-queue.ts): mail became due. */
    private readonly queue: { wake(): void },
    /** DEDUP_DAYS: how far back a claim looks for an earlier delivery of the same message. */
    private readonly options: { dedupDays: number },
  ) {
    this.intake = new GroupCommit<NewInboundMessage[]>((calls) => this.commitReceived(calls.flat()), INTAKE_BATCH, isEmbedded(db) ? EMBEDDED_INTAKE_GATHER_MS : 0);
  }

  private readonly intake: GroupCommit<NewInboundMessage[]>;

  /** Committed due for a run, possibly together with messages of other SMTP sessions. */
  async storeReceived(messages: NewInboundMessage[]): Promise<void> {
    await this.intake.submit(messages);
  }

  /** One statement: the message is its own job (its `due_at`), so no transaction is needed. */
  private async commitReceived(messages: NewInboundMessage[]): Promise<void> {
    try {
      await this.insertReceived(messages);
    } catch (error) {
      if (!isMissingDocument(error)) throw error;
      // A document deleted while its message was in DATA: its row is gone, so the message has nowhere to
      // go and breaks the whole statement. The others are stored one by one; that one is dropped, as
      // processing would have dropped it (its sender got past RCPT while the address still worked).
      for (const message of messages) {
        try {
          await this.insertReceived([message]);
        } catch (each) {
          if (!isMissingDocument(each)) throw each;
        }
      }
    }
    // One wake-up per commit, however many messages it carried.
    this.queue.wake();
  }

  private async insertReceived(messages: NewInboundMessage[]): Promise<void> {
    await this.db('inbound_messages').insert(
      messages.map((message) => ({
        id: message.id,
        document_id: message.documentId,
        owner_id: message.ownerId,
        envelope: JSON.stringify(message.envelope),
        raw: message.raw,
        size_bytes: message.raw.length,
        dedup_key: message.dedupKey,
        due_at: this.db.fn.now(),
      })),
    );
  }

  async findById(id: string): Promise<InboundMessage | null> {
    const row = (await this.db('inbound_messages').where({ id }).first()) as MessageRow | undefined;
    return row ? toMessage(row) : null;
  }

  async saveStep(id: string, results: StepResults): Promise<void> {
    const changes: Record<string, unknown> = { updated_at: this.db.fn.now() };
    if (results.status !== undefined) changes.status = results.status;
    // A held mail waits for the sweep, not for a run.
    if (results.status === 'held') Object.assign(changes, { held_at: this.db.fn.now(), due_at: null });
    if (results.reason !== undefined) changes.reason = results.reason;
    if (results.attempts !== undefined) changes.attempts = results.attempts;
    if (results.parsed !== undefined) changes.parsed = JSON.stringify(results.parsed);
    if (results.sourceMail !== undefined) changes.source_mail = results.sourceMail.slice(0, 320);
    if (results.subject !== undefined) changes.subject = results.subject.slice(0, 998);
    if (results.authVerdict !== undefined) changes.auth_verdict = JSON.stringify(results.authVerdict);
    if (results.costTokens !== undefined) changes.cost_tokens = results.costTokens;
    if (results.attachmentCount !== undefined) changes.attachment_count = results.attachmentCount;
    if (results.summary !== undefined) changes.summary = JSON.stringify(results.summary);
    if (results.writtenAt !== undefined) changes.written_at = results.writtenAt;
    if (results.block !== undefined) changes.block = JSON.stringify(results.block);
    await this.db('inbound_messages').where({ id }).whereIn('status', LIVE).update(changes);
  }

  // One conditional update: of two runs claiming at once, exactly one matches the row. The row comes
  // back with it, with its earlier delivery, so a run starts with one statement instead of a read, a
  // claim, a second read and a redelivery check. The lease names this process when its queue can vouch
  // for it (docs/adr/0007), so the process's next start releases it should this one die.
  async claimRun(id: string, now: Date, until: Date): Promise<RunClaim> {
    const stamp = this.queue instanceof KnexMailQueue ? this.queue.runStamp() : null;
    const result = (await this.db.raw(
      `UPDATE inbound_messages AS m
       -- Due again when the lease ends: a run that dies is taken up then.
       SET run_lease_until = :until, due_at = :until, status = 'processing', updated_at = CURRENT_TIMESTAMP,
           run_owner = :owner, run_boot_id = CAST(:boot AS uuid)
       WHERE m.id = :id AND m.status IN ('received', 'processing') AND (m.run_lease_until IS NULL OR m.run_lease_until <= :now)
       RETURNING m.*, ${EARLIER_DELIVERY_COLUMN}`,
      { id, now, until, dedupSeconds: this.options.dedupDays * 86_400, owner: stamp?.owner ?? null, boot: stamp?.bootId ?? null },
    )) as { rows: Parameters<typeof toClaimedRun>[0][] };
    const [claimed] = result.rows;
    if (claimed) return { outcome: 'claimed', ...toClaimedRun(claimed) };
    const row = (await this.db('inbound_messages').where({ id }).first('status', 'run_lease_until')) as Pick<MessageRow, 'status'> & { run_lease_until: Date | null } | undefined;
    if (row && (row.status === 'received' || row.status === 'processing') && row.run_lease_until) return { outcome: 'leased', until: row.run_lease_until };
    return { outcome: 'nothing-to-run' };
  }

  // Only a lease this process took, or one that names no process: a run that outlived its lease must not
  // free the lease another process's run has taken since.
  async releaseRun(id: string): Promise<void> {
    const bootId = this.queue instanceof KnexMailQueue ? this.queue.holder.bootId : null;
    const release = this.db('inbound_messages').where({ id });
    if (bootId) release.where((mine) => mine.whereNull('run_boot_id').orWhere('run_boot_id', bootId));
    await release.update({ run_lease_until: null, run_owner: null, run_boot_id: null });
  }

  // One statement for every end but an ignored mail that keeps its content: a row trigger on the status
  // (migration 20261128120000) raises the document's processed count in the same statement, so a mail is
  // never counted twice or lost, and another (migration 20261203120000) records the change in its history.
  // A processed mail keeps its block as written; a duplicate takes the subject and sender of the mail it
  // repeats (that mail's parse passes them on too, should it come later: the same migration).
  async finish(id: string, outcome: Outcome): Promise<boolean> {
    const end = (db: Knex) =>
      db('inbound_messages')
        .where({ id })
        .whereIn('status', LIVE)
        .update({
          status: outcome.status,
          reason: outcome.reason,
          used_tokens: outcome.usedTokens ?? 0,
          ...(outcome.writtenAt ? { written_at: outcome.writtenAt } : {}),
          ...(outcome.block ? { block: JSON.stringify(outcome.block) } : {}),
          ...(outcome.duplicateOf
            ? {
                duplicate_of: outcome.duplicateOf,
                subject: db.raw("coalesce((?), '')", [db('inbound_messages as o').where('o.id', outcome.duplicateOf).select('o.subject')]),
                source_mail: db.raw("coalesce((?), '')", [db('inbound_messages as o').where('o.id', outcome.duplicateOf).select('o.source_mail')]),
              }
            : {}),
          ...(outcome.refusal ? { refusal_reason: outcome.refusal.reason, refusal_sender: outcome.refusal.sender?.slice(0, 320) ?? null } : {}),
          // See keepsContent: a failed mail can be retried, an unlisted sender allowed; other ends keep metadata only.
          ...(keepsContent(outcome) ? {} : { raw: null, parsed: null, summary: null }),
          finished_at: db.fn.now(),
          updated_at: db.fn.now(),
          run_lease_until: null,
          due_at: null,
        })
        .returning(['document_id']) as Promise<{ document_id: string }[]>;
    if (!(outcome.status === 'ignored' && keepsContent(outcome))) return (await end(this.db)).length > 0;
    return this.db.transaction(async (trx) => {
      const [row] = await end(trx);
      if (!row) return false;
      await this.capKeptIgnored(trx, row.document_id);
      return true;
    });
  }

  async requeue(id: string, options: { resetAttempts?: boolean } = {}): Promise<boolean> {
    const updated = await this.db('inbound_messages')
      .where({ id })
      .whereIn('status', ['held', 'failed'])
      .whereNotNull('raw')
      .update({
        status: 'received',
        reason: null,
        held_at: null,
        finished_at: null,
        due_at: this.db.fn.now(),
        updated_at: this.db.fn.now(),
        // A failed mail's tokens were refunded: its retry is a new charge.
        charge_round: this.db.raw("charge_round + (CASE WHEN status = 'failed' THEN 1 ELSE 0 END)"),
        ...(options.resetAttempts ? { attempts: 0 } : {}),
      });
    if (updated !== 1) return false;
    this.queue.wake();
    return true;
  }

  async releaseIgnored(id: string): Promise<boolean> {
    const updated = await this.db('inbound_messages')
      .where({ id, status: 'ignored', refusal_reason: 'not-on-list' })
      .whereNotNull('raw')
      .update({ status: 'received', reason: null, attempts: 0, finished_at: null, due_at: this.db.fn.now(), updated_at: this.db.fn.now() });
    if (updated !== 1) return false;
    this.queue.wake();
    return true;
  }

  /** Only the newest KEPT_IGNORED_PER_DOCUMENT ignored mails of a document keep their content. */
  private async capKeptIgnored(trx: Knex.Transaction, documentId: string): Promise<void> {
    const beyondCap = trx('inbound_messages')
      .where({ document_id: documentId, status: 'ignored' })
      .whereNotNull('raw')
      .orderBy([{ column: 'finished_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .offset(KEPT_IGNORED_PER_DOCUMENT)
      .select('id');
    await trx('inbound_messages').whereIn('id', beyondCap).update({ raw: null, parsed: null, updated_at: trx.fn.now() });
  }

  async heldMessages(): Promise<{ id: string; ownerId: string; costTokens: number | null; heldAt: Date | null }[]> {
    const rows = (await this.db('inbound_messages').where({ status: 'held' }).orderBy('received_at').select('id', 'owner_id', 'cost_tokens', 'held_at')) as Pick<
      MessageRow,
      'id' | 'owner_id' | 'cost_tokens' | 'held_at'
    >[];
    return rows.map((row) => ({ id: row.id, ownerId: row.owner_id, costTokens: row.cost_tokens, heldAt: row.held_at }));
  }

  async saveForwardingConfirmation(documentId: string, confirmation: ForwardingConfirmation): Promise<void> {
    await this.db('forwarding_confirmations')
      .insert({ document_id: documentId, code: confirmation.code, link: confirmation.link, requester: confirmation.requester })
      .onConflict('document_id')
      .merge({ code: confirmation.code, link: confirmation.link, requester: confirmation.requester, received_at: this.db.fn.now() });
  }

  async forwardingConfirmation(documentId: string): Promise<(ForwardingConfirmation & { receivedAt: Date }) | null> {
    const row = (await this.db('forwarding_confirmations').where({ document_id: documentId }).first()) as
      | { code: string; link: string | null; requester: string | null; received_at: Date }
      | undefined;
    return row ? { code: row.code, link: row.link, requester: row.requester, receivedAt: row.received_at } : null;
  }
}

/** Postgres' foreign key violation: here, a message whose document was deleted (documents are deleted for good). */
function isMissingDocument(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23503';
}
