import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { dkimSign } from 'mailauth';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateDocument } from '../../src/modules/documents/application/create-document.use-case.js';
import { MailauthSenderAuthenticator } from '../../src/modules/mail/infra/auth/mailauth.sender-authenticator.js';
import { FakeDns } from '../support/fakes/fake-dns.resolver.js';
import { sendMail } from '../support/mail.js';
import { aUser } from '../support/users.js';
import { useTestApp } from '../support/use-test-app.js';
import { SENDER_AUTHENTICATOR } from '../../src/modules/mail/application/ports/sender-authenticator.port.js';
import { override } from '../../src/platform/wiring/overrides.js';

/** Production settings, as an operator writes them: nothing says SENDER_AUTH, so it is the default. */
const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_PROVIDER: 'google',
  GOOGLE_CLIENT_ID: 'client-id.apps.example',
  GOOGLE_CLIENT_SECRET: 'client-secret',
  BILLING: 'off',
  INBOUND_DOMAIN: 'in.mailscribe.test',
  JOB_POLLING_SECONDS: '0.5',
};

interface Row {
  status: string;
  reason: string | null;
  source_mail: string;
  used_tokens: number;
}

describe('who may write into a document, in production mode', () => {
  let ownerId: string;
  let signingKey: { privateKey: string; publicKey: string };
  const dns = new FakeDns();

  // Registered before the app: the keys and the DNS answers are ready when it starts.
  beforeAll(() => {
    signingKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    // bank.example refuses everything unsigned from anywhere but its own servers; example.com signs.
    dns.spf('bank.example', 'v=spf1 ip4:198.51.100.25 -all').dmarc('bank.example', 'v=DMARC1; p=reject');
    dns.dkimKey('mail', 'example.com', signingKey.publicKey).dmarc('example.com', 'v=DMARC1; p=reject');
    dns.dmarc('google.com', 'v=DMARC1; p=reject');
  });
  const { app, database } = useTestApp('pglite', () => ({
    env: PRODUCTION,
    roles: ['http', 'smtp', 'worker'],
    overrides: [override(SENDER_AUTHENTICATOR, new MailauthSenderAuthenticator({ hostname: 'mx.mailscribe.test', resolver: dns.resolver }))],
  }));
  beforeAll(async () => {
    ownerId = await aUser(database.db, 'owner@example.com');
  });

  async function aDocument(allowedEmails: string[]): Promise<{ id: string; forwardEmail: string; externalId: string }> {
    const document = await app.container.resolve(CreateDocument).execute({ ownerId, documentId: randomUUID(), name: 'Trust', description: '', allowedEmails });
    return { id: document.id, forwardEmail: document.forwardEmail, externalId: document.externalId };
  }

  async function settled(documentId: string, count: number): Promise<Row[]> {
    let rows: Row[] = [];
    await vi.waitFor(
      async () => {
        rows = (await database.db('inbound_messages').where({ document_id: documentId }).orderBy('received_at').select('status', 'reason', 'source_mail', 'used_tokens')) as Row[];
        expect(rows).toHaveLength(count);
        expect(rows.every((row) => !['received', 'processing'].includes(row.status))).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    return rows;
  }

  const blocks = async (externalId: string) => (await database.db('local_doc_blocks').where({ doc_id: externalId }).select('heading')) as { heading: string }[];

  it('checks senders by default (SENDER_AUTH=enforce)', () => {
    expect(app.config.SENDER_AUTH).toBe('enforce');
  });

  it('ignores a spoofed allow-listed sender at a p=reject domain, with the reason, and charges nothing', async () => {
    const doc = await aDocument(['ceo@bank.example']);
    await sendMail(app, { from: 'ceo@bank.example', to: doc.forwardEmail, subject: 'Urgent wire', text: 'Please wire 40,000 EUR today.' });
    const [row] = await settled(doc.id, 1);
    expect(row).toMatchObject({ status: 'ignored', used_tokens: 0, reason: expect.stringContaining('failed DMARC/DKIM checks') });
    expect(row?.reason).toContain('header.from=bank.example');
    expect(await blocks(doc.externalId)).toEqual([]);
  });

  it('processes mail that its domain signed', async () => {
    const doc = await aDocument(['ada@example.com']);
    const raw = ['From: Ada <ada@example.com>', `To: ${doc.forwardEmail}`, 'Subject: Q3 numbers', 'Message-ID: <q3-signed@example.com>', '', 'Revenue was 1.2M in Q3.', ''].join('\r\n');
    const signer = { signingDomain: 'example.com', selector: 'mail', privateKey: signingKey.privateKey };
    // A fixed signTime: without one mailauth reads the clock twice and a signature straddling a second is "bad".
    const { signatures } = await dkimSign(raw, { ...signer, signTime: new Date(), signatureData: [signer] });
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw: signatures + raw });
    const [row] = await settled(doc.id, 1);
    expect(row, `reason: ${row?.reason ?? 'none'}`).toMatchObject({ status: 'processed', source_mail: 'ada@example.com' });
  });

  it('ignores a mail with two From headers as ambiguous', async () => {
    const doc = await aDocument(['ada@example.com']);
    const raw = ['From: Ada <ada@example.com>', 'From: Eve <eve@attacker.example>', `To: ${doc.forwardEmail}`, 'Subject: Pay this', '', 'Pay it.', ''].join('\r\n');
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw });
    const [row] = await settled(doc.id, 1);
    expect(row).toMatchObject({ status: 'ignored', reason: expect.stringContaining('ambiguous') });
  });

  it('ignores a forged Gmail forwarding confirmation and shows no code on the document', async () => {
    const doc = await aDocument(['ada@example.com']);
    const raw = [
      'From: Gmail Team <forwarding-noreply@google.com>',
      `To: ${doc.forwardEmail}`,
      'Subject: (#987654321) Gmail Forwarding Confirmation - Receive Mail from victim@gmail.com',
      '',
      'Confirmation code: 987654321',
      'https://mail-settings.google.com/mail/vf-forged',
      '',
    ].join('\r\n');
    await sendMail(app, { from: 'forwarding-noreply@google.com', to: doc.forwardEmail, subject: '', raw });
    const [row] = await settled(doc.id, 1);
    expect(row).toMatchObject({ status: 'ignored', reason: expect.stringContaining("did not pass Google's DKIM check") });
    expect(await database.db('forwarding_confirmations').where({ document_id: doc.id }).first()).toBeUndefined();
  });
});

