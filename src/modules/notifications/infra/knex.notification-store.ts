import { knexOf } from '../../../platform/transactions/knex-transaction.js';
import type { Transaction } from '../../../shared/transaction.js';
import type { Database } from '../../../platform/db/database.js';
import { newId } from '../../../shared/ids.js';
import type { NotificationStore, OutboxEntry, OutboxStatus } from '../application/ports/notification-store.port.js';
import { UNTRIPPED, type Mark, type MarkName, type NotificationDecision } from '../domain/notification-decisions.js';
import { ALL_ON, type NotificationFacts, type NotificationKind, type NotificationSettings } from '../domain/notification-kind.js';

interface OutboxRow {
  id: string;
  key: string;
  user_id: string;
  kind: string;
  facts: NotificationFacts | string;
  status: string;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
}

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  key: row.key,
  userId: row.user_id,
  kind: row.kind as NotificationKind,
  facts: typeof row.facts === 'string' ? (JSON.parse(row.facts) as NotificationFacts) : row.facts,
  status: row.status as OutboxStatus,
  attempts: row.attempts,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

const MARKS: readonly MarkName[] = ['balance-low', 'balance-empty', 'held-mail'];

/** The notifications' tables (migration 20261203140000); counts come from `returning`, as the embedded driver needs. */
export class KnexNotificationStore implements NotificationStore {
  constructor(private readonly db: Database) {}

  async settingsOf(userId: string): Promise<NotificationSettings> {
    const row = (await this.db('notification_settings').where({ user_id: userId }).first('low_balance', 'held_mail', 'refused_sender', 'failed_mail', 'document_continued')) as
      | { low_balance: boolean; held_mail: boolean; refused_sender: boolean; failed_mail: boolean; document_continued: boolean }
      | undefined;
    if (!row) return { ...ALL_ON };
    return { lowBalance: row.low_balance, heldMail: row.held_mail, refusedSender: row.refused_sender, failedMail: row.failed_mail, documentContinued: row.document_continued };
  }

  async saveSettings(userId: string, settings: NotificationSettings, now: Date): Promise<void> {
    await this.db('notification_settings')
      .insert({ user_id: userId, low_balance: settings.lowBalance, held_mail: settings.heldMail, refused_sender: settings.refusedSender, failed_mail: settings.failedMail, document_continued: settings.documentContinued, updated_at: now })
      .onConflict('user_id')
      .merge();
  }

  async marksOf(userId: string): Promise<Record<MarkName, Mark>> {
    const rows = (await this.db('notification_marks').where({ user_id: userId }).select('mark', 'tripped', 'episode')) as { mark: string; tripped: boolean; episode: number }[];
    const marks = Object.fromEntries(MARKS.map((name) => [name, UNTRIPPED])) as Record<MarkName, Mark>;
    for (const row of rows) if ((MARKS as readonly string[]).includes(row.mark)) marks[row.mark as MarkName] = { tripped: row.tripped, episode: row.episode };
    return marks;
  }

