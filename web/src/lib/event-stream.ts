// A server-sent events reader over fetch. EventSource cannot send an Authorization header and the app's
// session is a bearer token (no cookie), so the stream is read with fetch like every other call: no
// token in the URL (where logs and history would keep it), no second credential to issue.
//
// It reconnects after a drop with the last event id (`Last-Event-ID`), waiting a little longer each
// time, and reports whether the stream is live so the app can poll while it is not.

export type StreamEvent = { id: string | null; event: string; data: unknown };

export type StreamState =
  /** The server said `ready`: events flow. */
  | 'live'
  /** Not connected (yet, or any more); a reconnect is scheduled. */
  | 'down'
  /** The server refused the token (401): no retry until the caller connects again with another one. */
  | 'unauthorized'
  /** The server has no stream (404): no retry. */
  | 'unavailable';

export type EventStreamOptions = {
  url: string;
  token: string;
  onEvent: (event: StreamEvent) => void;
  onState: (state: StreamState) => void;
  /**
   * Whether each connection attempt reached the server: false for a network error or a gateway's
   * 502/503/504, true for any answer of the server itself (the offline banner).
   */
  onConnection?: (reachable: boolean) => void;
  fetch?: typeof globalThis.fetch;
  /** The first reconnect waits this long, each further one twice as long, up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
};

/** Parses one event block (lines up to a blank line); comments (heartbeats) give null. */
export function parseEventBlock(block: string): StreamEvent | null {
  let id: string | null = null;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  try {
    return { id, event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return null;
  }
}

/** Connects and keeps connecting until the returned function is called (sign-out, token change). */
export function connectEventStream(options: EventStreamOptions): () => void {
  const { url, token, onEvent, onState } = options;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const firstRetry = options.retryMs ?? 3_000;
  const maxRetry = options.maxRetryMs ?? 30_000;
  const abort = new AbortController();
  let lastId: string | null = null;
  let retry = firstRetry;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const readOnce = async (): Promise<'retry' | 'stop'> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
    if (lastId !== null) headers['Last-Event-ID'] = lastId;
    let response: Response;
    try {
      response = await doFetch(url, { headers, signal: abort.signal, cache: 'no-store' });
    } catch (error) {
      if (!abort.signal.aborted) options.onConnection?.(false);
      throw error;
    }
    options.onConnection?.(![502, 503, 504].includes(response.status));
    if (response.status === 401) {
      onState('unauthorized');
      return 'stop';
    }
    if (response.status === 404) {
      onState('unavailable');
      return 'stop';
    }
    if (!response.ok || !response.body) return 'retry';
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'retry';
      buffer += value;
      let end: number;
      while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
        const event = parseEventBlock(block);
        if (!event) continue;
        if (event.id !== null) lastId = event.id;
        if (event.event === 'ready') {
          retry = firstRetry;
          onState('live');
        }
        onEvent(event);
      }
    }
  };

  const run = () => {
    readOnce()
      .catch(() => 'retry' as const)
      .then((next) => {
        if (abort.signal.aborted || next === 'stop') return;
        onState('down');
        timer = setTimeout(run, retry);
        retry = Math.min(retry * 2, maxRetry);
      })
      .catch(() => undefined);
  };
  run();

  return () => {
    abort.abort();
    if (timer) clearTimeout(timer);
  };
}
