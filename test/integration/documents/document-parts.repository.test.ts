// The continuation state machine's steps against a real database: each a compare-and-set, so concurrent
// runs and runs after a crash agree on one next part.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClaimNextPart } from '../../../src/modules/documents/application/ports/document-part.repository.port.js';
import { ContinueDocument } from '../../../src/modules/documents/application/continue-document.use-case.js';
import { KnexDocumentPartRepository } from '../../../src/modules/documents/infra/knex.document-part.repository.js';
import { KnexDocumentRepository } from '../../../src/modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { aUser } from '../../support/users.js';
import { testConfig } from '../../support/test-config.js';
import { fixedClock } from '../../../src/shared/clock.js';

const DOC = '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10';
const AT = new Date('2026-12-04T10:00:00Z');
const LEASE_MS = 60_000;

describe.each(databaseKinds())('the document parts repository (%s)', (kind) => {
  let database: TestDatabase;
  let parts: KnexDocumentPartRepository;
  let documents: KnexDocumentRepository;
  let local: LocalDocStore;
  let signals: string[];
  let owner: string;
  let first: string;

  const claim = (token: string, overrides: Partial<ClaimNextPart> = {}) =>
    parts.claimNext({ documentId: DOC, ownerId: owner, fromExternalId: first, token, now: AT, staleBefore: new Date(AT.getTime() - LEASE_MS), ...overrides });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    signals = [];
    parts = new KnexDocumentPartRepository(database.db, { signal: (topic, key) => Promise.resolve(void signals.push(`${topic} ${key}`)) });
    documents = new KnexDocumentRepository(database.db);
    local = new LocalDocStore(database.db, 'http://app.test');
    owner = await aUser(database.db);
    first = (await local.create({ userId: owner }, { title: 'Invoices', intro: '' })).externalId;
    await documents.claim({ id: DOC, ownerId: owner, name: 'Invoices', description: '', emails: ['a@example.com'], forwardToken: 'abcdefghij', forwardEmail: 'invoices-abcdefghij@in.test', overwriteAtBeginning: true });
    await documents.complete(DOC, first);
  });
  afterEach(() => database.reset());
  afterAll(() => database.release());

  it('lets exactly one of several runs at once claim the next part; the others see it being created', async () => {
    const states = await Promise.all(['a', 'b', 'c', 'd'].map((token) => claim(token)));
    expect(states.filter((state) => state.state === 'claimed')).toEqual([{ state: 'claimed', part: 2 }]);
    expect(states.filter((state) => state.state === 'creating')).toHaveLength(3);
  });

  it('takes over a claim only once its lease has ended, and only the holder of the claim records the document', async () => {
    await claim('a');
    expect(await claim('b', { now: new Date(AT.getTime() + 1_000), staleBefore: new Date(AT.getTime() - LEASE_MS + 1_000) })).toEqual({ state: 'creating', part: 2 });
    const later = new Date(AT.getTime() + LEASE_MS + 1);
    expect(await claim('b', { now: later, staleBefore: new Date(later.getTime() - LEASE_MS) })).toEqual({ state: 'claimed', part: 2 });
    expect(await parts.recordCreated(DOC, 2, 'a', 'local-late')).toBe(false);
    expect(await parts.recordCreated(DOC, 2, 'b', 'local-second')).toBe(true);
    expect(await parts.recordCreated(DOC, 2, 'b', 'local-again')).toBe(false);
    expect(await claim('c')).toEqual({ state: 'created', part: 2, externalId: 'local-second', linked: false, switched: false });
  });

  it('links once and switches the document once, from the full part only, dropping cached copies', async () => {
    await claim('a');
    await parts.recordCreated(DOC, 2, 'a', 'local-next');
    await parts.markLinked(DOC, 2, AT);
    expect(await parts.switchTo(owner, DOC, 2, first, AT)).toBe(true);
    expect((await documents.findOwned(owner, DOC))?.externalId).toBe('local-next');
    expect(signals).toEqual([`document-changed ${owner} ${DOC}`]);
    // A late run of the same step changes nothing and agrees.
    expect(await parts.switchTo(owner, DOC, 2, first, new Date(AT.getTime() + 5_000))).toBe(true);
    expect(await claim('b')).toEqual({ state: 'created', part: 2, externalId: 'local-next', linked: true, switched: true });
    const listed = await parts.list(owner, DOC);
    expect(listed.map((part) => [part.number, part.externalId])).toEqual([
      [1, first],
      [2, 'local-next'],
    ]);
    expect(listed[1]?.startedAt.toISOString()).toBe(AT.toISOString());
    // Part 2 continues from itself into part 3.
    expect(await claim('c', { fromExternalId: 'local-next' })).toEqual({ state: 'claimed', part: 3 });
  });

  it("answers gone for another owner's or a deleted document, and never continues from a linked document the document does not hold", async () => {
    const stranger = await aUser(database.db);
    expect(await claim('a', { ownerId: stranger })).toEqual({ state: 'gone' });
    expect(await claim('a', { fromExternalId: 'local-unknown' })).toEqual({ state: 'gone' });
    await documents.delete(owner, DOC);
    expect(await claim('a')).toEqual({ state: 'gone' });
  });

  it('lists the documents that continued since a time, with their names, for the notifications', async () => {
    await claim('a');
    await parts.recordCreated(DOC, 2, 'a', 'local-next');
    await parts.switchTo(owner, DOC, 2, first, AT);
    expect(await parts.continuedSince(owner, new Date(AT.getTime() - 1_000))).toEqual([{ documentId: DOC, documentName: 'Invoices', part: 2, startedAt: AT }]);
    expect(await parts.continuedSince(owner, new Date(AT.getTime() + 1_000))).toEqual([]);
    expect(await parts.continuedSince(await aUser(database.db), new Date(0))).toEqual([]);
  });

  it('continues a local document at the local store\'s own limit, below the setting: "(2)" created, the full one ends with the link', async () => {
    const small = new LocalDocStore(database.db, 'http://app.test', 2_000);
    const continuation = new ContinueDocument(parts, small, testConfig({ DOC_CONTINUATION_CHARACTERS: '900000' }), fixedClock(AT));
    const owned = { userId: owner };
    for (let n = 0; n < 7; n += 1) await small.write(owned, first, { heading: `Mail ${n}`, meta: `ref 00000000000${n}`, body: 'x'.repeat(200) }, 'end');
    const size = (await small.readText(owned, first)).length;
    const document = { id: DOC, ownerId: owner, name: 'Invoices', externalId: first };
    expect(await continuation.execute({ document, size, blockSize: 2_000 - size })).toMatchObject({ outcome: 'write', externalId: first });
    const target = await continuation.execute({ document, size, blockSize: 2_000 - size + 1 });
    if (target.outcome !== 'write') throw new Error('expected a write');
    expect(target.continuedIn).toEqual({ part: 2, title: 'Invoices (2)', url: small.urlOf(target.externalId) });
    expect((await small.view(target.externalId))?.title).toBe('Invoices (2)');
    const full = await small.readText(owned, first);
    expect(full.endsWith(`Continued in Invoices (2): ${small.urlOf(target.externalId)}`)).toBe(true);
    expect((await small.view(first))?.note).toEqual({ text: `Continued in Invoices (2): ${small.urlOf(target.externalId)}`, url: small.urlOf(target.externalId) });
    // The note is written once, whatever the retries.
    await small.appendNote(owned, first, { text: 'Continued elsewhere', url: 'http://app.test/other' });
    expect((await small.view(first))?.note?.text).toBe(`Continued in Invoices (2): ${small.urlOf(target.externalId)}`);
    expect((await documents.findOwned(owner, DOC))?.externalId).toBe(target.externalId);
  });

  it("erases the parts and every part's local document with the document", async () => {
    const second = (await local.create({ userId: owner }, { title: 'Invoices (2)', intro: '' })).externalId;
    await claim('a');
    await parts.recordCreated(DOC, 2, 'a', second);
    await parts.switchTo(owner, DOC, 2, first, AT);
    expect(await documents.delete(owner, DOC)).toBe(true);
    expect(await database.db('document_parts').where({ document_id: DOC }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await local.view(first)).toBeNull();
    expect(await local.view(second)).toBeNull();
  });
});
