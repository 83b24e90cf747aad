import type { Transaction } from '../../../src/shared/transaction.js';
import type { NotificationStore, OutboxEntry } from '../../../src/modules/notifications/application/ports/notification-store.port.js';
import { UNTRIPPED, type Mark, type MarkName, type NotificationDecision } from '../../../src/modules/notifications/domain/notification-decisions.js';
import { ALL_ON, type NotificationSettings } from '../../../src/modules/notifications/domain/notification-kind.js';

/** The notifications' store in memory, with the same once-only rules as the tables. */
export class InMemoryNotificationStore implements NotificationStore {
  readonly settings = new Map<string, NotificationSettings>();
  readonly marks = new Map<string, Mark>();
  readonly outbox: (OutboxEntry & { nextAttemptAt: Date; leaseUntil: Date | null; lastError: string | null })[] = [];
  readonly checks = new Map<string, Date>();
  private serial = 0;

  settingsOf(userId: string): Promise<NotificationSettings> {
    return Promise.resolve({ ...(this.settings.get(userId) ?? ALL_ON) });
  }
  saveSettings(userId: string, settings: NotificationSettings): Promise<void> {
    this.settings.set(userId, { ...settings });
    return Promise.resolve();
  }
  marksOf(userId: string): Promise<Record<MarkName, Mark>> {
    const of = (name: MarkName) => this.marks.get(`${userId}:${name}`) ?? UNTRIPPED;
    return Promise.resolve({ 'balance-low': of('balance-low'), 'balance-empty': of('balance-empty'), 'held-mail': of('held-mail') });
  }
  async trip(userId: string, mark: MarkName, decide: (episode: number) => NotificationDecision | null, now: Date): Promise<boolean> {
    const current = this.marks.get(`${userId}:${mark}`) ?? UNTRIPPED;
    if (current.tripped) return false;
    const next = { tripped: true, episode: current.episode + 1 };
    this.marks.set(`${userId}:${mark}`, next);
    const decision = decide(next.episode);
    if (decision) await this.decide(userId, decision, now);
    return true;
  }
  clear(userId: string, mark: MarkName): Promise<void> {
    const current = this.marks.get(`${userId}:${mark}`);
    if (current) this.marks.set(`${userId}:${mark}`, { ...current, tripped: false });
    return Promise.resolve();
  }
  decide(userId: string, decision: NotificationDecision, now: Date): Promise<boolean> {
    if (this.outbox.some((entry) => entry.key === decision.key)) return Promise.resolve(false);
    this.serial += 1;
    this.outbox.push({ id: `entry-${this.serial}`, key: decision.key, userId, kind: decision.facts.kind, facts: decision.facts, status: 'pending', attempts: 0, createdAt: now, sentAt: null, nextAttemptAt: now, leaseUntil: null, lastError: null });
    return Promise.resolve(true);
  }
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const due = this.outbox.filter((entry) => (entry.status === 'pending' && entry.nextAttemptAt <= now) || (entry.status === 'sending' && (entry.leaseUntil ?? now) < now)).slice(0, limit);
    for (const entry of due) Object.assign(entry, { status: 'sending', attempts: entry.attempts + 1, leaseUntil: new Date(now.getTime() + leaseMs) });
    return Promise.resolve(due.map((entry) => ({ ...entry })));
  }
  markSent(id: string, now: Date): Promise<void> {
    return this.update(id, { status: 'sent', sentAt: now, leaseUntil: null });
  }
  markRetry(id: string, nextAttemptAt: Date, error: string): Promise<void> {
    return this.update(id, { status: 'pending', nextAttemptAt, leaseUntil: null, lastError: error });
  }
  markFinal(id: string, status: 'failed' | 'skipped', reason: string): Promise<void> {
    return this.update(id, { status, leaseUntil: null, lastError: reason });
  }
  noteCheck(userId: string, now: Date): Promise<void> {
    this.checks.set(userId, now);
    return Promise.resolve();
  }
  dueChecks(limit: number): Promise<{ userId: string; noticedAt: Date }[]> {
    return Promise.resolve([...this.checks].slice(0, limit).map(([userId, noticedAt]) => ({ userId, noticedAt })));
  }
  clearCheck(userId: string, noticedAt: Date): Promise<void> {
    if ((this.checks.get(userId) ?? noticedAt) <= noticedAt) this.checks.delete(userId);
    return Promise.resolve();
  }
  outboxOf(userId: string): Promise<OutboxEntry[]> {
    return Promise.resolve(this.outbox.filter((entry) => entry.userId === userId).reverse());
  }
  purgeOutbox(before: Date, limit: number): Promise<number> {
    const old = this.outbox.filter((entry) => entry.createdAt < before).slice(0, limit);
    for (const entry of old) this.outbox.splice(this.outbox.indexOf(entry), 1);
    return Promise.resolve(old.length);
  }

  eraseDocument(_tx: Transaction, documentId: string): Promise<void> {
    for (const entry of [...this.outbox]) {
      if ('documentId' in entry.facts && entry.facts.documentId === documentId) this.outbox.splice(this.outbox.indexOf(entry), 1);
    }
    return Promise.resolve();
  }

  private update(id: string, changes: Partial<InMemoryNotificationStore['outbox'][number]>): Promise<void> {
    const entry = this.outbox.find((candidate) => candidate.id === id);
    if (entry) Object.assign(entry, changes);
    return Promise.resolve();
  }
}
