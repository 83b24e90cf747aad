import { connect, type Socket } from 'node:net';
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSmtpListener, type SmtpListener, type SmtpListenerOptions } from '../../src/modules/mail/infra/smtp/smtp.listener.js';
import { FakeMailIntake } from '../integration/mail/smtp/fake-mail-intake.js';
import { RawSmtpClient } from '../support/smtp-client.js';

const KNOWN = 'invoices-7f3k2@in.mailscribe.test';
const SENDER = 'alice@example.com';

const listeners: SmtpListener[] = [];
const cleanups: Array<() => void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

/** Counts recipient lookups: each one is a database query in the real intake. */
class CountingIntake extends FakeMailIntake {
  lookups = 0;
  override resolveRecipient(address: string) {
    this.lookups += 1;
    return super.resolveRecipient(address);
  }
}

async function start(overrides: Partial<SmtpListenerOptions>) {
  const intake = new CountingIntake([KNOWN]);
  const listener = await startSmtpListener({
    intake,
    host: '127.0.0.1',
    port: 0,
    hostname: 'in.mailscribe.test',
    maxMessageBytes: 64 * 1024,
    shutdownGraceMs: 100,
    logger: pino({ level: 'silent' }),
    ...overrides,
  });
  listeners.push(listener);
  return { intake, port: listener.port };
}

async function raw(port: number) {
  const connection = await RawSmtpClient.connect(port);
  cleanups.push(() => connection.client.destroy());
  return connection;
}

/**
 * A slowloris client from its own loopback address: gets the greeting, optionally opens a transaction
 * and starts DATA, then sends one byte every `everyMs` and never finishes a line.
 */
class Dribbler {
  readonly replies: string[] = [];
  closed = false;
  private timer: NodeJS.Timeout | null = null;
  private buffer = '';

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

  static async open(port: number, localAddress: string): Promise<Dribbler> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(s));
      s.once('error', reject);
    });
    const dribbler = new Dribbler(socket);
    cleanups.push(() => socket.destroy());
    await vi.waitFor(() => expect(dribbler.replies[0]).toMatch(/^220 /), { timeout: 10_000 });
    return dribbler;
  }

  /** EHLO, MAIL FROM, RCPT TO and DATA pipelined at once; resolves on the 354. */
  async enterData(): Promise<void> {
    this.socket.write(`EHLO slow.test\r\nMAIL FROM:<${SENDER}>\r\nRCPT TO:<${KNOWN}>\r\nDATA\r\n`);
    await vi.waitFor(() => expect(this.replies.some((line) => line.startsWith('354'))).toBe(true), { timeout: 10_000 });
    this.socket.write('Subject: slow\r\n\r\n');
  }

  dribble(everyMs: number): void {
    this.timer = setInterval(() => this.socket.write('x'), everyMs);
  }

  destroy(): void {
    this.socket.destroy();
  }

  get lastReply(): string {
    return this.replies[this.replies.length - 1] ?? '';
  }
}

describe('the SMTP listener under abuse', () => {
  it('closes 200 slowloris connections at the session deadline while a canary mail still gets 250', async () => {
    // The idle deadline is longer than the 2 s between bytes, so only the session deadline can end them.
    const { port, intake } = await start({ sessionTimeoutMs: 15_000, socketTimeoutMs: 5_000, maxConnections: 250 });
    const dribblers = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const dribbler = await Dribbler.open(port, `127.0.1.${n + 1}`);
        if (n % 2 === 1) await dribbler.enterData(); // half hang in DATA, half in a command line
        dribbler.dribble(2_000);
        return dribbler;
      }),
    );

    const canary = createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
    const info = await canary.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: 'Subject: canary\r\n\r\nStill here.\r\n' });
    expect(info.response).toMatch(/^250 /);
    expect(dribblers.filter((d) => d.closed)).toHaveLength(0);

    await vi.waitFor(() => expect(dribblers.filter((d) => !d.closed)).toHaveLength(0), { timeout: 30_000, interval: 250 });
    for (const dribbler of dribblers) expect(dribbler.lastReply).toBe('421 4.4.2 Session time limit reached, closing connection');
    expect(intake.stored.map((s) => s.raw.toString())).toEqual(['Subject: canary\r\n\r\nStill here.\r\n']);
  }, 60_000);

  it('closes a client that goes quiet in the middle of DATA with 421 at the idle deadline and stores nothing', async () => {
    const { port, intake } = await start({ socketTimeoutMs: 1_000 });
    const dribbler = await Dribbler.open(port, '127.0.0.1');
    await dribbler.enterData();
    await vi.waitFor(() => expect(dribbler.closed).toBe(true), { timeout: 10_000 });
    expect(dribbler.lastReply).toBe('421 4.4.2 Timeout - closing connection');
    expect(intake.calls).toBe(0);
  });

  it('closes a client that sends no command at the idle deadline', async () => {
    const { port } = await start({ socketTimeoutMs: 1_000 });
    const dribbler = await Dribbler.open(port, '127.0.0.1');
    await vi.waitFor(() => expect(dribbler.closed).toBe(true), { timeout: 10_000 });
    expect(dribbler.lastReply).toBe('421 4.4.2 Timeout - closing connection');
  });

  it('refuses a connection past the process-wide cap with 421, whatever its address, and admits again once one closes', async () => {
    const { port } = await start({ maxConnections: 3 });
    const open = await Promise.all(['127.0.2.1', '127.0.2.2', '127.0.2.3'].map((address) => Dribbler.open(port, address)));
    expect((await raw(port)).greeting.last).toBe('421 in.mailscribe.test Too many connected clients, try again in a moment');

    open[0]?.destroy();
    await vi.waitFor(async () => expect((await raw(port)).greeting.code).toBe(220));
  });

  it('answers the fifth unknown recipient on a connection with 550 5.1.1, then 421 and closes, so no sixth lookup is made', async () => {
    const { port, intake } = await start({});
    const { client } = await raw(port);
    expect((await client.command('EHLO probe.test')).code).toBe(250);
    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    for (let n = 1; n <= 4; n += 1) expect((await client.command(`RCPT TO:<guess-${n}@in.mailscribe.test>`)).code).toBe(550);
    expect((await client.command('RCPT TO:<guess-5@in.mailscribe.test>')).last).toBe('550 5.1.1 <guess-5@in.mailscribe.test>: no such mailbox');
    expect((await client.read()).last).toBe('421 4.4.2 Too many unknown recipients, closing connection');
    await client.closed;
    expect(intake.lookups).toBe(5);
  });
});
