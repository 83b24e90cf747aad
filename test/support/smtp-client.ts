import { connect, type Socket } from 'node:net';

export interface SmtpReply {
  code: number;
  /** Each line without the `250-` / `250 ` prefix. */
  lines: string[];
  /** The last line as received, e.g. `550 5.1.1 <x@y.z>: no such mailbox`. */
  last: string;
}

/**
 * A bare SMTP client over a TCP socket, for protocol-level checks a real client would hide
 * (exact replies, what EHLO advertises, dropping the connection in the middle of DATA).
 */
export class RawSmtpClient {
  private buffer = '';
  private pendingLines: string[] = [];
  private readonly replies: SmtpReply[] = [];
  private readonly waiters: Array<{ resolve: (reply: SmtpReply) => void; reject: (err: Error) => void }> = [];
  private ended = false;
  /** Resolves once the server closed the connection (or it was destroyed). */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => this.onData(data));
    socket.on('error', () => undefined); // a reset after the server closed is expected in these tests
    this.closed = new Promise((resolve) => socket.once('close', () => {
      this.ended = true;
      for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('connection closed before a reply'));
      resolve();
    }));
  }

  /** Connects and reads the first reply (the 220 greeting, or a refusal such as 421). */
  static async connect(port: number, host = '127.0.0.1'): Promise<{ client: RawSmtpClient; greeting: SmtpReply }> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port, host }, () => {
        s.off('error', reject);
        resolve(s);
      });
      s.once('error', reject);
    });
    const client = new RawSmtpClient(socket);
    return { client, greeting: await client.read() };
  }

  /** Sends one command line and reads its reply. */
  command(line: string): Promise<SmtpReply> {
    this.write(`${line}\r\n`);
    return this.read();
  }

  write(data: string | Buffer): void {
    this.socket.write(data);
  }

  read(): Promise<SmtpReply> {
    const reply = this.replies.shift();
    if (reply) return Promise.resolve(reply);
    if (this.ended) return Promise.reject(new Error('connection closed before a reply'));
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /** EHLO, MAIL FROM and RCPT TO each expecting success; resolves with the EHLO reply. */
  async startTransaction(from: string, to: string[], helo = 'client.test'): Promise<SmtpReply> {
    const ehlo = await this.command(`EHLO ${helo}`);
    expectCode(ehlo, 250);
    expectCode(await this.command(`MAIL FROM:<${from}>`), 250);
    for (const rcpt of to) expectCode(await this.command(`RCPT TO:<${rcpt}>`), 250);
    return ehlo;
  }

  /** Abruptly drops the connection (no QUIT). */
  destroy(): void {
    this.socket.destroy();
  }

  async quit(): Promise<void> {
    if (!this.ended) {
      this.socket.write('QUIT\r\n');
      this.socket.end();
    }
    await this.closed;
  }

  private onData(data: string): void {
    this.buffer += data;
    let newline = this.buffer.indexOf('\r\n');
    while (newline >= 0) {
      const line = this.buffer.slice(0, newline);
      this.buffer = this.buffer.slice(newline + 2);
      this.onLine(line);
      newline = this.buffer.indexOf('\r\n');
    }
  }

  private onLine(line: string): void {
    this.pendingLines.push(line);
    if (line.charAt(3) === '-') return;
    const reply: SmtpReply = {
      code: Number(line.slice(0, 3)),
      lines: this.pendingLines.map((l) => l.slice(4)),
      last: line,
    };
    this.pendingLines = [];
    const waiter = this.waiters.shift();
    if (waiter) waiter.resolve(reply);
    else this.replies.push(reply);
  }
}

function expectCode(reply: SmtpReply, code: number): void {
  if (reply.code !== code) throw new Error(`expected ${code}, got: ${reply.last}`);
}
