// The plans of the reads every signed-in page makes, pinned on Postgres with enough rows that the planner
// has a real choice: the session check, a document's details and received mails, a page of the documents
// list, the usage chart, the usage table (in each of its orders) and the added-tokens table each use an
// index, and none scans the sessions, users, documents, mails, ledger or their kept totals sequentially.
// The SQL is what the repositories send (recorded as they run), so a change of a query is a change of its
// pinned plan.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_SORTS } from '../../../src/modules/documents/domain/document-list.js';
import { KnexOwnedDocumentScope } from '../../../src/modules/documents/index.js';
import { KnexDocumentListReader } from '../../../src/modules/documents/infra/knex.document-list.reader.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { KnexSessionRepository } from '../../../src/modules/identity/infra/knex.session.repository.js';
import type { ReceivedMailFilter } from '../../../src/modules/mail/application/ports/received-mail-pages.port.js';
import { KnexReceivedMailPages } from '../../../src/modules/mail/infra/persistence/knex.received-mail-pages.js';
import { KnexLedgerRepository } from '../../../src/modules/token-ledger/infra/knex.ledger.repository.js';
import { GUARDED_TABLES, HEAVY_DOCUMENTS, HEAVY_SETTLEMENTS, HOT_DOCUMENT_MAILS, seedPlannerData } from '../../support/operations/planner-data.js';
import { expectIndexedReadsOn, planNodesOf, recordedQueries, type RecordedQuery } from '../../support/query-plans.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.skipIf(!databaseKinds().includes('postgres'))('plans of the hot reads (postgres)', () => {
  let database: TestDatabase;
  /** A connection of its own for EXPLAIN: the recorded SQL is already in Postgres' `$1` form. */
  let explainer: pg.Client;
  let heavyUser: string;
  let sessionId: string;
  let hotDocument: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    ({ heavyUser, sessionId, hotDocument } = await seedPlannerData(database.db));
    explainer = new pg.Client({ connectionString: database.url ?? '' });
    await explainer.connect();
  }, 120_000);

  afterAll(async () => {
    await explainer?.end();
    await database?.release();
  });

  const recorded = (read: () => Promise<unknown>) => recordedQueries(database.db, read);
  const planOf = (query: RecordedQuery) => planNodesOf(explainer, query);
  const expectIndexedReads = (read: () => Promise<unknown>) => expectIndexedReadsOn(database.db, explainer, GUARDED_TABLES, read);

  it('checks a session by its key and its user by theirs', async () => {
    const sessions = new KnexSessionRepository(database.db);
    await expectIndexedReads(() => sessions.findWithUser(sessionId));
  });

  it("reads the usage chart's 180 days from the quarter-hour totals and the ledger's index", async () => {
    const ledger = new KnexLedgerRepository(database.db);
    // What the Usage page sends: from a local midnight 179 days ago, to a day from now.
    const today = new Date();
    const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 179 * DAY_MS - 60 * 60 * 1000);
    const to = new Date(Date.now() + DAY_MS);
    const read = () => ledger.usagePerDay(heavyUser, { from, to, timeZone: 'Europe/Warsaw' });
    expect((await read()).length).toBeGreaterThan(170);
    await expectIndexedReads(read);
    // An unaligned start too: its partial quarter-hour comes from the ledger's rows.
    await expectIndexedReads(() => ledger.usagePerDay(heavyUser, { from: new Date(from.getTime() + 7 * 60_000 + 123), to, timeZone: 'Asia/Kathmandu' }));
  });

  it("reads the usage table's first page by the ledger's index and its total from the running count", async () => {
    const ledger = new KnexLedgerRepository(database.db);
    const read = () => ledger.usagePage(heavyUser, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' });
    expect((await read()).total).toBe(HEAVY_SETTLEMENTS);
    await expectIndexedReads(read);
  });

  it("reads the added-tokens table by the ledger's index", async () => {
    const ledger = new KnexLedgerRepository(database.db);
    const read = () => ledger.addedPage(heavyUser, { page: 1, pageSize: 5, sortBy: 'date', sortOrder: 'desc' });
    expect((await read()).total).toBe(6);
    await expectIndexedReads(read);
  });

  it("reads a page of the documents list from the owner's documents by an index, whatever the order and search", async () => {
    const reader = new KnexDocumentListReader(database.db);
    for (const sortBy of DOCUMENT_SORTS) {
      for (const q of ['', 'łódź', 'zzz']) {
        const read = () => reader.page(heavyUser, { q, sortBy, page: 3, pageSize: 24 });
        // The first read also asks once whether Postgres orders the Polish way; the pages are pinned after it.
        // The Polish-named 1,000 and the one with mail.
        expect((await read()).total).toBe(q === '' ? HEAVY_DOCUMENTS + 1 : q === 'zzz' ? 0 : HEAVY_DOCUMENTS / 5);
        await expectIndexedReads(read);
      }
    }
  });

  it('orders a page by the Polish name index without sorting the documents', async () => {
    const reader = new KnexDocumentListReader(database.db);
    await reader.page(heavyUser, { q: '', sortBy: 'nameAsc', page: 1, pageSize: 24 });
    for (const sortBy of ['nameAsc', 'nameDesc'] as const) {
      const [query] = await recorded(() => reader.page(heavyUser, { q: '', sortBy, page: 2, pageSize: 24 }));
      if (!query) throw new Error('no query recorded');
      const nodes = await planOf(query);
      expect(nodes.some((node) => node['Index Name'] === 'documents_owner_live_name_pl')).toBe(true);
      const sortsBelowLimit = nodes.filter((node) => node['Node Type'] === 'Sort' && (node.Plans ?? []).some((child) => child['Relation Name'] === 'documents'));
      expect(sortsBelowLimit).toEqual([]);
    }
  });

  it("reads a document's details by its key, with its allow-list by the document's", async () => {
    const documents = new KnexDocumentRepository(database.db);
    expect((await documents.findOwned(heavyUser, hotDocument))?.emails).toHaveLength(3);
    await expectIndexedReads(() => documents.findOwned(heavyUser, hotDocument));
  });

  it.each([
    ['receivedAt', 'desc'],
    ['receivedAt', 'asc'],
  ] as const)('reads page 1 of received mails (%s %s) with ownership and the kept total in one indexed statement', async (sortBy, sortOrder) => {
    const pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
    const read = () => pages.pageOf(heavyUser, hotDocument, { page: 1, pageSize: 5, sortBy, sortOrder });
    expect((await read())?.total).toBe(HOT_DOCUMENT_MAILS);
    expect(await recorded(read)).toHaveLength(1);
    await expectIndexedReads(read);
    // Past the end: ownership and the total asked again on their own, by their keys too.
    await expectIndexedReads(() => pages.pageOf(heavyUser, hotDocument, { page: 5_000, pageSize: 5, sortBy, sortOrder }));
  });

  it('starts a deep page of received mails at a position found in the index alone, not by reading every earlier mail', async () => {
    const pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
    const read = () => pages.pageOf(heavyUser, hotDocument, { page: 3_000, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc' });
    expect((await read())?.rows).toHaveLength(5);
    await expectIndexedReads(read);
    const [query] = await recorded(read);
    if (!query) throw new Error('no statement recorded');
    const mailScans = (await planOf(query)).filter((node) => node['Relation Name'] === 'inbound_messages');
    expect(mailScans.map((node) => node['Node Type']).sort()).toEqual(['Index Only Scan', 'Index Scan']);
  });

  // The filters and the search (docs/api.md § Received mail): bounded by the document's index, or the owner's
  // (owner_id, received_at, id), the date range as the index range; the text is a substring checked on those
  // rows (docs/operations.md § Received-mail search says why no trigram index). The fixture's hot document
  // and heavy user hold a third of all mail, a share at which reading them all (a count) is rightly a
  // sequential scan: every statement is pinned on an ordinary user's document, and on the hot document the
  // page itself, which reads the index in order and stops after its rows.
  const DAY_FILTER = () => ({ from: new Date(Date.now() - 30 * DAY_MS), before: new Date(Date.now() + DAY_MS) });
  const FILTERS = (): ReceivedMailFilter[] => [{ text: 'mail 1' }, { statuses: ['processed'] }, DAY_FILTER(), { text: 'SENDER-1@', statuses: ['processed', 'failed'], ...DAY_FILTER() }, { text: 'zzz' }];
  const SHAPES = [
    ['receivedAt', 'desc', 1],
    ['receivedAt', 'asc', 1],
    ['subject', 'asc', 1],
    ['receivedAt', 'desc', 3],
  ] as const;

  it.each(SHAPES)('reads a filtered page of received mails (%s %s, page %i) with its count by the document’s index', async (sortBy, sortOrder, page) => {
    const pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
    const user = ((await database.db('users').where({ email: 'user-2@example.com' }).first('id')) as { id: string }).id;
    const document = ((await database.db('documents').where({ owner_id: user }).whereLike('name', 'Doc of %').first('id')) as { id: string }).id;
    for (const filter of FILTERS()) {
      const read = () => pages.pageOf(user, document, { page, pageSize: 5, sortBy, sortOrder, filter });
      expect(await read()).not.toBeNull();
      await expectIndexedReads(read);
    }
    expect((await pages.pageOf(user, document, { page: 1, pageSize: 5, sortBy, sortOrder, filter: { text: 'mail 1' } }))?.total).toBe(11);
  });

  it('reads a filtered page of the hot document in the index’s order, stopping after its rows', async () => {
    const pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
    // A text nothing matches reads every row of the document whichever way: the planner may scan for it.
    for (const filter of FILTERS().filter((each) => each.text !== 'zzz')) {
      const [page] = await recorded(() => pages.pageOf(heavyUser, hotDocument, { page: 1, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc', filter }));
      if (!page) throw new Error('no statement recorded');
      const mailScans = (await planOf(page)).filter((node) => node['Relation Name'] === 'inbound_messages');
      // In the page's order, stopping after its rows: the document's index, or, for a document that holds
      // most of the mail (as this one does), an index on received_at the planner may find cheaper with the
      // same bound. Never a scan of every row.
      expect(mailScans, JSON.stringify(filter)).toHaveLength(1);
      expect(['inbound_messages_document_received_id', 'inbound_messages_owner_received_id', 'inbound_messages_received_at'], JSON.stringify(filter)).toContain(mailScans[0]?.['Index Name']);
    }
    expect((await pages.pageOf(heavyUser, hotDocument, { page: 1, pageSize: 5, sortBy: 'receivedAt', sortOrder: 'desc', filter: { text: 'mail 1999' } }))?.total).toBe(11);
  });

  it.each(SHAPES)('searches the owner’s mail across documents (%s %s, page %i) by indexes, joined to live documents by key', async (sortBy, sortOrder, page) => {
    const pages = new KnexReceivedMailPages(database.db, new KnexOwnedDocumentScope());
    const user = ((await database.db('users').where({ email: 'user-2@example.com' }).first('id')) as { id: string }).id;
    for (const owner of [user, heavyUser]) {
      for (const filter of [undefined, ...FILTERS()]) {
        const read = () => pages.search(owner, { page, pageSize: 5, sortBy, sortOrder, ...(filter ? { filter } : {}) });
        await read();
        if (owner === user) await expectIndexedReads(read);
        if (owner === heavyUser && sortBy === 'receivedAt' && page === 1 && !filter) {
          const [statement] = await recorded(read);
          if (!statement) throw new Error('no statement recorded');
          const mailScans = (await planOf(statement)).filter((node) => node['Relation Name'] === 'inbound_messages');
          // In the page's order, stopping after its rows: the owner's index, or, for an owner who holds most
          // of the mail (as this one does), the retention's index on received_at, which the planner may find
          // cheaper with the same bound. Never a scan of every row.
          expect(mailScans).toHaveLength(1);
          expect(['inbound_messages_owner_received_id', 'inbound_messages_received_at']).toContain(mailScans[0]?.['Index Name']);
        }
      }
    }
    expect((await pages.search(heavyUser, { page: 1, pageSize: 5, sortBy, sortOrder })).total).toBe(HOT_DOCUMENT_MAILS);
    expect((await pages.search(user, { page: 1, pageSize: 5, sortBy, sortOrder, filter: { text: 'mail 1' } })).total).toBe(11);
  });

  it.each([
    ['operation', 'asc', 1],
    ['operation', 'desc', 1],
    ['usedTokens', 'asc', 1],
    ['usedTokens', 'desc', 1],
    ['operation', 'asc', 1_000],
    ['usedTokens', 'desc', 1_000],
  ] as const)('reads the usage table sorted by %s %s, page %i, from an index over the settlements', async (sortBy, sortOrder, page) => {
    const ledger = new KnexLedgerRepository(database.db);
    const read = () => ledger.usagePage(heavyUser, { page, pageSize: 5, sortBy, sortOrder });
    expect((await read()).rows).toHaveLength(5);
    await expectIndexedReads(read);
    const queries = await recorded(read);
    const ledgerScans = (await Promise.all(queries.map(planOf))).flat().filter((node) => node['Relation Name'] === 'token_ledger');
    // No sort of the user's settlements: the page is read in the index's order.
    expect(ledgerScans.every((node) => (node['Index Name'] ?? '').startsWith('token_ledger_settled_by_')), JSON.stringify(ledgerScans)).toBe(true);
  });
});
