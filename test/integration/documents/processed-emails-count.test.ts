import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { aUser } from '../../support/users.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { aDocumentRow } from '../../support/document-rows.js';

/**
 * The documents module's processed-mail count, kept by its own trigger on mail's table (migration
 * 20261205100000): written here as the mail module writes a mail's status, read back through the
 * documents repository.
 */
describe.each(databaseKinds())("a document's processed-mail count (%s)", (kind) => {
  let database: TestDatabase;
  let documents: KnexDocumentRepository;
  let ownerId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    documents = new KnexDocumentRepository(database.db);
  });
  beforeEach(async () => {
    ownerId = await aUser(database.db);
  });
  afterEach(() => database.reset());
  afterAll(() => database.release());

  async function aDocument(): Promise<string> {
    const id = await aDocumentRow(database.db, ownerId);
    return id;
  }
  async function aMail(documentId: string, status = 'processing'): Promise<string> {
    const id = randomUUID();
    await database.db('inbound_messages').insert({ id, document_id: documentId, owner_id: ownerId, status, envelope: JSON.stringify({ mailFrom: 'a@example.com', recipients: [] }), raw: Buffer.from('raw'), size_bytes: 3, dedup_key: `mid:${id}` });
    return id;
  }
  const setStatus = (ids: string[], status: string) => database.db('inbound_messages').whereIn('id', ids).update({ status });

  it('counts a mail once as it becomes processed, however often it is written processed again', async () => {
    const documentId = await aDocument();
    const mail = await aMail(documentId);
    expect(await documents.processedCount(ownerId, documentId)).toBe(0);
    await setStatus([mail], 'processed');
    await setStatus([mail], 'processed');
    expect(await documents.processedCount(ownerId, documentId)).toBe(1);
  });

  it('counts each mail that one statement makes processed', async () => {
    const documentId = await aDocument();
    const mails = [await aMail(documentId), await aMail(documentId), await aMail(documentId, 'received')];
    await setStatus(mails, 'processed');
    expect(await documents.processedCount(ownerId, documentId)).toBe(3);
  });

  it('leaves the count alone for mail that ends any other way', async () => {
    const documentId = await aDocument();
    for (const status of ['failed', 'ignored', 'held', 'expired']) await setStatus([await aMail(documentId)], status);
    expect(await documents.processedCount(ownerId, documentId)).toBe(0);
  });

  it("counts a mail on its own document only", async () => {
    const [counted, other] = [await aDocument(), await aDocument()];
    await setStatus([await aMail(counted)], 'processed');
    expect({ counted: await documents.processedCount(ownerId, counted), other: await documents.processedCount(ownerId, other) }).toEqual({ counted: 1, other: 0 });
  });

  it("is kept by the documents module's trigger, the one trigger that writes the count", async () => {
    const { rows } = (await database.db.raw(
      `SELECT t.tgname AS name, p.proname AS function FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE t.tgrelid = 'inbound_messages'::regclass AND p.prosrc LIKE '%processed_emails_count%'`,
    )) as { rows: { name: string; function: string }[] };
    expect(rows).toEqual([{ name: 'documents_processed_emails_count', function: 'documents_processed_emails_count' }]);
  });
});
