import { createTransport } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import type { SmtpListenerOptions } from '../../../../src/modules/mail/infra/smtp/smtp-listener-options.js';
import type { RawSmtpClient } from '../../../support/smtp-client.js';
import { KNOWN, SENDER, useSmtpListenerHarness } from '../../../support/smtp-listener-harness.js';

/** The relay in these tests is 127.0.0.1; 127.0.0.2 is an ordinary (untrusted) peer. */
const RELAY = '127.0.0.1/32';

const harness = useSmtpListenerHarness();

const start = (overrides: Partial<SmtpListenerOptions> = {}) =>
  harness.start({ maxMessageBytes: 64 * 1024, limits: { connectionsPerIp: 2, messagesPerMinutePerIp: 3 }, trustedRelays: [RELAY], ...overrides }, [KNOWN]);
const relayConnection = (port: number) => harness.rawConnect(port);

/** A message as a relay passes it on: its own Received header on top, naming the client it came from. */
function relayed(client: string | null, subject: string): string {
  const received = client ? [`Received: from helo.example (unknown [${client}])`, '\tby mx.relay.test (Postfix) with ESMTP id 4Xy2'] : [];
  return [...received, `From: ${SENDER}`, `To: ${KNOWN}`, `Subject: ${subject}`, '', 'Hello.', ''].join('\r\n');
}

/** One transaction on an open connection; answers the reply to the end of DATA. */
async function transaction(client: RawSmtpClient, raw: string) {
  expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
  expect((await client.command(`RCPT TO:<${KNOWN}>`)).code).toBe(250);
  expect((await client.command('DATA')).code).toBe(354);
  client.write(`${raw}.\r\n`);
  return client.read();
}

describe('a trusted relay in front of the listener', () => {
  it('opens more connections than the per-IP limit', async () => {
    const { port } = await start();
    const greetings = await Promise.all([1, 2, 3, 4].map(async () => (await relayConnection(port)).greeting.code));
    expect(greetings).toEqual([220, 220, 220, 220]);
  });

  it('passes every client\'s mail up to each one\'s own limit, then refuses only the client over it with 451 and keeps the connection', async () => {
    const { port, intake } = await start();
    const { client } = await relayConnection(port);
    expect((await client.command('EHLO mx.relay.test')).code).toBe(250);

    const codes: number[] = [];
    for (const from of ['198.51.100.7', '198.51.100.8']) {
      for (let n = 0; n < 3; n += 1) codes.push((await transaction(client, relayed(from, `${from} #${n}`))).code);
    }
    expect(codes).toEqual([250, 250, 250, 250, 250, 250]);

    const over = await transaction(client, relayed('198.51.100.7', 'one too many'));
    expect(over.last).toBe('451 4.3.0 Rate limit exceeded for 198.51.100.7, try again later');
    expect((await transaction(client, relayed('2001:db8::9', 'another client'))).code).toBe(250);
    expect(intake.stored).toHaveLength(7);
    expect(intake.stored.map((s) => s.raw.toString())).not.toContain(relayed('198.51.100.7', 'one too many'));
  });

  it('lifts the limit for a relayed message whose client cannot be read', async () => {
    const { port, intake } = await start();
    const { client } = await relayConnection(port);
    expect((await client.command('EHLO mx.relay.test')).code).toBe(250);
    const codes: number[] = [];
    for (let n = 0; n < 5; n += 1) codes.push((await transaction(client, relayed(null, `no header #${n}`))).code);
    expect(codes).toEqual([250, 250, 250, 250, 250]);
    expect(intake.stored).toHaveLength(5);
  });

  it('does not close a relay\'s connection for unknown recipients: the relay answers its own clients', async () => {
    const { port } = await start({ maxUnknownRecipients: 2 });
    const { client } = await relayConnection(port);
    expect((await client.command('EHLO mx.relay.test')).code).toBe(250);
    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    for (let n = 0; n < 4; n += 1) expect((await client.command(`RCPT TO:<nobody-${n}@in.mailscribe.test>`)).code).toBe(550);
    expect((await client.command(`RCPT TO:<${KNOWN}>`)).code).toBe(250);
  });

  it('counts an untrusted peer by its own address, whatever Received header it writes', async () => {
    const { port, intake } = await start();
    const peer = createTransport({ host: '127.0.0.1', port, localAddress: '127.0.0.2', ignoreTLS: true, pool: true, maxConnections: 1 });
    try {
      const results: Array<number | string> = [];
      for (let n = 0; n < 4; n += 1) {
        const raw = relayed(`198.51.100.${n + 20}`, `forged #${n}`);
        results.push(
          await peer.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw }).then(
            () => 250,
            (err: { responseCode?: number }) => err.responseCode ?? 'no reply',
          ),
        );
      }
      expect(results).toEqual([250, 250, 250, 421]);
      expect(intake.stored.every((s) => s.envelope.remoteAddress === '127.0.0.2')).toBe(true);
    } finally {
      peer.close();
    }
  });
});
