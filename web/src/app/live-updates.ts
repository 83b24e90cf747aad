// Live updates for the signed-in app: reads GET /api/events and turns each notice into a refetch of
// exactly the cached server data it concerns (TanStack Query invalidation: the visible table page,
// sort and scroll stay, only the numbers change). While the stream is not live, the same data is
// polled gently instead; the poll stops as soon as the stream is back.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { documentKeys } from '@/features/documents/api/query-keys';
import { usageKeys } from '@/features/usage/api/query-keys';
import { reportReachable, reportUnreachable } from '@/components/ui/offline-banner/connection-store';
import { connectEventStream, type StreamEvent, type StreamState } from '@/lib/event-stream';
import { tokenStateKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-store';

import type { MailEvent } from '@contract/events';

/** The fallback poll's period while the stream is down. */
export const FALLBACK_POLL_MS = 15_000;

function isMailData(data: unknown): data is MailEvent['data'] {
  return typeof data === 'object' && data !== null && typeof (data as Record<string, unknown>)['documentId'] === 'string';
}

/** Everything a notice may have changed, for a resync and for the fallback poll. */
function refetchAll(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: documentKeys.all });
  void client.invalidateQueries({ queryKey: tokenStateKeys.all });
  void client.invalidateQueries({ queryKey: usageKeys.all });
}

export function applyLiveEvent(client: QueryClient, event: StreamEvent): void {
  switch (event.event) {
    case 'mail': {
      if (!isMailData(event.data)) return;
      const { documentId } = event.data;
      void client.invalidateQueries({ queryKey: documentKeys.receivedMails(documentId) });
      // The search across all documents (/dashboard/mail) may list it too.
      void client.invalidateQueries({ queryKey: documentKeys.allReceivedMails() });
      // The card counts (processed mails) and the details page's numbers.
      void client.invalidateQueries({ queryKey: documentKeys.list() });
      void client.invalidateQueries({ queryKey: documentKeys.details(documentId) });
      void client.invalidateQueries({ queryKey: usageKeys.all });
      // The held count (the token panel's alert and the banner): a mail was held or resumed.
      void client.invalidateQueries({ queryKey: tokenStateKeys.all });
      return;
    }
    case 'balance':
      void client.invalidateQueries({ queryKey: tokenStateKeys.all });
      return;
    case 'resync':
      refetchAll(client);
      return;
    default:
      return;
  }
}

/** Keeps one stream open per tab while signed in; a new token (refresh) reconnects, sign-out ends it. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  const token = useSession((state) => state.token);

  useEffect(() => {
    if (!token) return undefined;
    let poll: ReturnType<typeof setInterval> | null = null;
    const setPolling = (on: boolean) => {
      if (on && !poll) poll = setInterval(() => refetchAll(client), FALLBACK_POLL_MS);
      if (!on && poll) {
        clearInterval(poll);
        poll = null;
      }
    };
    // Polls from the start: the first answer (ready) stops it.
    setPolling(true);
    const disconnect = connectEventStream({
      url: '/api/events',
      token,
      onEvent: (event) => applyLiveEvent(client, event),
      // A refused token is the session's business: the poll's requests go through the API client,
      // whose session policy refreshes the token (which reconnects here) or signs out.
      onState: (state: StreamState) => setPolling(state !== 'live'),
      // The stream is the first to notice a server that went away (and came back): the offline banner.
      onConnection: (reachable) => (reachable ? reportReachable() : reportUnreachable()),
    });
    return () => {
      disconnect();
      setPolling(false);
    };
  }, [client, token]);
}