describe('redelivered and hostile mail', () => {
  const { app, database } = useTestApp('pglite', {
    env: { BILLING: 'off', SENDER_AUTH: 'off', INBOUND_DOMAIN: 'in.mailscribe.test', JOB_POLLING_SECONDS: '0.5' },
    roles: ['http', 'smtp', 'worker'],
  });
  let ownerId: string;

  beforeAll(async () => {
    ownerId = await aUser(database.db, 'owner@example.com');
  });

  const aDocument = () => app.container.resolve(CreateDocument).execute({ ownerId, documentId: randomUUID(), name: 'Redelivery', description: '', allowedEmails: ['ada@example.com'] });
  const rowsOf = async (documentId: string) =>
    (await database.db('inbound_messages').where({ document_id: documentId }).select('status', 'used_tokens', 'subject')) as { status: string; used_tokens: number; subject: string }[];
  const settledRows = async (documentId: string, count: number) => {
    let rows: Awaited<ReturnType<typeof rowsOf>> = [];
    await vi.waitFor(
      async () => {
        rows = await rowsOf(documentId);
        expect(rows).toHaveLength(count);
        expect(rows.every((row) => !['received', 'processing'].includes(row.status))).toBe(true);
      },
      { timeout: 30_000, interval: 200 },
    );
    return rows;
  };

  /**
   * A sending server whose connection drops after the listener committed the message but before it
   * read the 250: it sends DATA and the final dot, then closes without waiting for the answer.
   */
  function sendAndDropBefore250(to: string, raw: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect(app.smtpPort ?? 0, '127.0.0.1');
      const script = ['EHLO relay.example', 'MAIL FROM:<ada@example.com>', `RCPT TO:<${to}>`, 'DATA'];
      let buffer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split('\r\n');
        buffer = lines.pop() ?? '';
        for (const line of lines) {
          if (/^\d{3} /.test(line) === false) continue;
          if (line.startsWith('354')) {
            socket.end(`${raw.replace(/\r?\n/g, '\r\n')}\r\n.\r\n`);
            resolve();
            return;
          }
          const next = script.shift();
          if (next) socket.write(`${next}\r\n`);
        }
      });
      socket.on('error', reject);
    });
  }

  it('keeps one block and one charge when a sender that lost our 250 delivers the same message again', async () => {
    const doc = await aDocument();
    const raw = ['From: Ada <ada@example.com>', `To: ${doc.forwardEmail}`, 'Subject: Board minutes', 'Message-ID: <minutes-7@example.com>', '', 'The board approved the 2027 budget.', ''].join('\r\n');
    await sendAndDropBefore250(doc.forwardEmail, raw);
    await vi.waitFor(async () => expect(await rowsOf(doc.id)).toHaveLength(1), { timeout: 30_000, interval: 100 });
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw });
    const rows = await settledRows(doc.id, 2);
    expect(rows.map((row) => row.status).sort()).toEqual(['duplicate', 'processed']);
    expect(rows.reduce((sum, row) => sum + row.used_tokens, 0)).toBe(1);
    expect(await database.db('local_doc_blocks').where({ doc_id: doc.externalId }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('processes a mail whose encoded subject carries a NUL', async () => {
    const doc = await aDocument();
    const raw = ['From: Ada <ada@example.com>', `To: ${doc.forwardEmail}`, 'Subject: =?utf-8?B?TlVMAGluIHN1YmplY3Q=?=', '', 'The invoice is due on Friday.', ''].join('\r\n');
    await sendMail(app, { from: 'ada@example.com', to: doc.forwardEmail, subject: '', raw });
    const [row] = await settledRows(doc.id, 1);
    expect(row).toMatchObject({ status: 'processed', subject: 'NULin subject' });
  });
});
