import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpOutboundMail } from '../../../src/modules/notifications/infra/smtp.outbound-mail.js';

interface Received {
  from: string;
  to: string[];
  auth: { username: string; password: string } | null;
  mail: ParsedMail;
}

/** A real SMTP server on an ephemeral port that keeps what it accepts, and can refuse. */
async function startServer(options: { refuse?: boolean; auth?: boolean } = {}) {
  const received: Received[] = [];
  let auth: Received['auth'] = null;
  const server = new SMTPServer({
    authOptional: !options.auth,
    disabledCommands: ['STARTTLS'],
    onAuth(credentials, _session, callback) {
      auth = { username: credentials.username ?? '', password: credentials.password ?? '' };
      callback(null, { user: credentials.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (options.refuse) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 450 }));
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((rcpt) => rcpt.address), auth, mail });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const message = {
  to: 'owner@example.com',
  subject: 'Your Mailscribe tokens are running low',
  text: 'You have 5 tokens left.\n\nUnsubscribe: https://app.example.com/unsubscribe?token=abc',
  html: '<p>You have 5 tokens left.</p>',
  headers: { 'List-Unsubscribe': '<https://app.example.com/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  messageId: '<entry-1@mailscribe.notifications>',
  userId: 'user-1',
  documentId: null,
};

describe('SMTP outbound mail (nodemailer against a real SMTP server)', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('delivers both parts, the From, the Message-ID and the unsubscribe headers, logging in with the URL\'s credentials', async () => {
    const server = await startServer({ auth: true });
    closers.push(server.close);
    const outbound = new SmtpOutboundMail(`smtp://notify:s3cret@127.0.0.1:${server.port}`, 'Mailscribe <no-reply@mailscribe.example>');
    closers.push(() => Promise.resolve(outbound.close()));
    await outbound.send(message);

    expect(server.received).toHaveLength(1);
    const [got] = server.received;
    expect(got?.auth).toEqual({ username: 'notify', password: 's3cret' });
    expect(got?.from).toBe('no-reply@mailscribe.example');
    expect(got?.to).toEqual(['owner@example.com']);
    expect(got?.mail.subject).toBe(message.subject);
    expect(got?.mail.text).toContain('You have 5 tokens left.');
    expect(got?.mail.html).toContain('<p>You have 5 tokens left.</p>');
    expect(got?.mail.messageId).toBe(message.messageId);
    const lines = got?.mail.headerLines.map((header) => header.line) ?? [];
    expect(lines).toContain('List-Unsubscribe: <https://app.example.com/unsubscribe?token=abc>');
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('throws when the server refuses the mail, so the outbox retries it', async () => {
    const server = await startServer({ refuse: true });
    closers.push(server.close);
    const outbound = new SmtpOutboundMail(`smtp://127.0.0.1:${server.port}`, 'no-reply@mailscribe.example');
    closers.push(() => Promise.resolve(outbound.close()));
    await expect(outbound.send(message)).rejects.toThrow(/mailbox unavailable/);
  });

  it('throws when no server listens', async () => {
    const server = await startServer();
    await server.close();
    const outbound = new SmtpOutboundMail(`smtp://127.0.0.1:${server.port}`, 'no-reply@mailscribe.example');
    closers.push(() => Promise.resolve(outbound.close()));
    await expect(outbound.send(message)).rejects.toThrow();
  });
});
