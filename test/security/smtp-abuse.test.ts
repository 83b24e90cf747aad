import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SmtpListenerOptions } from '../../src/modules/mail/infra/smtp/smtp-listener-options.js';
import { FakeMailIntake } from '../support/fakes/fake-mail-intake.js';
import { SlowSmtpClient } from '../support/slow-smtp-client.js';
import { KNOWN, SENDER } from '../support/smtp-listener-harness.js';
import { RawSmtpClient } from '../support/smtp-client.js';
import { useSmtpListeners } from '../support/smtp-listeners.js';

const startListener = useSmtpListeners();
const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
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
  const listener = await startListener({ intake, maxMessageBytes: 64 * 1024, shutdownGraceMs: 100, ...overrides });
  return { intake, port: listener.port };
}

async function raw(port: number) {
  const connection = await RawSmtpClient.connect(port);
  cleanups.push(() => connection.client.destroy());
  return connection;
}

/** A slowloris client (SlowSmtpClient) the server greeted with 220; closed after the test. */
async function dribbler(port: number, localAddress: string, host = '127.0.0.1'): Promise<SlowSmtpClient> {
  const client = await held(port, localAddress, host);
  expect(client.replies[0]).toMatch(/^220 /);
  return client;
}

/** Connects and resolves with the first reply line (a greeting or a refusal), then closes. */
async function firstReply(port: number, localAddress: string): Promise<string> {
  const client = await held(port, localAddress);
  client.destroy();
  return client.replies[0] ?? '';
}

/** Connects, expects a refusal (not a 220) and resolves with it once the server closed. */
async function refusal(port: number, localAddress: string, host = '127.0.0.1'): Promise<string> {
  return (await held(port, localAddress, host)).untilClosed();
}

async function held(port: number, localAddress: string, host = '127.0.0.1'): Promise<SlowSmtpClient> {
  const client = await SlowSmtpClient.connect(port, localAddress, host);
  cleanups.push(() => client.destroy());
  return client;
}

