/**
 * A notice for one user's open tabs: "something you see changed". Domain-neutral: the module that
 * publishes names the event and its few fields; the stream forwards them.
 */
export interface UserNotice {
  userId: string;
  /** The event's name as the stream sends it (`mail`, `balance`). */
  event: string;
  data: Record<string, string | number | null>;
}

/** What a subscriber hears: notices, "you may have missed some" (resync), and the end of listening. */
export interface NoticeListener {
  notice(notice: UserNotice): void;
  /** Notices may have been lost (the listening connection dropped and came back): refetch everything. */
  resync(): void;
  /** Listening stopped for good (the process is shutting down). */
  closed(): void;
}

/** Hears the signals of one topic: each names a key whose cached copies are stale (a session ended). */
export interface SignalListener {
  signal(key: string): void;
  /** Signals may have been missed (the listening connection dropped): drop everything they guard. */
  reset(): void;
}

/**
 * Carries notices from the process that did the work to the processes whose http role holds the tabs.
 * Publishing never throws: a lost notice only delays an update until the next refetch.
 *
 * It also carries signals between the server's processes (never to a tab): "the cached copies of this
 * key are stale", so a short in-process cache can be dropped everywhere at once.
 */
export interface NotificationBus {
  /** Call after the change is committed, so a tab never refetches before the change is visible. */
  publish(notice: UserNotice): Promise<void>;
  subscribe(listener: NoticeListener): () => void;
  /** Starts receiving (the http role). Publishing works without it. */
  listen(): Promise<void>;
  /** Stops receiving and tells every subscriber (`closed`). */
  close(): Promise<void>;
  /** Tells every process's listeners of `topic`, this one's included. Call after the change is committed. */
  signal(topic: string, key: string): Promise<void>;
  onSignal(topic: string, listener: SignalListener): () => void;
  /**
   * True while this process hears every process's signals at once (listening, connected): only then may
   * a cache that signals invalidate be trusted.
   */
  hearsAllSignals(): boolean;
}

export const NOTIFICATION_BUS = Symbol('NotificationBus');

/** Subscribers and their fan-out, shared by the adapters. */
export class NoticeListeners {
  private readonly listeners = new Set<NoticeListener>();

  add(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notice(notice: UserNotice): void {
    for (const listener of [...this.listeners]) listener.notice(notice);
  }

  resync(): void {
    for (const listener of [...this.listeners]) listener.resync();
  }

  closed(): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    for (const listener of listeners) listener.closed();
  }
}

/** Signal listeners by topic, shared by the adapters. */
export class SignalListeners {
  private readonly byTopic = new Map<string, Set<SignalListener>>();

  add(topic: string, listener: SignalListener): () => void {
    const listeners = this.byTopic.get(topic) ?? new Set<SignalListener>();
    listeners.add(listener);
    this.byTopic.set(topic, listeners);
    return () => listeners.delete(listener);
  }

  signal(topic: string, key: string): void {
    for (const listener of [...(this.byTopic.get(topic) ?? [])]) listener.signal(key);
  }

  reset(): void {
    for (const listeners of this.byTopic.values()) for (const listener of [...listeners]) listener.reset();
  }
}

/**
 * A signal as it crosses the database: one channel carries notices and signals, told apart by shape.
 * `origin` names the sending bus, which delivered it to its own process already.
 */
export interface WireSignal {
  signal: string;
  key: string;
  origin?: string;
}

export function parseSignal(value: unknown): WireSignal | null {
  if (typeof value !== 'object' || value === null) return null;
  const { signal, key, origin } = value as Record<string, unknown>;
  if (typeof signal !== 'string' || typeof key !== 'string') return null;
  return typeof origin === 'string' ? { signal, key, origin } : { signal, key };
}

/** Accepts only the shape a publisher sends: the payload crossed the database, it is checked like input. */
export function parseNotice(payload: string): UserNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { userId, event, data } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof event !== 'string' || typeof data !== 'object' || data === null) return null;
  const fields: UserNotice['data'] = {};
  for (const [key, field] of Object.entries(data)) {
    if (typeof field === 'string' || typeof field === 'number' || field === null) fields[key] = field;
  }
  return { userId, event, data: fields };
}
