import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTINUATION_CLAIM_LEASE_MS, ContinueDocument } from '../../../src/modules/documents/application/continue-document.use-case.js';
import { CreateDocument } from '../../../src/modules/documents/application/create-document.use-case.js';
import type { Document } from '../../../src/modules/documents/domain/document.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { InMemoryDocumentPartRepository } from '../../support/fakes/in-memory-document-parts.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from '../../support/fakes/in-memory-documents.js';
import { testConfig } from '../../support/test-config.js';

const OWNER = 'owner-1';
const THRESHOLD = 10_000;
const FULL = { size: 9_900, blockSize: 200 };

describe('continuing a document that would fill up', () => {
  let documents: InMemoryDocumentRepository;
  let store: InMemoryDocStore;
  let parts: InMemoryDocumentPartRepository;
  let clock: ReturnType<typeof fixedClock>;
  let continuation: ContinueDocument;
  let document: Document;

  const current = async () => (await documents.findOwned(OWNER, document.id))?.externalId;
  const creates = () => store.calls.filter((call) => call === 'create').length;

  beforeEach(async () => {
    documents = new InMemoryDocumentRepository();
    store = new InMemoryDocStore();
    parts = new InMemoryDocumentPartRepository(documents);
    clock = fixedClock('2026-12-04T10:00:00Z');
    const config = testConfig({ INBOUND_DOMAIN: 'in.test', DOC_CONTINUATION_CHARACTERS: String(THRESHOLD) });
    document = await new CreateDocument(documents, store, config).execute({ ownerId: OWNER, documentId: '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10', name: 'Invoices', description: '', allowedEmails: ['billing@example.com'] });
    store.calls.length = 0;
    continuation = new ContinueDocument(parts, store, config, clock);
  });

  it('writes to the document itself while the block keeps it under the threshold', async () => {
    const target = await continuation.execute({ document, size: 9_000, blockSize: 1_000 });
    expect(target).toEqual({ outcome: 'write', externalId: 'doc-1', continuedIn: null });
    expect(store.calls).toEqual([]);
  });

  it('past the threshold creates "<name> (2)", ends the full one with a link to it, switches the document and writes there', async () => {
    const target = await continuation.execute({ document, ...FULL });
    expect(target).toEqual({ outcome: 'write', externalId: 'doc-2', continuedIn: { part: 2, title: 'Invoices (2)', url: 'https://docs.test/doc-2' } });
    expect(store.docs.get('doc-2')).toMatchObject({ title: 'Invoices (2)', intro: expect.stringContaining('https://docs.test/doc-1') });
    expect(store.notes.get('doc-1')).toEqual({ text: 'Continued in Invoices (2): https://docs.test/doc-2', url: 'https://docs.test/doc-2' });
    expect(await current()).toBe('doc-2');
    expect((await parts.list(OWNER, document.id)).map((part) => [part.number, part.externalId])).toEqual([
      [1, 'doc-1'],
      [2, 'doc-2'],
    ]);
  });

  it('a run that still holds the full part (a stale copy) is sent to the next part, with nothing created or linked again', async () => {
    await continuation.execute({ document, ...FULL });
    const again = await continuation.execute({ document, ...FULL });
    expect(again).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(creates()).toBe(1);
    expect(store.calls.filter((call) => call === 'appendNote')).toHaveLength(1);
  });

  it('continues again from part 2 into "<name> (3)"', async () => {
    await continuation.execute({ document, ...FULL });
    const second = { ...document, externalId: 'doc-2' };
    const target = await continuation.execute({ document: second, ...FULL });
    expect(target).toMatchObject({ outcome: 'write', externalId: 'doc-3', continuedIn: { part: 3, title: 'Invoices (3)' } });
    expect(store.notes.get('doc-2')?.text).toBe('Continued in Invoices (3): https://docs.test/doc-3');
    expect((await parts.list(OWNER, document.id)).map((part) => part.number)).toEqual([1, 2, 3]);
  });

  it("follows the store's own limit when it is lower than the setting", async () => {
    store.maxCharacters = 5_000;
    const target = await continuation.execute({ document, size: 4_900, blockSize: 200 });
    expect(target).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
  });

  it('two runs at once make one new document: the second waits for the first', async () => {
    const [a, b] = await Promise.all([continuation.execute({ document, ...FULL }), continuation.execute({ document, ...FULL })]);
    expect([a.outcome, b.outcome].sort()).toEqual(['wait', 'write']);
    expect(creates()).toBe(1);
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(creates()).toBe(1);
  });

  it('a create the store refused gives the claim up: the next run creates at once', async () => {
    store.failNextWith(new Error('Google is down'));
    await expect(continuation.execute({ document, ...FULL })).rejects.toThrow('Google is down');
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(store.docs.size).toBe(2);
  });

  it('a run that died while the store was creating holds its claim until the lease ends; then one run takes it over', async () => {
    const create = store.create.bind(store);
    store.create = () => new Promise(() => undefined);
    // The process died here: its call never returns.
    void continuation.execute({ document, ...FULL });
    await vi.waitFor(() => expect(parts.rows.get(document.id)?.has(2)).toBe(true));
    store.create = create;
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'wait' });
    clock.advance(CONTINUATION_CLAIM_LEASE_MS + 1);
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(store.docs.size).toBe(2);
  });

  it('a run that died after the store created the document but before recording it costs one unrecorded document, never more', async () => {
    const recordCreated = parts.recordCreated.bind(parts);
    parts.recordCreated = () => new Promise(() => undefined);
    void continuation.execute({ document, ...FULL });
    await vi.waitFor(() => expect(store.docs.size).toBe(2));
    parts.recordCreated = recordCreated;
    // Within the lease every retry waits: no document per retry.
    for (let retry = 0; retry < 3; retry += 1) expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'wait' });
    clock.advance(CONTINUATION_CLAIM_LEASE_MS + 1);
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-3' });
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-3' });
    expect(store.docs.size).toBe(3);
    expect(await current()).toBe('doc-3');
  });

  it('a run that died after recording the new document links and switches on the retry, creating nothing', async () => {
    const appendNote = store.appendNote.bind(store);
    let crashes = 1;
    store.appendNote = async (...args) => {
      if (crashes-- > 0) throw new Error('process killed before the note');
      return appendNote(...args);
    };
    await expect(continuation.execute({ document, ...FULL })).rejects.toThrow('process killed before the note');
    expect(await current()).toBe('doc-1');
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(creates()).toBe(1);
    expect(store.notes.get('doc-1')?.text).toBe('Continued in Invoices (2): https://docs.test/doc-2');
    expect(await current()).toBe('doc-2');
  });

  it('a run that died after the note but before the switch switches on the retry, with the note written once', async () => {
    const switchTo = parts.switchTo.bind(parts);
    let crashes = 1;
    parts.switchTo = async (...args) => {
      if (crashes-- > 0) throw new Error('process killed before the switch');
      return switchTo(...args);
    };
    await expect(continuation.execute({ document, ...FULL })).rejects.toThrow('process killed before the switch');
    expect(await current()).toBe('doc-1');
    expect(await continuation.execute({ document, ...FULL })).toMatchObject({ outcome: 'write', externalId: 'doc-2' });
    expect(store.calls.filter((call) => call === 'appendNote')).toHaveLength(1);
    expect(creates()).toBe(1);
    expect(await current()).toBe('doc-2');
  });
});
