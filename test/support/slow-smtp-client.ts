import { connect, type Socket } from 'node:net';
import { expect, vi } from 'vitest';

/**
 * A raw SMTP connection from a loopback address of its own, for the abuse tests: it collects the
 * server's reply lines and can hold the connection open by sending one byte now and then, never
 * finishing a line (a slowloris client).
 */
export class SlowSmtpClient {
  readonly replies: string[] = [];
  closed = false;
  private buffer = '';
  private timer: NodeJS.Timeout | null = null;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => {
      this.buffer += data;
      const lines = this.buffer.split('\r\n');
      this.buffer = lines.pop() ?? '';
      this.replies.push(...lines);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      if (this.timer) clearInterval(this.timer);
    });
  }

  /** Connects from `localAddress` and resolves once the first reply is in: the greeting or a refusal. */
  static async connect(port: number, localAddress: string, host = '127.0.0.1'): Promise<SlowSmtpClient> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port, host, localAddress }, () => resolve(s));
      s.once('error', reject);
    });
    const client = new SlowSmtpClient(socket);
    await vi.waitFor(() => expect(client.replies[0]).toBeDefined(), { timeout: 10_000, interval: 20 });
    return client;
  }

  /** The server greeted it (220) rather than refusing it. */
  get admitted(): boolean {
    return this.replies[0]?.startsWith('220 ') ?? false;
  }

  get lastReply(): string {
    return this.replies[this.replies.length - 1] ?? '';
  }

  /** EHLO, MAIL FROM, RCPT TO and DATA pipelined at once; resolves on the 354, then sends the headers. */
  async enterData(sender: string, recipient: string): Promise<void> {
    this.socket.write(`EHLO slow.test\r\nMAIL FROM:<${sender}>\r\nRCPT TO:<${recipient}>\r\nDATA\r\n`);
    await vi.waitFor(() => expect(this.replies.some((line) => line.startsWith('354'))).toBe(true), { timeout: 10_000 });
    this.socket.write('Subject: slow\r\n\r\n');
  }

  send(data: string): void {
    this.socket.write(data);
  }

  /** Sends one byte every `everyMs` until the connection closes. */
  dribble(everyMs: number): void {
    this.timer = setInterval(() => this.socket.write('x'), everyMs);
  }

  /** Resolves with everything the server said once it closed the connection. */
  async untilClosed(): Promise<string> {
    await vi.waitFor(() => expect(this.closed).toBe(true), { timeout: 10_000, interval: 20 });
    return this.replies.join('\n');
  }

  destroy(): void {
    this.socket.destroy();
  }
}
