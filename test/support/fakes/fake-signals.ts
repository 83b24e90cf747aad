import { SignalListeners, type NotificationBus, type SignalListener } from '../../../src/platform/events/notification-bus.js';

/** The part of the notification bus the caches use, with the listening state in the test's hands. */
export class FakeSignals implements Pick<NotificationBus, 'signal' | 'onSignal' | 'hearsAllSignals'> {
  readonly listeners = new SignalListeners();
  readonly sent: { topic: string; key: string }[] = [];
  hearing = true;

  signal(topic: string, key: string): Promise<void> {
    this.sent.push({ topic, key });
    return Promise.resolve();
  }

  onSignal(topic: string, listener: SignalListener): () => void {
    return this.listeners.add(topic, listener);
  }

  hearsAllSignals(): boolean {
    return this.hearing;
  }
}