describe('the SMTP listener under abuse', () => {
  it('closes 200 slowloris connections at the session deadline while a canary mail still gets 250', async () => {
    // The idle deadline outlasts the 1 s between bytes and the MAIL FROM one (30 s) the session one, so
    // only the session deadline can end them; 20 addresses in each of 10 /24s stay within the per-/24 cap.
    const { port, intake } = await start({ sessionTimeoutMs: 8_000, socketTimeoutMs: 3_000, mailFromTimeoutMs: 30_000, maxConnections: 250 });
    const dribblers = await Promise.all(
      Array.from({ length: 200 }, async (_, n) => {
        const client = await dribbler(port, `127.0.${10 + Math.floor(n / 20)}.${(n % 20) + 1}`);
        if (n % 2 === 1) await client.enterData(SENDER, KNOWN); // half hang in DATA, half in a command line
        client.dribble(1_000);
        return client;
      }),
    );

    const canary = createTransport({ host: '127.0.0.1', port, ignoreTLS: true });
    const info = await canary.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: 'Subject: canary\r\n\r\nStill here.\r\n' });
    expect(info.response).toMatch(/^250 /);
    expect(dribblers.filter((d) => d.closed)).toHaveLength(0);

    await vi.waitFor(() => expect(dribblers.filter((d) => !d.closed)).toHaveLength(0), { timeout: 30_000, interval: 250 });
    for (const client of dribblers) expect(client.lastReply).toBe('421 4.4.2 Session time limit reached, closing connection');
    expect(intake.stored.map((s) => s.raw.toString())).toEqual(['Subject: canary\r\n\r\nStill here.\r\n']);
  }, 60_000);

  it('closes a client that goes quiet in the middle of DATA with 421 at the idle deadline and stores nothing', async () => {
    const { port, intake } = await start({ socketTimeoutMs: 1_000 });
    const client = await dribbler(port, '127.0.0.1');
    await client.enterData(SENDER, KNOWN);
    await vi.waitFor(() => expect(client.closed).toBe(true), { timeout: 10_000 });
    expect(client.lastReply).toBe('421 4.4.2 Timeout - closing connection');
    expect(intake.calls).toBe(0);
  });

  it('closes a client that sends no command at the idle deadline', async () => {
    const { port } = await start({ socketTimeoutMs: 1_000 });
    const client = await dribbler(port, '127.0.0.1');
    await vi.waitFor(() => expect(client.closed).toBe(true), { timeout: 10_000 });
    expect(client.lastReply).toBe('421 4.4.2 Timeout - closing connection');
  });

  it('refuses a connection past the process-wide cap with 421, whatever its address, and admits again once one closes', async () => {
    const { port } = await start({ maxConnections: 3 });
    const open = await Promise.all(['127.0.2.1', '127.0.2.2', '127.0.2.3'].map((address) => dribbler(port, address)));
    expect((await raw(port)).greeting.last).toBe('421 in.mailscribe.test Too many connected clients, try again in a moment');

    open[0]?.destroy();
    await vi.waitFor(async () => expect((await raw(port)).greeting.code).toBe(220));
  });

  it('closes a connection that dribbles bytes but sends no MAIL FROM with 421 4.4.2 at the MAIL FROM deadline', async () => {
    // The idle and session deadlines are far off: only the MAIL FROM deadline can end it.
    const { port, intake } = await start({ mailFromTimeoutMs: 1_000, socketTimeoutMs: 30_000, sessionTimeoutMs: 40_000 });
    const client = await dribbler(port, '127.0.4.1');
    client.send('EHLO slow.test\r\n');
    client.dribble(100);
    await vi.waitFor(() => expect(client.closed).toBe(true), { timeout: 10_000, interval: 50 });
    expect(client.lastReply).toBe('421 4.4.2 No MAIL FROM in time, closing connection');
    expect(intake.lookups).toBe(0);
  });

  it('lets a connection that reached MAIL FROM in time finish its message after that deadline passed', async () => {
    const { port, intake } = await start({ mailFromTimeoutMs: 1_000, socketTimeoutMs: 30_000 });
    const { client } = await raw(port);
    expect((await client.command('EHLO honest.test')).code).toBe(250);
    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    // Opened after the honest client, so its deadline passes after the honest client's would have.
    const late = await dribbler(port, '127.0.4.2');
    await vi.waitFor(() => expect(late.closed).toBe(true), { timeout: 10_000, interval: 50 });
    expect(late.lastReply).toBe('421 4.4.2 No MAIL FROM in time, closing connection');
    expect((await client.command(`RCPT TO:<${KNOWN}>`)).code).toBe(250);
    expect((await client.command('DATA')).code).toBe(354);
    expect((await client.command('Subject: in time\r\n\r\nHello.\r\n.')).code).toBe(250);
    expect(intake.stored).toHaveLength(1);
  });

  it('caps connections per IPv4 /24 with 421 4.7.0, whatever the addresses inside it, and admits another /24', async () => {
    const { port } = await start({ limits: { connectionsPerIp: 10, messagesPerMinutePerIp: 60 }, connectionsPerNetwork: { ipv4Slash24: 3, ipv6Slash64: 3 } });
    const held = await Promise.all(['127.0.5.1', '127.0.5.2', '127.0.5.3'].map((address) => dribbler(port, address)));
    const refused = await refusal(port, '127.0.5.4');
    expect(refused).toBe('421 4.7.0 Too many connections from your network, try again later');
    await dribbler(port, '127.0.6.1');
    held[0]?.destroy();
    await vi.waitFor(async () => expect((await firstReply(port, '127.0.5.4'))).toMatch(/^220 /));
  });

  it('caps connections per IPv6 /64 with 421 4.7.0 (over ::1)', async () => {
    const { port } = await start({ host: '::1', connectionsPerNetwork: { ipv4Slash24: 25, ipv6Slash64: 2 } });
    await dribbler(port, '::1', '::1');
    await dribbler(port, '::1', '::1');
    expect(await refusal(port, '::1', '::1')).toBe('421 4.7.0 Too many connections from your network, try again later');
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
