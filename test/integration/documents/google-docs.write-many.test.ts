/**
 * Several blocks in one batchUpdate (the mail pipeline's batches, docs/operations.md § Google's quotas):
 * each block lands as a single write of it would, with its own marker, and a block already in the
 * document is left out. Through the real googleapis client to the local fake Google Docs server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocBlock, DocOwner, DocPosition } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { type GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import { startFakeGoogleDocs, type FakeGoogleDocs } from '../../support/fakes/fake-google-docs.server.js';
import { googleStoreOn } from '../../support/fakes/fake-google-docs.store.js';

const ADA: DocOwner = { userId: 'user-ada' };
const BATCH_UPDATE = ':batchUpdate';

const block = (n: number): DocBlock => ({
  heading: `Invoice ${n}`,
  meta: `From Grace <grace@example.com> · 21 Nov 2026, 13:0${n} UTC · ref 3f2a9c0d1e7${n}`,
  body: `Invoice ${n} is due on Friday.\n\nKey points:\n• Amount ${n}00 EUR\n\nAction items:\n• Pay invoice ${n}`,
  link: `https://mailscribe.test/dashboard/doc/d?mail=${n}`,
});
const BLOCKS = [block(1), block(2), block(3)];

let google: FakeGoogleDocs;
let store: GoogleDocsDocStore;

beforeEach(async () => {
  google = await startFakeGoogleDocs();
  const token = google.issueRefreshToken('ada');
  const credentials: ProviderCredentials = { refreshTokenOf: () => Promise.resolve(token) };
  store = googleStoreOn(google, credentials);
});

afterEach(async () => {
  await google.close();
});

const newDoc = async () => (await store.create(ADA, { title: 'Board mail', intro: 'Intro' })).externalId;
const writes = () => google.count('POST', BATCH_UPDATE);

describe.each<DocPosition>(['end', 'beginning'])('GoogleDocsDocStore.writeMany at the %s', (position) => {
  it('writes the blocks in one batchUpdate, each with its own marker, laid out as one write per block would', async () => {
    const single = await newDoc();
    for (const one of BLOCKS) await store.write(ADA, single, one, position);
    const batched = await newDoc();
    const before = writes();

    await store.writeMany(ADA, batched, BLOCKS, position);

    expect(writes() - before).toBe(1);
    const doc = google.document(batched);
    expect(doc?.text).toBe(google.document(single)?.text);
    // The same paragraphs, styles and lists (lists' ids are the fake's random ones).
    const layout = (id: string) => google.document(id)?.paragraphs.map(({ listId, ...paragraph }) => ({ ...paragraph, list: listId !== undefined }));
    expect(layout(batched)).toEqual(layout(single));
    expect(doc?.namedRanges.map((range) => range.text.split('\n')[0])).toEqual(expect.arrayContaining(BLOCKS.map((one) => one.heading)));
    expect(doc?.namedRanges).toHaveLength(BLOCKS.length);
    const order = BLOCKS.map((one) => doc?.text.indexOf(one.heading) ?? -1);
    // At the end in their order; at the beginning each above the one before.
    expect([...order].sort((a, b) => a - b)).toEqual(position === 'end' ? order : [...order].reverse());
  });

  it('leaves out a block already in the document and writes the others', async () => {
    const docId = await newDoc();
    await store.write(ADA, docId, BLOCKS[1] ?? block(2), position);
    const before = writes();

    await store.writeMany(ADA, docId, BLOCKS, position);
    await store.writeMany(ADA, docId, BLOCKS, position);

    // The second call found every marker: no write.
    expect(writes() - before).toBe(1);
    const text = google.document(docId)?.text ?? '';
    for (const one of BLOCKS) expect(text.split(one.meta).length - 1, one.heading).toBe(1);
    expect(google.document(docId)?.namedRanges).toHaveLength(BLOCKS.length);
  });
});