  async trip(userId: string, mark: MarkName, decide: (episode: number) => NotificationDecision | null, now: Date): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      await trx('notification_marks').insert({ user_id: userId, mark, tripped: false, episode: 0 }).onConflict(['user_id', 'mark']).ignore();
      // The row lock makes a concurrent trip wait and then find the mark tripped: one winner.
      const won = (await trx('notification_marks')
        .where({ user_id: userId, mark, tripped: false })
        .update({ tripped: true, episode: trx.raw('episode + 1') })
        .returning('episode')) as { episode: number }[];
      const episode = won[0]?.episode;
      if (episode === undefined) return false;
      const decision = decide(episode);
      if (decision) await this.insert(trx, userId, decision, now);
      return true;
    });
  }

  async clear(userId: string, mark: MarkName): Promise<void> {
    await this.db('notification_marks').where({ user_id: userId, mark, tripped: true }).update({ tripped: false });
  }

  async decide(userId: string, decision: NotificationDecision, now: Date): Promise<boolean> {
    return this.insert(this.db, userId, decision, now);
  }

  private async insert(db: Database, userId: string, decision: NotificationDecision, now: Date): Promise<boolean> {
    const inserted = (await db('notification_outbox')
      .insert({
        id: newId(),
        key: decision.key,
        user_id: userId,
        kind: decision.facts.kind,
        facts: JSON.stringify(decision.facts),
        document_id: 'documentId' in decision.facts ? decision.facts.documentId : null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .onConflict('key')
      .ignore()
      .returning('id')) as { id: string }[];
    return inserted.length > 0;
  }

  async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const due = this.db('notification_outbox')
      .select('id')
      .where((where) => where.where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now))
      .orWhere((where) => where.where({ status: 'sending' }).andWhere('lease_until', '<', now))
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    const rows = (await this.db('notification_outbox')
      .whereIn('id', due)
      .update({ status: 'sending', lease_until: new Date(now.getTime() + leaseMs), attempts: this.db.raw('attempts + 1') })
      .returning(['id', 'key', 'user_id', 'kind', 'facts', 'status', 'attempts', 'created_at', 'sent_at'])) as OutboxRow[];
    return rows.map(toEntry);
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.db('notification_outbox').where({ id }).update({ status: 'sent', sent_at: now, lease_until: null, last_error: null });
  }

  async markRetry(id: string, nextAttemptAt: Date, error: string): Promise<void> {
    await this.db('notification_outbox').where({ id, status: 'sending' }).update({ status: 'pending', next_attempt_at: nextAttemptAt, lease_until: null, last_error: error.slice(0, 500) });
  }

  async markFinal(id: string, status: 'failed' | 'skipped', reason: string): Promise<void> {
    await this.db('notification_outbox').where({ id }).update({ status, lease_until: null, last_error: reason.slice(0, 500) });
  }

  async noteCheck(userId: string, now: Date): Promise<void> {
    // A notice for an account deleted meanwhile has nothing to check (and no user row to refer to).
    await this.db.raw(
      `INSERT INTO notification_checks (user_id, noticed_at) SELECT id, ?::timestamptz FROM users WHERE id = ?
       ON CONFLICT (user_id) DO UPDATE SET noticed_at = GREATEST(notification_checks.noticed_at, excluded.noticed_at)`,
      [now, userId],
    );
  }

  async dueChecks(limit: number): Promise<{ userId: string; noticedAt: Date }[]> {
    const rows = (await this.db('notification_checks').orderBy('noticed_at').limit(limit).select('user_id', 'noticed_at')) as { user_id: string; noticed_at: Date }[];
    return rows.map((row) => ({ userId: row.user_id, noticedAt: row.noticed_at }));
  }

  async clearCheck(userId: string, noticedAt: Date): Promise<void> {
    await this.db('notification_checks').where({ user_id: userId }).andWhere('noticed_at', '<=', noticedAt).delete();
  }

  async outboxOf(userId: string): Promise<OutboxEntry[]> {
    const rows = (await this.db('notification_outbox')
      .where({ user_id: userId })
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select('id', 'key', 'user_id', 'kind', 'facts', 'status', 'attempts', 'created_at', 'sent_at')) as OutboxRow[];
    return rows.map(toEntry);
  }

  /** The development outbox's mails go by the same period: they are copies of what the outbox sent. */
  async purgeOutbox(before: Date, limit: number): Promise<number> {
    const old = this.db('notification_outbox').select('id').where('created_at', '<', before).whereNot({ status: 'sending' }).limit(limit);
    const purged = (await this.db('notification_outbox').whereIn('id', old).delete().returning('id')).length;
    const oldCopies = this.db('dev_outbox_mails').select('id').where('sent_at', '<', before).limit(limit);
    const copies = (await this.db('dev_outbox_mails').whereIn('id', oldCopies).delete().returning('id')).length;
    return purged + copies;
  }

  async eraseDocument(tx: Transaction, documentId: string): Promise<void> {
    const trx = knexOf(tx);
    await trx('notification_outbox').where({ document_id: documentId }).delete();
    await trx('dev_outbox_mails').where({ document_id: documentId }).delete();
  }
}
