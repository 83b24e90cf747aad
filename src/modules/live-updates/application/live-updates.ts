import { inject, injectable } from 'tsyringe';
import { AppError, GenericErrors } from '../../../shared/app-error.js';
import { NOTICE_FEED, type Notice, type NoticeFeed } from './ports/notice-feed.port.js';

/** One open tab's stream, as the transport writes it. */
export interface Tab {
  send(event: string, data: Notice['data']): void;
  /** The server stops (or the session ended): the stream ends and the tab reconnects later. */
  end(): void;
}

/** One stream per tab; a few tabs are normal, dozens are a leak or abuse. */
export const MAX_STREAMS_PER_USER = 10;

/**
 * Fans the notices of all processes out to the open tabs of their user in this process. A tab only
 * ever hears its own user's notices. Registered once per container: it holds the tabs.
 */
@injectable()
export class LiveUpdates {
  private readonly tabs = new Map<string, Set<Tab>>();
  private unsubscribe: (() => void) | null = null;
  /** The feed closed (shutdown): a stream opened now would only hold the server open. */
  private stopped = false;

  constructor(@inject(NOTICE_FEED) private readonly feed: NoticeFeed) {}

  /** Opens a tab's stream; the returned function closes it. Over the limit: `RATE.LIMITED`. */
  open(userId: string, tab: Tab): () => void {
    const tabs = this.tabs.get(userId) ?? new Set<Tab>();
    if (tabs.size >= MAX_STREAMS_PER_USER) {
      throw new AppError(GenericErrors.RATE_LIMITED, `At most ${MAX_STREAMS_PER_USER} live update streams may be open at once; close a tab.`);
    }
    if (this.stopped) {
      tab.end();
      return () => undefined;
    }
    this.unsubscribe ??= this.feed.subscribe({
      notice: (notice) => this.deliver(notice),
      resync: () => this.each((each) => each.send('resync', {})),
      closed: () => this.endAll(),
    });
    tabs.add(tab);
    this.tabs.set(userId, tabs);
    return () => {
      tabs.delete(tab);
      if (tabs.size === 0 && this.tabs.get(userId) === tabs) this.tabs.delete(userId);
    };
  }

  /** Open streams, all users together (metrics, tests). */
  openStreams(): number {
    let count = 0;
    for (const tabs of this.tabs.values()) count += tabs.size;
    return count;
  }

  private deliver(notice: Notice): void {
    for (const tab of this.tabs.get(notice.userId) ?? []) tab.send(notice.event, notice.data);
  }

  private each(action: (tab: Tab) => void): void {
    for (const tabs of this.tabs.values()) for (const tab of [...tabs]) action(tab);
  }

  private endAll(): void {
    const all = [...this.tabs.values()].flatMap((tabs) => [...tabs]);
    this.tabs.clear();
    this.unsubscribe = null;
    this.stopped = true;
    for (const tab of all) tab.end();
  }
}
