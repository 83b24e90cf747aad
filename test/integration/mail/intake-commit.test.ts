import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewInboundMessage } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { PROCESS_MAIL, PgBossJobQueue } from '../../../src/modules/mail/infra/queue/pg-boss.job-queue.js';
import { aUser } from '../../support/users.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

describe.each(databaseKinds())('intake commits (%s)', (kind) => {
  let database: TestDatabase;
  let queue: PgBossJobQueue;
  let messages: KnexInboundMessageRepository;
  let ownerId: string;
  let documentId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    queue = new PgBossJobQueue(database.db, { jobTimeoutSeconds: 60, maintenanceIntervalSeconds: 60, pollingIntervalSeconds: 1 }, pino({ level: 'silent' }));
    await queue.start({ maintain: false });
    messages = new KnexInboundMessageRepository(database.db, queue);
    ownerId = await aUser(database.db);
    documentId = randomUUID();
    const token = documentId.replace(/-/g, '').slice(0, 10);
    await database.db('documents').insert({ id: documentId, owner_id: ownerId, name: 'Doc', forward_token: token, forward_email: `doc-${token}@in.example.com`, external_id: `local-${token}` });
  });
  afterAll(async () => {
    await queue.stop();
    await database.close();
  });

  const aMessage = (): NewInboundMessage => {
    const id = randomUUID();
    return { id, documentId, ownerId, envelope: { mailFrom: 'ada@example.com', recipients: [], remoteAddress: '127.0.0.1', heloName: 'client.example.com' }, raw: Buffer.from(`Subject: ${id}\r\n\r\nHello`), dedupKey: `mid:${id}` };
  };

  it('stores messages of sessions that arrive together with their jobs, each answered after its commit; the embedded database gathers them into one commit', async () => {
    const inserts: string[] = [];
    const count = (query: { sql: string }) => {
      if (/^insert into "inbound_messages"/.test(query.sql)) inserts.push(query.sql);
    };
    database.db.on('query', count);
    try {
      const sent = Array.from({ length: 5 }, aMessage);
      await Promise.all(sent.map((message) => messages.storeReceived([message])));
      const ids = sent.map((message) => message.id);
      expect(await database.db('inbound_messages').whereIn('id', ids).count({ n: '*' }).first()).toEqual({ n: 5 });
      const jobs = (await database.db('pgboss.job').where({ name: PROCESS_MAIL }).select('data')) as { data: { messageId: string } }[];
      expect(jobs.map((job) => job.data.messageId).sort()).toEqual([...ids].sort());
      // One connection and one thread: without the window each session's message would commit alone.
      // Postgres commits the first at once and gathers the rest behind it.
      expect(inserts).toHaveLength(kind === 'pglite' ? 1 : 2);
    } finally {
      database.db.off('query', count);
    }
  });
});
