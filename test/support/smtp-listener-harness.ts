// The real SMTP listener in front of a FakeMailIntake, for the listener's own tests: its log lines
// captured, bare clients and senders to talk to it, and a sample message.
import { createTransport } from 'nodemailer';
import { pino } from 'pino';
import { afterEach } from 'vitest';
import type { SmtpListenerOptions } from '../../src/modules/mail/infra/smtp/smtp-listener-options.js';
import { FakeMailIntake } from './fakes/fake-mail-intake.js';
import { RawSmtpClient } from './smtp-client.js';
import { useSmtpListeners } from './smtp-listeners.js';

export const KNOWN = 'invoices-7f3k2@in.mailscribe.test';
export const OTHER = 'notes-9q8w7@in.mailscribe.test';
export const UNKNOWN = 'nobody@in.mailscribe.test';
export const SENDER = 'alice@example.com';
export const CAP = 1024;

export type LogLine = Record<string, unknown>;

/**
 * For a test file: `start` starts a listener whose intake knows `known` and whose log (debug and up) is
 * collected in `logs`; `rawConnect` opens a bare client. After each test the clients are destroyed, then
 * the listeners closed.
 */
export function useSmtpListenerHarness() {
  const startListener = useSmtpListeners();
  const rawClients: RawSmtpClient[] = [];

  afterEach(() => {
    for (const client of rawClients.splice(0)) client.destroy();
  });

  async function start(overrides: Partial<SmtpListenerOptions> = {}, known: string[] = [KNOWN, OTHER]) {
    const intake = new FakeMailIntake(known);
    const logs: LogLine[] = [];
    const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
    const listener = await startListener({ intake, maxMessageBytes: CAP, logger, ...overrides });
    return { listener, intake, logs, port: listener.port };
  }

  async function rawConnect(port: number) {
    const connection = await RawSmtpClient.connect(port);
    rawClients.push(connection.client);
    return connection;
  }

  return { start, rawConnect };
}

/** A sending server's nodemailer transport to `port` (HELO sender.test), STARTTLS only when required. */
export function sender(port: number, extra: { requireTLS?: boolean } = {}) {
  return createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: !extra.requireTLS,
    requireTLS: extra.requireTLS ?? false,
    tls: { rejectUnauthorized: false },
    name: 'sender.test',
  });
}

/** A message with CRLF line ends, non-ASCII bytes and a line starting with a dot (dot-stuffed on the wire). */
export function message(subject: string, body = 'Please pay by Friday.'): Buffer {
  return Buffer.from(
    [
      `From: Alice <${SENDER}>`,
      `To: ${KNOWN}`,
      `Subject: ${subject}`,
      'Message-ID: <m1@example.com>',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '.a line that starts with a dot',
      'Grüße, Alice',
      '',
    ].join('\r\n'),
    'utf8',
  );
}

/** The log lines whose msg is `msg`. */
export function logsWith(logs: LogLine[], msg: string): LogLine[] {
  return logs.filter((l) => l.msg === msg);
}
