import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentKeys } from '@/features/documents/api/query-keys';
import { tokenStateKeys } from '@/lib/query-keys';
import { useSession } from '@/lib/session-store';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { FALLBACK_POLL_MS, useLiveUpdates } from '../live-updates';

/** GET /api/events as a stream the test writes to and can end, as a dropped connection would. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const encoder = new TextEncoder();
  return {
    response: () =>
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      }),
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

/** The other calls go to the fake API; /api/events answers as `events` says (the fake fetch cannot stream). */
function routeEvents(events: () => Response | Promise<Response>) {
  installFakeFetch();
  const api = globalThis.fetch;
  const calls = { events: 0 };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(new Request(input, init).url, 'http://localhost').pathname !== '/api/events') return api(input, init);
    calls.events += 1;
    return Promise.resolve(events());
  });
  return calls;
}

/** A cache with the balance and the documents list in it; `stale()` tells whether a poll marked them for a refetch. */
function renderLiveUpdates() {
  const client = new QueryClient();
  client.setQueryData(tokenStateKeys.all, {});
  client.setQueryData(documentKeys.list(), []);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => useLiveUpdates(), { wrapper });
  const stale = () => client.getQueryState(tokenStateKeys.all)?.isInvalidated === true && client.getQueryState(documentKeys.list())?.isInvalidated === true;
  const fresh = () => {
    client.setQueryData(tokenStateKeys.all, {});
    client.setQueryData(documentKeys.list(), []);
  };
  return { ...view, stale, fresh };
}

describe('live updates without the event stream', () => {
  beforeEach(() => {
    // Only the poll's interval is faked: the stream's reads and reconnect timer run as they would.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    useSession.setState({ token: makeJwt() });
  });
  afterEach(() => vi.useRealTimers());

  it('polls the balance and the documents gently while the stream cannot be reached', async () => {
    const calls = routeEvents(() => new Response(null, { status: 503 }));
    const { stale, fresh, unmount } = renderLiveUpdates();
    await vi.waitFor(() => expect(calls.events).toBe(1));

    vi.advanceTimersToNextTimer();
    expect(stale()).toBe(true);
    fresh();
    // Gently: the next poll comes a whole period later.
    vi.advanceTimersByTime(FALLBACK_POLL_MS - 1);
    expect(stale()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(stale()).toBe(true);
    unmount();
  });

  it('polls when the server has no stream at all (404)', async () => {
    const calls = routeEvents(() => new Response(null, { status: 404 }));
    const { stale, unmount } = renderLiveUpdates();
    await vi.waitFor(() => expect(calls.events).toBe(1));

    vi.advanceTimersToNextTimer();
    expect(stale()).toBe(true);
    unmount();
  });

  it('stops polling once the stream is live, and polls again when it drops', async () => {
    const first = eventStream();
    const second = eventStream();
    const replies = [first.response(), second.response()];
    const calls = routeEvents(() => replies.shift() ?? new Response(null, { status: 503 }));
    const { stale, fresh, unmount } = renderLiveUpdates();
    expect(vi.getTimerCount()).toBe(1);
    first.push('id: 1\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(calls.events).toBe(1));
    // Live: the poll's timer is gone and time passes without a refetch.
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(0));
    fresh();
    vi.advanceTimersByTime(FALLBACK_POLL_MS * 3);
    expect(stale()).toBe(false);

    first.end();
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    vi.advanceTimersToNextTimer();
    expect(stale()).toBe(true);
    unmount();
  });
});
