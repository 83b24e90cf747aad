// The live-updates stream, GET /api/events (docs/api.md § Live updates). Each server-sent event has an
// `id`, an `event` name below and JSON `data`; comment lines (`: heartbeat`) keep the connection alive.
import { z } from 'zod/mini';
import { routeTable } from './route.js';

const empty = z.strictObject({});

/** Sent first on every connection: the stream is live (a tab stops its fallback poll). */
export const ReadyEvent = z.strictObject({ event: z.literal('ready'), data: empty });
export type ReadyEvent = { event: 'ready'; data: Record<string, never> };

/**
 * Notices may have been missed (the tab reconnected with `Last-Event-ID`, or the server's listener
 * reconnected): refetch everything the stream would have announced.
 */
export const ResyncEvent = z.strictObject({ event: z.literal('resync'), data: empty });
export type ResyncEvent = { event: 'resync'; data: Record<string, never> };

/** A mail of one of the user's documents arrived or changed status: its list, counts and details are stale. */
export const MailEvent = z.strictObject({ event: z.literal('mail'), data: z.strictObject({ documentId: z.string(), mailId: z.string() }) });
export type MailEvent = z.infer<typeof MailEvent>;

/** The user's token balance changed. */
export const BalanceEvent = z.strictObject({ event: z.literal('balance'), data: empty });
export type BalanceEvent = { event: 'balance'; data: Record<string, never> };

export const LiveEvent = z.discriminatedUnion('event', [ReadyEvent, ResyncEvent, MailEvent, BalanceEvent]);
export type LiveEvent = ReadyEvent | ResyncEvent | MailEvent | BalanceEvent;
export type LiveEventName = LiveEvent['event'];

export const eventRoutes = routeTable({
  liveEvents: { method: 'GET', path: '/api/events', auth: 'bearer', summary: 'The signed-in user\'s live updates, as server-sent events.', status: 200, answer: null, events: LiveEvent },
});
