import { PassThrough } from 'node:stream';
import type { ParameterizedContext } from 'koa';

/** What a tab is asked to wait before reconnecting after the stream dropped. */
const RECONNECT_AFTER_MS = 3_000;

/**
 * A server-sent events answer on a Koa context: the headers that keep proxies and the compressor from
 * buffering it, the socket kept open without an idle timeout, and event, comment and end writers.
 */
export class EventStream {
  private readonly body = new PassThrough();
  private ended = false;

  constructor(ctx: ParameterizedContext, private readonly nextId: () => number) {
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.req.socket.setKeepAlive(true);
    ctx.status = 200;
    ctx.body = this.body;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-cache, no-transform');
    // nginx and similar proxies pass the events through as they are written.
    ctx.set('X-Accel-Buffering', 'no');
    this.body.write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
  }

  /** One event; its id is monotonic in this process, enough for `Last-Event-ID` to mean "I missed some". */
  send(event: string, data: object): void {
    if (this.ended) return;
    this.body.write(`id: ${this.nextId()}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    if (!this.ended) this.body.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.body.end();
  }

  /** Runs once, when the stream ends from either side (the tab went away, or `end`). */
  onClose(action: () => void): void {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      action();
    };
    this.body.once('close', once);
    this.body.once('finish', once);
  }
}
