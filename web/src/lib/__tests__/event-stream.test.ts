import { describe, expect, it, vi } from 'vitest';
import { connectEventStream, parseEventBlock, type StreamEvent, type StreamState } from '../event-stream';

/** A streamed answer whose chunks the test pushes; `end` closes it as a dropped connection would. */
function streamedReply() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    push: (text: string) => controller?.enqueue(encoder.encode(text)),
    end: () => controller?.close(),
  };
}

function recorder() {
  const events: StreamEvent[] = [];
  const states: StreamState[] = [];
  return { events, states, onEvent: (event: StreamEvent) => events.push(event), onState: (state: StreamState) => states.push(state) };
}

describe('event stream reader', () => {
  it('parses id, event and JSON data, and skips comments', () => {
    expect(parseEventBlock('id: 7\nevent: mail\ndata: {"documentId":"d1"}')).toEqual({ id: '7', event: 'mail', data: { documentId: 'd1' } });
    expect(parseEventBlock(': heartbeat')).toBeNull();
  });

  it('sends the bearer, delivers events split across chunks and says live on ready', async () => {
    const reply = streamedReply();
    const fetch = vi.fn(() => Promise.resolve(reply.response));
    const seen = recorder();
    const stop = connectEventStream({ url: '/api/events', token: 'tok', fetch, ...seen });
    reply.push('retry: 3000\n\nid: 1\nevent: ready\ndata: {}\n\n: heartbeat\n\nid: 2\nevent: mail\nda');
    reply.push('ta: {"documentId":"d1","mailId":"m1"}\n\n');
    await vi.waitFor(() => expect(seen.events.map((event) => event.event)).toEqual(['ready', 'mail']));
    expect(seen.events[1]?.data).toEqual({ documentId: 'd1', mailId: 'm1' });
    expect(seen.states).toEqual(['live']);
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>)['Authorization']).toBe('Bearer tok');
    stop();
  });

  it('reconnects after a drop with the last event id, and says down meanwhile', async () => {
    const first = streamedReply();
    const second = streamedReply();
    const fetch = vi.fn().mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const seen = recorder();
    const stop = connectEventStream({ url: '/api/events', token: 'tok', fetch, retryMs: 1, ...seen });
    first.push('id: 5\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(seen.states).toEqual(['live']));
    first.end();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const init = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>)['Last-Event-ID']).toBe('5');
    second.push('id: 9\nevent: ready\ndata: {}\n\nid: 10\nevent: resync\ndata: {}\n\n');
    await vi.waitFor(() => expect(seen.states).toEqual(['live', 'down', 'live']));
    expect(seen.events.map((event) => event.event)).toEqual(['ready', 'ready', 'resync']);
    stop();
  });

  it('stops on 401 and leaves the session to the API client', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 401 })));
    const seen = recorder();
    connectEventStream({ url: '/api/events', token: 'old', fetch, retryMs: 1, ...seen });
    await vi.waitFor(() => expect(seen.states).toEqual(['unauthorized']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('says the server is unreachable when a connection fails or a gateway answers 502, and reachable when it answers', async () => {
    const reply = streamedReply();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(null, { status: 502 }))
      .mockResolvedValueOnce(reply.response);
    const connection: boolean[] = [];
    const seen = recorder();
    const stop = connectEventStream({ url: '/api/events', token: 'tok', fetch, retryMs: 1, maxRetryMs: 1, onConnection: (reachable) => connection.push(reachable), ...seen });
    await vi.waitFor(() => expect(connection).toEqual([false, false, true]));
    reply.push('id: 1\nevent: ready\ndata: {}\n\n');
    await vi.waitFor(() => expect(seen.states.at(-1)).toBe('live'));
    stop();
  });
});
