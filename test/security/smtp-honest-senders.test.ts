import { randomUUID } from 'node:crypto';
import { createTransport } from 'nodemailer';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CreateDocument } from '../../src/modules/documents/application/create-document.use-case.js';
import { ReceiveMail } from '../../src/modules/mail/index.js';
import { smtpLimitsOf } from '../../src/modules/mail/infra/smtp/smtp-listener-options.js';
import { SlowSmtpClient } from '../support/slow-smtp-client.js';
import { databaseKinds } from '../support/test-database.js';
import { aUser } from '../support/users.js';
import { useTestApp } from '../support/use-test-app.js';
import { useSmtpListeners } from '../support/smtp-listeners.js';

const SENDER = 'ada@example.com';
/** The operator's default caps, written out so the attack below stays sized to them. */
const SETTINGS = {
  SMTP_MAX_CONNECTIONS: '500',
  SMTP_RESERVED_CONNECTIONS_PERCENT: '10',
  SMTP_MAX_CONNECTIONS_PER_IP: '10',
  SMTP_MAX_CONNECTIONS_PER_IPV4_24: '25',
  // The slow clients must still hold their slots when the honest senders come: the deadlines that end
  // them (smtp-abuse.test.ts) are far off here.
  SMTP_MAIL_FROM_TIMEOUT_SECONDS: '300',
  SMTP_IDLE_TIMEOUT_SECONDS: '300',
};
const SLOW_CONNECTIONS = 500;
const SLOW_ADDRESSES = 50;
/**
 * Slow clients connecting at once: fewer than the 50 reserved slots, so the hard cap of 500 is never hit;
 * as many as that allows, since each batch waits for its greetings.
 */
const BATCH = 40;

/** A client from its own loopback address that holds its connection, sending a byte now and then and never a command. */
async function slowClient(port: number, localAddress: string): Promise<SlowSmtpClient> {
  const client = await SlowSmtpClient.connect(port, localAddress);
  if (client.admitted) client.dribble(1_000);
  return client;
}

describe.each(databaseKinds())('honest senders while slow clients crowd the SMTP listener (%s)', (kind) => {
  const { app, database } = useTestApp(kind, { env: SETTINGS });
  let ownerId: string;
  const startListener = useSmtpListeners();
  const slowClients: SlowSmtpClient[] = [];

  beforeAll(async () => {
    ownerId = await aUser(database.db, 'owner@example.com');
  });
  afterEach(() => {
    for (const client of slowClients.splice(0)) client.destroy();
  });

  /** A listener on the real intake, limited as the operator's settings say. */
  async function listener(): Promise<number> {
    const started = await startListener({
      intake: app.container.resolve(ReceiveMail),
      hostname: app.config.INBOUND_DOMAIN,
      maxMessageBytes: app.config.MAX_MESSAGE_BYTES,
      shutdownGraceMs: 100,
      ...smtpLimitsOf(app.config),
    });
    return started.port;
  }

  async function aForwardAddress(): Promise<{ documentId: string; forwardEmail: string }> {
    const document = await app.container
      .resolve(CreateDocument)
      .execute({ ownerId, documentId: randomUUID(), name: 'Crowded', description: '', allowedEmails: [SENDER] });
    return { documentId: document.id, forwardEmail: document.forwardEmail };
  }

  /** One message from `localAddress`; resolves with the final reply (250 …) or rejects with the refusal. */
  async function deliver(port: number, localAddress: string, to: string, subject: string): Promise<string> {
    const transport = createTransport({ host: '127.0.0.1', port, localAddress, ignoreTLS: true, connectionTimeout: 10_000, greetingTimeout: 10_000 });
    try {
      const info = await transport.sendMail({ envelope: { from: SENDER, to: [to] }, raw: `From: ${SENDER}\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nStill getting through.\r\n` });
      return info.response;
    } finally {
      transport.close();
    }
  }

  /** `SLOW_CONNECTIONS` from `SLOW_ADDRESSES` addresses, `BATCH` at a time; each batch waits for its first replies. */
  async function crowd(port: number, addressOf: (n: number) => string): Promise<SlowSmtpClient[]> {
    const attempts = Array.from({ length: SLOW_CONNECTIONS }, (_, n) => addressOf(n % SLOW_ADDRESSES));
    for (let start = 0; start < attempts.length; start += BATCH) {
      const batch = await Promise.all(attempts.slice(start, start + BATCH).map((address) => slowClient(port, address)));
      slowClients.push(...batch);
    }
    return slowClients;
  }

  const stored = async (documentId: string): Promise<number> =>
    Number(((await database.db('inbound_messages').where({ document_id: documentId }).count({ n: '*' }).first()) as { n: number | string }).n);

  it('serves a peer that delivered before and a new peer from a fresh /24 while 500 slow connections from 50 addresses in two /24s press against a cap of 500 (25 per /24)', async () => {
    const port = await listener();
    const { documentId, forwardEmail } = await aForwardAddress();
    expect(await deliver(port, '127.0.200.1', forwardEmail, 'before')).toMatch(/^250 /);

    // 127.0.10.1–25 and 127.0.11.1–25, ten connections each.
    const clients = await crowd(port, (n) => `127.0.${10 + (n % 2)}.${Math.floor(n / 2) + 1}`);
    const held = clients.filter((client) => client.admitted);
    expect(held).toHaveLength(50);
    expect(new Set(clients.filter((client) => !client.admitted).map((client) => client.replies[0]))).toEqual(
      new Set(['421 4.7.0 Too many connections from your network, try again later']),
    );

    expect(await deliver(port, '127.0.200.1', forwardEmail, 'known peer')).toMatch(/^250 /);
    expect(await deliver(port, '127.0.201.1', forwardEmail, 'new peer')).toMatch(/^250 /);
    expect(await stored(documentId)).toBe(3);
    expect(held.filter((client) => client.closed)).toHaveLength(0);
  });

  it('keeps 50 of 500 connections for a peer that delivered before while 500 slow connections from 50 addresses in 50 /24s take the other 450; a stranger gets 421 4.3.2', async () => {
    const port = await listener();
    const { documentId, forwardEmail } = await aForwardAddress();
    expect(await deliver(port, '127.0.202.1', forwardEmail, 'before')).toMatch(/^250 /);

    // 127.0.20.1 … 127.0.69.1, ten connections each: no address or /24 cap binds.
    const clients = await crowd(port, (n) => `127.0.${20 + n}.1`);
    const held = clients.filter((client) => client.admitted);
    expect(held).toHaveLength(450);
    expect(new Set(clients.filter((client) => !client.admitted).map((client) => client.replies[0]))).toEqual(
      new Set(['421 4.3.2 Too busy, try again later']),
    );

    // Another address of the /24 that delivered: the record is per network.
    expect(await deliver(port, '127.0.202.7', forwardEmail, 'known peer')).toMatch(/^250 /);
    await expect(deliver(port, '127.0.203.1', forwardEmail, 'stranger')).rejects.toThrow(/421 4\.3\.2 Too busy/);
    expect(await stored(documentId)).toBe(2);
    expect(held.filter((client) => client.closed)).toHaveLength(0);
  });
});
