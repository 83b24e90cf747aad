import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewInboundMessage } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { aUser } from '../../support/users.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';
import { aDocumentRow } from '../../support/document-rows.js';

describe.each(databaseKinds())('intake commits (%s)', (kind) => {
  const database = useTestDatabase(kind);
  let wakes = 0;
  let messages: KnexInboundMessageRepository;
  let ownerId: string;
  let documentId: string;

  beforeAll(async () => {
    messages = new KnexInboundMessageRepository(database.db, { wake: () => (wakes += 1) }, { dedupDays: 7 });
    ownerId = await aUser(database.db);
    documentId = await aDocumentRow(database.db, ownerId);
  });

  const aMessage = (): NewInboundMessage => {
    const id = randomUUID();
    return { id, documentId, ownerId, envelope: { mailFrom: 'ada@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'client.example.com' }, raw: Buffer.from(`Subject: ${id}\r\n\r\nHello`), dedupKey: `mid:${id}` };
  };

  it('stores messages of sessions that arrive together due for a run, each answered after its commit, in single statements; the embedded database gathers them into one', async () => {
    const inserts: string[] = [];
    const transactions: string[] = [];
    const count = (query: { sql: string }) => {
      if (/^insert into "inbound_messages"/.test(query.sql)) inserts.push(query.sql);
      if (/^BEGIN/i.test(query.sql.trim())) transactions.push(query.sql);
    };
    database.db.on('query', count);
    try {
      const sent = Array.from({ length: 5 }, aMessage);
      await Promise.all(sent.map((message) => messages.storeReceived([message])));
      const ids = sent.map((message) => message.id);
      expect(await database.db('inbound_messages').whereIn('id', ids).count({ n: '*' }).first()).toEqual({ n: 5 });
      const due = (await database.db('inbound_messages').whereIn('id', ids).whereNotNull('due_at').where('status', 'received').pluck('id')) as string[];
      expect(due.sort()).toEqual([...ids].sort());
      // Each commit woke the workers once.
      expect(wakes).toBe(inserts.length);
      expect(transactions).toEqual([]);
      // One connection and one thread: without the window each session's message would commit alone.
      // Postgres commits the first at once and gathers the rest behind it.
      expect(inserts).toHaveLength(kind === 'pglite' ? 1 : 2);
    } finally {
      database.db.off('query', count);
    }
  });
});
