import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeldMailWaker, type HeldMailSweep } from '../../../src/modules/mail/infra/events/held-mail.waker.js';
import { TOKENS_ADDED_SIGNAL } from '../../../src/modules/token-ledger/index.js';
import { InProcessNotificationBus } from '../../../src/platform/events/in-process.notification-bus.js';
import { SignalListeners, type NotificationBus } from '../../../src/platform/events/notification-bus.js';

/** A sweep that records whom it swept and finishes when the test says so. */
class ControlledSweep implements HeldMailSweep {
  readonly calls: (string | undefined)[] = [];
  private readonly pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  running = 0;
  maxRunning = 0;

  execute(onlyUserId?: string): Promise<unknown> {
    this.calls.push(onlyUserId);
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    return new Promise<void>((resolve, reject) => this.pending.push({ resolve, reject })).finally(() => (this.running -= 1));
  }

  finish(): void {
    this.pending.shift()?.resolve();
  }

  fail(error: Error): void {
    this.pending.shift()?.reject(error);
  }
}

/** A bus whose signals the test sends and whose listening connection the test drops (reset). */
class TestBus {
  readonly signals = new SignalListeners();
  onSignal: NotificationBus['onSignal'] = (topic, listener) => this.signals.add(topic, listener);
}

const logger = { warn: vi.fn() };
const wakers: HeldMailWaker[] = [];

function aWaker(bus: Pick<NotificationBus, 'onSignal'>, sweep: HeldMailSweep) {
  const waker = new HeldMailWaker(sweep, bus, logger, { delayMs: 0 });
  wakers.push(waker);
  waker.start();
  return waker;
}

afterEach(async () => {
  await Promise.all(wakers.splice(0).map((waker) => waker.stop()));
  logger.warn.mockReset();
});

describe('waking held mail on a credit', () => {
  it('sweeps the credited user’s held mail when any process signals tokens added', async () => {
    const bus = new InProcessNotificationBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    await bus.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await vi.waitFor(() => expect(sweep.calls).toEqual(['user-1']));
    sweep.finish();
  });

  it('does not sweep on other signals', async () => {
    const bus = new InProcessNotificationBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    await bus.signal('session-ended', 'user-1');
    await bus.signal(TOKENS_ADDED_SIGNAL, 'user-2');
    await vi.waitFor(() => expect(sweep.calls).toEqual(['user-2']));
    sweep.finish();
  });

  it('runs one sweep per user at a time, and once more after it for the credits that came during it', async () => {
    const bus = new TestBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await vi.waitFor(() => expect(sweep.calls).toHaveLength(1));
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sweep.calls).toHaveLength(1);
    sweep.finish();
    await vi.waitFor(() => expect(sweep.calls).toEqual(['user-1', 'user-1']));
    sweep.finish();
    expect(sweep.maxRunning).toBe(1);
  });

  it('sweeps different users side by side', async () => {
    const bus = new TestBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-2');
    await vi.waitFor(() => expect(sweep.calls.sort()).toEqual(['user-1', 'user-2']));
    sweep.finish();
    sweep.finish();
  });

  it('sweeps everyone when signals may have been missed (the listening connection dropped)', async () => {
    const bus = new TestBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    bus.signals.reset();
    await vi.waitFor(() => expect(sweep.calls).toEqual([undefined]));
    sweep.finish();
  });

  it('logs a failed sweep and still wakes on the next credit', async () => {
    const bus = new TestBus();
    const sweep = new ControlledSweep();
    aWaker(bus, sweep);
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await vi.waitFor(() => expect(sweep.calls).toHaveLength(1));
    sweep.fail(new Error('the database is busy'));
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(1));
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await vi.waitFor(() => expect(sweep.calls).toHaveLength(2));
    sweep.finish();
  });

  it('stops waking once stopped, and lets a sweep under way finish', async () => {
    const bus = new TestBus();
    const sweep = new ControlledSweep();
    const waker = aWaker(bus, sweep);
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await vi.waitFor(() => expect(sweep.calls).toHaveLength(1));
    let stopped = false;
    const stopping = waker.stop().then(() => (stopped = true));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    sweep.finish();
    await stopping;
    bus.signals.signal(TOKENS_ADDED_SIGNAL, 'user-1');
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sweep.calls).toHaveLength(1);
  });
});
