// A test's tab on GET /api/events: reads the server-sent events as they come, parsed as the HTML standard
// says (id/event/data lines, comments, a blank line ends an event).

export interface ReceivedEvent {
  id: string | null;
  event: string;
  data: unknown;
  /** When it arrived (Date.now()), to measure how long a notice took. */
  at: number;
}

export interface OpenEventStream {
  status: number;
  headers: Headers;
  events: ReceivedEvent[];
  comments: string[];
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  isEnded(): boolean;
  close(): void;
}

export async function openEventStream(baseUrl: string, token: string | null, headers: Record<string, string> = {}): Promise<OpenEventStream> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: ReceivedEvent[] = [];
  const comments: string[] = [];
  let ended = false;
  const read = async () => {
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown, at: Date.now() });
        }
      }
    } catch {
      // Aborted by the test.
    }
  };
  const done = read().finally(() => {
    ended = true;
  });
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended: done,
    isEnded: () => ended,
    close: () => abort.abort(),
  };
}
