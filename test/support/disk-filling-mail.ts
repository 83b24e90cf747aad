// The mail of the disk-full tests: a document that takes it, mails of random content and a chosen size
// sent over a bare SMTP connection, and what the database holds of them afterwards.
import { randomBytes } from 'node:crypto';
import { CreateDocument } from '../../src/modules/documents/application/create-document.use-case.js';
import { KnexDocumentRepository } from '../../src/modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from '../../src/modules/documents/infra/local.doc-store.js';
import type { Database } from '../../src/platform/db/database.js';
import { RawSmtpClient, type SmtpReply } from './smtp-client.js';
import { testConfig } from './test-config.js';
import { aUser } from './users.js';

export const INBOUND_DOMAIN = 'in.example.com';
const SENDER = 'boss@example.com';

/** A user and a document that takes mail from SENDER; its forward address. */
export async function seedDocument(db: Database): Promise<string> {
  const config = testConfig({ INBOUND_DOMAIN });
  const ownerId = await aUser(db, 'owner@example.com');
  const create = new CreateDocument(new KnexDocumentRepository(db), new LocalDocStore(db, config.PUBLIC_URL), config);
  const doc = await create.execute({ ownerId, documentId: crypto.randomUUID(), name: 'Disk', description: '', allowedEmails: [SENDER] });
  return doc.forwardEmail;
}

/** One message over a bare SMTP connection; the answer to its DATA, or null when the connection failed. */
export async function sendRandomMail(port: number, to: string, subject: string, bodyBytes: number): Promise<SmtpReply | null> {
  let client: RawSmtpClient | null = null;
  try {
    ({ client } = await RawSmtpClient.connect(port));
    await client.startTransaction(SENDER, [to]);
    if ((await client.command('DATA')).code !== 354) return null;
    const body = (randomBytes(Math.ceil((bodyBytes * 3) / 4)).toString('base64').match(/.{1,76}/g) ?? []).join('\r\n');
    client.write(`From: Boss <${SENDER}>\r\nTo: <${to}>\r\nSubject: ${subject}\r\n\r\n${body}\r\n.\r\n`);
    const reply = await client.read();
    await client.quit();
    return reply;
  } catch {
    client?.destroy();
    return null;
  }
}

/** The Subject of each stored inbound message of `ids`, by id. */
export async function storedSubjects(db: Database, ids: string[]): Promise<Map<string, string>> {
  const rows = (await db('inbound_messages').whereIn('id', ids).select('id', 'raw')) as { id: string; raw: Buffer }[];
  return new Map(rows.map((row) => [row.id, /^Subject: (.*)$/m.exec(row.raw.toString('latin1'))?.[1]?.trim() ?? '']));
}
