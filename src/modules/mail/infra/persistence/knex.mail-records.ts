import type { Knex } from 'knex';
import type { Database } from '../../../../platform/db/database.js';
import { knexOf, transactionOf } from '../../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../../shared/transaction.js';
import { FINAL_STATUSES } from '../../domain/inbound-message.js';
import type { ChargedMail, MailRecordExport, MailRecords, RecentOwnerMail } from '../../application/ports/mail-records.port.js';
import { historyReason } from '../../domain/status-history.js';
import { blockParts } from '../../application/block-parts.js';
import { blockOf, historyOf } from './received-mail-row.js';

/** Statuses whose mail may keep its content past its end (see `keepsContent`); expired is here for older rows. */
const KEEPING = ['ignored', 'failed', 'expired'];

/** The columns every record of a mail is read with (`headOf`). */
const HEAD_COLUMNS = ['id', 'document_id', 'subject', 'source_mail', 'refusal_sender', 'status', 'reason', 'received_at', 'finished_at'] as const;

interface MailHeadRow {
  id: string;
  document_id: string;
  subject: string;
  source_mail: string;
  refusal_sender: string | null;
  status: string;
  reason: string | null;
  received_at: Date;
  finished_at: Date | null;
}

/** The sender is the original one; a refused mail's is the one it was refused for. */
function headOf(row: MailHeadRow) {
  return {
    id: row.id,
    documentId: row.document_id,
    subject: row.subject,
    sender: row.source_mail || row.refusal_sender || '',
    status: row.status,
    reason: row.reason,
    receivedAt: new Date(row.received_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

interface ChargedRow {
  id: string;
  owner_id: string;
  charge_round: number;
  cost_tokens: number | null;
}

interface ErasedRunRow {
  message_id: string;
  owner_id: string;
  charge_round: number;
}

/** Mail a run may still be charging: due or claimed. */
const UNFINISHED = ['received', 'processing'];

const toCharged = (row: ChargedRow): ChargedMail => ({ id: row.id, ownerId: row.owner_id, chargeRound: row.charge_round });
/** A cost is recorded before anything is reserved (charge.step.ts): a mail without one has no ledger entry. */
const wasCharged = (row: ChargedRow) => (row.cost_tokens ?? 0) > 0;

export class KnexMailRecords implements MailRecords {
  constructor(private readonly db: Database) {}

  async chargedMailOf(tx: Transaction, documentId: string): Promise<ChargedMail[]> {
    const rows = (await knexOf(tx)('inbound_messages').where({ document_id: documentId }).where('cost_tokens', '>', 0).select('id', 'owner_id', 'charge_round', 'cost_tokens')) as ChargedRow[];
    return rows.map(toCharged);
  }

  async eraseDocumentMail(tx: Transaction, documentId: string): Promise<void> {
    const trx = knexOf(tx);
    // A run that already claimed one of these may still charge it after this commit (settleErasedRuns).
    await trx
      .into(trx.raw('erased_mail_runs (message_id, owner_id, charge_round)'))
      .insert(trx('inbound_messages').where({ document_id: documentId }).whereIn('status', [...UNFINISHED]).select('id', 'owner_id', 'charge_round'))
      .onConflict('message_id')
      .ignore();
    await trx('inbound_messages').where({ document_id: documentId }).delete();
    await trx('inbound_message_totals').where({ document_id: documentId }).delete();
    await trx('forwarding_confirmations').where({ document_id: documentId }).delete();
  }

  async ownerRecords(ownerId: string): Promise<MailRecordExport[]> {
    const rows = (await this.db('inbound_messages')
      .where({ owner_id: ownerId })
      .orderBy([{ column: 'received_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select(...HEAD_COLUMNS, 'used_tokens', 'block', 'status_history')) as (MailHeadRow & {
      used_tokens: number;
      block: unknown;
      status_history: unknown;
    })[];
    return rows.map((row) => ({
      ...headOf(row),
      usedTokens: row.used_tokens,
      block: mapBlock(blockOf(row.block)),
      history: historyOf(row.status_history).map((entry) => ({ status: entry.status, reason: historyReason(entry), at: entry.at })),
    }));
  }

  async recentOutcomes(ownerId: string, since: Date): Promise<RecentOwnerMail> {
    const held = (await this.db('inbound_messages').where({ owner_id: ownerId, status: 'held' }).count({ n: '*' }).first()) as { n: number | string } | undefined;
    // Through the (owner_id, status) index; the earlier refusal through the document's (document_id, received_at) one.
    const rows = (await this.db('inbound_messages as m')
      .where('m.owner_id', ownerId)
      .whereIn('m.status', ['ignored', 'failed'])
      .where((recent) => recent.where('m.received_at', '>=', since).orWhere('m.finished_at', '>=', since))
      .select(
        HEAD_COLUMNS.map((column) => `m.${column}`),
        this.db.raw(
          `m.status = 'ignored' AND EXISTS (SELECT 1 FROM inbound_messages e WHERE e.document_id = m.document_id AND e.status = 'ignored' AND e.received_at < m.received_at
             AND lower(coalesce(nullif(e.source_mail, ''), e.refusal_sender, '')) = lower(coalesce(nullif(m.source_mail, ''), m.refusal_sender, ''))) AS refused_before`,
        ),
      )) as (MailHeadRow & { refused_before: boolean })[];
    return {
      held: Number(held?.n ?? 0),
      mails: rows.map((row) => ({
        ...headOf(row),
        refusedBefore: row.refused_before === true,
      })),
    };
  }

  async eraseOwnerMail(tx: Transaction, ownerId: string): Promise<void> {
    const trx = knexOf(tx);
    await trx('inbound_messages').where({ owner_id: ownerId }).delete();
    await trx('doc_write_windows').where({ user_id: ownerId }).delete();
  }

  async dropContent(before: Date, limit: number): Promise<number> {
    // Through the index of kept content (migration 20261201100000). SKIP LOCKED: a mail being retried or
    // allowed right now is left for the next run.
    const kept = this.db('inbound_messages')
      .select('id')
      .whereIn('status', KEEPING)
      .whereNotNull('raw')
      .where('finished_at', '<', before)
      .orderBy('finished_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const dropped = await this.db('inbound_messages').whereIn('id', kept).update({ raw: null, parsed: null, summary: null, updated_at: this.db.fn.now() }).returning('id');
    return dropped.length;
  }

  async deleteRecords(before: Date, limit: number, within: (tx: Transaction, charged: ChargedMail[]) => Promise<void>): Promise<number> {
    return this.db.transaction(async (trx) => {
      const rows = (await oldFinal(trx, before, limit)) as ChargedRow[];
      if (rows.length === 0) return 0;
      await within(transactionOf(trx), rows.filter(wasCharged).map(toCharged));
      // Counted from `returning`: the embedded driver answers a DELETE with its raw result, not a count.
      const deleted = await trx('inbound_messages')
        .whereIn(
          'id',
          rows.map((row) => row.id),
        )
        .delete()
        .returning('id');
      return deleted.length;
    });
  }

  async erasedRuns(limit: number): Promise<ChargedMail[]> {
    const rows = (await this.db('erased_mail_runs').select('message_id', 'owner_id', 'charge_round').orderBy('erased_at').limit(limit)) as ErasedRunRow[];
    return rows.map((row) => ({ id: row.message_id, ownerId: row.owner_id, chargeRound: row.charge_round }));
  }

  async forgetErasedRuns(runs: ChargedMail[], expiredBefore: Date, within: (tx: Transaction) => Promise<void>): Promise<number> {
    return this.db.transaction(async (trx) => {
      await within(transactionOf(trx));
      const forgotten = await trx('erased_mail_runs')
        .whereIn(
          'message_id',
          runs.map((run) => run.id),
        )
        .where('erased_at', '<', expiredBefore)
        .delete()
        .returning('message_id');
      return forgotten.length;
    });
  }
}

/** Oldest first, locked for the deletion; a mail another transaction holds is left for the next run. */
function oldFinal(trx: Knex.Transaction, before: Date, limit: number) {
  return trx('inbound_messages')
    .select('id', 'owner_id', 'charge_round', 'cost_tokens')
    .where('received_at', '<', before)
    .whereIn('status', [...FINAL_STATUSES])
    .orderBy('received_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
}

const mapBlock = (block: ReturnType<typeof blockOf>) => block && blockParts(block);
