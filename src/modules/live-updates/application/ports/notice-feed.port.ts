/** A notice for one user's tabs, as published by the module that changed something. */
export interface Notice {
  userId: string;
  event: string;
  data: Record<string, string | number | null>;
}

export interface NoticeSubscriber {
  notice(notice: Notice): void;
  /** Notices may have been missed: every tab should refetch. */
  resync(): void;
  /** No more notices will come (shutdown): end every stream. */
  closed(): void;
}

/** Where notices come from: every process's changes, whichever process made them. */
export interface NoticeFeed {
  subscribe(subscriber: NoticeSubscriber): () => void;
}

export const NOTICE_FEED = Symbol('NoticeFeed');
