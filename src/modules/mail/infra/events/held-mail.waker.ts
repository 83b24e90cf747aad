import type { NotificationBus } from '../../../../platform/events/notification-bus.js';
import type { Logger } from '../../../../platform/logging/logger.js';
import { TOKENS_ADDED_SIGNAL } from '../../../token-ledger/index.js';

type Signals = Pick<NotificationBus, 'onSignal'>;

/** The sweep as the waker runs it: one user's held mail, or everyone's. */
export interface HeldMailSweep {
  execute(onlyUserId?: string): Promise<unknown>;
}

/** Stands for "every user": signals were missed, so any credit may have been. */
const EVERYONE = '';

/**
 * Held mail resumes within seconds of a credit committed in any process (a checkout, a webhook, an
 * operator's grant, a renewal, a refund): the ledger signals TOKENS_ADDED_SIGNAL on the notification bus
 * and every worker process sweeps that user's held mail. Requeueing is guarded, so two workers waking the
 * same mail run it once. Signals that may have been missed (the listening connection dropped) sweep
 * everyone; the minute's sweep stays the safety net (docs/architecture.md § Held mail).
 *
 * A wake waits `delayMs` first: the credit's use case may still be finishing (a new period is granted
 * before the subscription's period is advanced), a run that just found no tokens may still be recording
 * its mail as held, and credits that come together are swept once. One
 * sweep per user runs at a time; a credit during it sweeps again after it.
 */
export class HeldMailWaker {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly sweep: HeldMailSweep,
    private readonly signals: Signals,
    private readonly logger: Pick<Logger, 'warn'>,
    private readonly options: { delayMs: number },
  ) {}

  /** The worker role starts hearing credits. */
  start(): void {
    this.unsubscribe ??= this.signals.onSignal(TOKENS_ADDED_SIGNAL, {
      signal: (userId) => {
        if (userId) this.wake(userId);
      },
      reset: () => this.wake(EVERYONE),
    });
  }

  /** Stops hearing credits; a sweep under way finishes (its mail is committed or not, never half). */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.again.clear();
    await Promise.allSettled([...this.running.values()]);
  }

  private wake(key: string): void {
    if (!this.unsubscribe || this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.run(key);
    }, this.options.delayMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  private run(key: string): void {
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    const sweeping = this.sweep
      .execute(key === EVERYONE ? undefined : key)
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn({ err: error }, 'could not resume held mail after a credit; the next minute’s sweep does'),
      )
      .finally(() => {
        this.running.delete(key);
        if (this.again.delete(key) && this.unsubscribe) this.run(key);
      });
    this.running.set(key, sweeping);
  }
}
