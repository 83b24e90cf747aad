import { NoticeListeners, SignalListeners, type NoticeListener, type NotificationBus, type SignalListener, type UserNotice } from './notification-bus.js';

/**
 * The bus of the embedded database (PGlite): only one process may open it (pglite-lock.ts), so the
 * worker that did the work and the tabs live in the same process and an in-memory fan-out is exact.
 */
export class InProcessNotificationBus implements NotificationBus {
  private readonly listeners = new NoticeListeners();
  private readonly signals = new SignalListeners();
  private listening = false;

  publish(notice: UserNotice): Promise<void> {
    // Delivered on a later tick, as NOTIFY would be: the publisher's own work finishes first.
    if (this.listening) setImmediate(() => this.listeners.notice(notice));
    return Promise.resolve();
  }

  subscribe(listener: NoticeListener): () => void {
    return this.listeners.add(listener);
  }

  listen(): Promise<void> {
    this.listening = true;
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.listening = false;
    this.listeners.closed();
    return Promise.resolve();
  }

  signal(topic: string, key: string): Promise<void> {
    // At once, listening or not: the one process is every process, and a stale cache must not outlive the call.
    this.signals.signal(topic, key);
    return Promise.resolve();
  }

  onSignal(topic: string, listener: SignalListener): () => void {
    return this.signals.add(topic, listener);
  }

  hearsAllSignals(): boolean {
    return true;
  }
}
