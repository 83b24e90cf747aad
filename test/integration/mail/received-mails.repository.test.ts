import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KnexProcessedMailCounter } from '../../../src/modules/documents/index.js';
import type { ReceivedMailRow, ReceivedMailSortKey } from '../../../src/modules/mail/application/ports/inbound-message.repository.port.js';
import { KnexInboundMessageRepository } from '../../../src/modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { PgBossJobQueue } from '../../../src/modules/mail/infra/queue/pg-boss.job-queue.js';
import { aUser } from '../../support/users.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

type Order = 'asc' | 'desc';

describe.each(databaseKinds())('the received-mails page of a document (%s)', (kind) => {
  let database: TestDatabase;
  let messages: KnexInboundMessageRepository;
  let ownerId: string;
  let documentId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // listForDocument never touches the queue; the repository just needs one to be built.
    messages = new KnexInboundMessageRepository(
      database.db,
      new PgBossJobQueue(database.db, { jobTimeoutSeconds: 60, maintenanceIntervalSeconds: 60, pollingIntervalSeconds: 1 }, pino({ level: 'silent' })),
      new KnexProcessedMailCounter(),
    );
  });
  beforeEach(async () => {
    ownerId = await aUser(database.db);
    documentId = await aDocument();
  });
  afterEach(() => database.reset());
  afterAll(() => database.close());

  async function aDocument(): Promise<string> {
    const id = randomUUID();
    const token = id.replace(/-/g, '').slice(0, 10);
    await database.db('documents').insert({ id, owner_id: ownerId, name: 'Doc', forward_token: token, forward_email: `doc-${token}@in.example.com`, external_id: `local-${token}` });
    return id;
  }

  /** Inserted as the pipeline leaves them; equal sort values on purpose, so the id decides their order. */
  async function someMail(document: string, mails: { sourceMail: string; subject: string; usedTokens: number; receivedAt: string }[]): Promise<ReceivedMailRow[]> {
    const rows: ReceivedMailRow[] = mails.map((mail, index) => ({
      id: randomUUID(),
      sourceMail: mail.sourceMail,
      subject: mail.subject,
      usedTokens: mail.usedTokens,
      receivedAt: new Date(mail.receivedAt),
      status: index % 3 === 0 ? 'failed' : 'processed',
      reason: index % 3 === 0 ? 'The model refused.' : null,
      authentication: index % 2 === 0 ? { result: 'pass', detail: 'dmarc=pass header.from=example.com' } : null,
      refusal: null,
      hasContent: false,
    }));
    await database.db('inbound_messages').insert(
      rows.map((row) => ({
        id: row.id,
        document_id: document,
        owner_id: ownerId,
        status: row.status,
        reason: row.reason,
        envelope: JSON.stringify({ mailFrom: row.sourceMail, recipients: [] }),
        size_bytes: 100,
        source_mail: row.sourceMail,
        subject: row.subject,
        used_tokens: row.usedTokens,
        received_at: row.receivedAt,
        auth_verdict: row.authentication ? JSON.stringify(row.authentication) : null,
      })),
    );
    return rows;
  }

  const sevenMails = () =>
    someMail(documentId, [
      { sourceMail: 'a@example.com', subject: 'alpha', usedTokens: 3, receivedAt: '2026-05-01T10:00:00Z' },
      { sourceMail: 'b@example.com', subject: 'bravo', usedTokens: 1, receivedAt: '2026-05-01T10:00:00Z' },
      { sourceMail: 'a@example.com', subject: 'alpha', usedTokens: 1, receivedAt: '2026-05-02T10:00:00Z' },
      { sourceMail: 'c@example.com', subject: 'charlie', usedTokens: 2, receivedAt: '2026-05-03T10:00:00Z' },
      { sourceMail: 'b@example.com', subject: 'delta', usedTokens: 2, receivedAt: '2026-05-03T10:00:00Z' },
      { sourceMail: 'a@example.com', subject: 'echo', usedTokens: 0, receivedAt: '2026-05-04T10:00:00Z' },
      { sourceMail: 'c@example.com', subject: 'alpha', usedTokens: 3, receivedAt: '2026-05-05T10:00:00Z' },
    ]);

  /** The order the table promises: the chosen column, then the id, both in the chosen direction. */
  function sorted(rows: ReceivedMailRow[], sortBy: ReceivedMailSortKey, sortOrder: Order): ReceivedMailRow[] {
    const key = (row: ReceivedMailRow) => (sortBy === 'receivedAt' ? row.receivedAt.getTime() : row[sortBy]);
    const direction = sortOrder === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * direction;
      return (a.id < b.id ? -1 : 1) * direction;
    });
  }

  const page = (page: number, pageSize: number, sortBy: ReceivedMailSortKey = 'receivedAt', sortOrder: Order = 'desc') =>
    messages.listForDocument(documentId, { page, pageSize, sortBy, sortOrder });

  it('gives the exact total on the first, a middle, the last and a page past the end', async () => {
    const all = sorted(await sevenMails(), 'receivedAt', 'desc');
    expect(await page(1, 2)).toEqual({ rows: all.slice(0, 2), total: 7 });
    expect(await page(2, 2)).toEqual({ rows: all.slice(2, 4), total: 7 });
    expect(await page(4, 2)).toEqual({ rows: all.slice(6), total: 7 });
    expect(await page(5, 2)).toEqual({ rows: [], total: 7 });
    expect(await page(100, 5)).toEqual({ rows: [], total: 7 });
  });

  it('gives an empty page and a total of zero for a document with no mail', async () => {
    await someMail(await aDocument(), [{ sourceMail: 'a@example.com', subject: 'elsewhere', usedTokens: 1, receivedAt: '2026-05-01T10:00:00Z' }]);
    expect(await page(1, 5)).toEqual({ rows: [], total: 0 });
    expect(await page(2, 5)).toEqual({ rows: [], total: 0 });
  });

  it('counts only the document’s own mail', async () => {
    await sevenMails();
    await someMail(await aDocument(), [{ sourceMail: 'a@example.com', subject: 'elsewhere', usedTokens: 1, receivedAt: '2026-05-09T10:00:00Z' }]);
    const first = await page(1, 5);
    expect(first.total).toBe(7);
    expect(first.rows.map((row) => row.subject)).not.toContain('elsewhere');
  });

  it.each([
    ['receivedAt', 'desc'],
    ['receivedAt', 'asc'],
    ['sourceMail', 'asc'],
    ['sourceMail', 'desc'],
    ['subject', 'asc'],
    ['subject', 'desc'],
    ['usedTokens', 'asc'],
    ['usedTokens', 'desc'],
  ] as const)('sorts by %s %s, ties broken by id in the same direction, across pages', async (sortBy, sortOrder) => {
    const all = sorted(await sevenMails(), sortBy, sortOrder);
    const pages = await Promise.all([1, 2, 3].map((number) => page(number, 3, sortBy, sortOrder)));
    expect(pages.map((each) => each.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((each) => each.rows)).toEqual(all);
  });
});
