// The live-updates stream, GET /api/events (docs/api.md § Live updates). Each server-sent event has an
// `id`, an `event` name below and JSON `data`; comment lines (`: heartbeat`) keep the connection alive.

/** Sent first on every connection: the stream is live (a tab stops its fallback poll). */
export type ReadyEvent = { event: 'ready'; data: Record<string, never> };

/**
 * Notices may have been missed (the tab reconnected with `Last-Event-ID`, or the server's listener
 * reconnected): refetch everything the stream would have announced.
 */
export type ResyncEvent = { event: 'resync'; data: Record<string, never> };

/** A mail of one of the user's documents arrived or changed status: its list, counts and details are stale. */
export type MailEvent = { event: 'mail'; data: { documentId: string; mailId: string } };

/** The user's token balance changed. */
export type BalanceEvent = { event: 'balance'; data: Record<string, never> };

export type LiveEvent = ReadyEvent | ResyncEvent | MailEvent | BalanceEvent;
export type LiveEventName = LiveEvent['event'];
