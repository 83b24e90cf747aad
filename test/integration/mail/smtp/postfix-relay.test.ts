import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateDocument } from '../../../../src/modules/documents/application/create-document.use-case.js';
import { hasPostfix, startPostfixRelay, type PostfixRelay } from '../../../support/postfix/postfix-relay.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { openTestDatabase, type TestDatabase } from '../../../support/test-database.js';
import { aUser } from '../../../support/users.js';

const DOMAIN = 'in.mailscribe.test';
const SENDER = 'boss@example.com';

if (!hasPostfix) {
  console.warn('Skipping the Postfix relay tests: they need /usr/sbin/postfix (apt-get install -y postfix) and root.');
}

/** A client of the relay on its own loopback address (127.0.3.n), as a sender on the Internet would be. */
function clientOf(relay: PostfixRelay, n: number) {
  return createTransport({ host: '127.0.0.1', port: relay.port, localAddress: `127.0.3.${n}`, ignoreTLS: true, pool: true, maxConnections: 1, maxMessages: Infinity });
}

function mail(to: string, id: string): string {
  return [`From: Boss <${SENDER}>`, `To: ${to}`, `Subject: Report ${id}`, `Message-ID: <${id}@example.com>`, '', `Figures for ${id}.`, ''].join('\r\n');
}

// The relay at full speed (2,000 mails from 50 clients) is a benchmark: test/bench/mail/postfix-relay.bench.ts.
describe.skipIf(!hasPostfix)('a real Postfix relaying to the listener (skipped without /usr/sbin/postfix)', () => {
  let database: TestDatabase;
  let app: TestApp;
  let relay: PostfixRelay;
  let doc: { id: string; forwardEmail: string };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await startTestApp(database, {
      roles: ['http', 'smtp'],
      env: { INBOUND_DOMAIN: DOMAIN, SMTP_HOST: '127.0.0.1', SMTP_TRUSTED_RELAYS: '127.0.0.1/32' },
    });
    relay = await startPostfixRelay({ relayDomain: DOMAIN, listenerPort: app.smtpPort ?? 0 });
    const ownerId = await aUser(database.db, 'owner@example.com');
    doc = await app.container
      .resolve(CreateDocument)
      .execute({ ownerId, documentId: crypto.randomUUID(), name: 'Reports', description: '', allowedEmails: [SENDER] });
  });
  afterAll(async () => {
    relay?.stop();
    await app?.close();
    await database?.release();
  });

  /** Messages the app committed for the document, optionally only those whose subject starts with `subject`. */
  const stored = async (subject = ''): Promise<number> => {
    const [row] = (await database
      .db('inbound_messages')
      .where({ document_id: doc.id })
      .whereRaw(`encode(raw, 'escape') like ?`, [`%Subject: ${subject}%`])
      .count({ total: '*' })) as Array<{ total: string | number }>;
    return Number(row?.total ?? 0);
  };

  it('delivers an accepted mail to the listener, with the relay\'s Received header on top', async () => {
    const client = clientOf(relay, 1);
    try {
      const info = await client.sendMail({ envelope: { from: SENDER, to: [doc.forwardEmail] }, raw: mail(doc.forwardEmail, 'first') });
      expect(info.response).toMatch(/^250 /);
    } finally {
      client.close();
    }
    await vi.waitFor(async () => expect(await stored()).toBe(1), { timeout: 30_000, interval: 200 });
    const { raw } = (await database.db('inbound_messages').where({ document_id: doc.id }).first('raw')) as { raw: Uint8Array };
    // The header the listener reads the original client from (SMTP_TRUSTED_RELAYS); the HELO here is
    // the client's own `[127.0.0.1]` literal, which the listener must not take for the client.
    expect(Buffer.from(raw).toString('latin1')).toMatch(/^Received: from \S+ \(unknown \[127\.0\.3\.1\]\)\r?\n\s+by mx\.relay\.test \(Postfix\)/);
    expect(relay.log()).toMatch(new RegExp(`to=<${doc.forwardEmail}>, relay=127\\.0\\.0\\.1\\[127\\.0\\.0\\.1\\]:${app.smtpPort}.*status=sent`));
  }, 60_000);

  it('bounces an unknown recipient with 5.1.1: Postfix asks the listener before it accepts', async () => {
    const client = clientOf(relay, 2);
    const unknown = `nobody-x1y2z3@${DOMAIN}`;
    try {
      await expect(client.sendMail({ envelope: { from: SENDER, to: [unknown] }, raw: mail(unknown, 'unknown') })).rejects.toMatchObject({
        responseCode: 550,
        response: expect.stringMatching(/^550 5\.1\.1 .*no such mailbox/),
      });
    } finally {
      client.close();
    }
  }, 60_000);

  it('defers a mail with 4.x while the database fails, and delivers it once it is back', async () => {
    await database.db.raw('ALTER TABLE inbound_messages RENAME TO inbound_messages_away');
    let renamed = true;
    try {
      const client = clientOf(relay, 3);
      try {
        await client.sendMail({ envelope: { from: SENDER, to: [doc.forwardEmail] }, raw: mail(doc.forwardEmail, 'during-outage') });
      } finally {
        client.close();
      }
      await vi.waitFor(() => expect(relay.log()).toMatch(/status=deferred \(host 127\.0\.0\.1\[127\.0\.0\.1\] said: 451 4\.3\.0 /), {
        timeout: 30_000,
        interval: 200,
      });
      await database.db.raw('ALTER TABLE inbound_messages_away RENAME TO inbound_messages');
      renamed = false;
      relay.flush();
      await vi.waitFor(async () => expect(await stored('Report during-outage')).toBe(1), { timeout: 30_000, interval: 200 });
    } finally {
      if (renamed) await database.db.raw('ALTER TABLE inbound_messages_away RENAME TO inbound_messages');
    }
  }, 90_000);
});
