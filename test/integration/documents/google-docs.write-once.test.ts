/**
 * One block per mail in Google Docs, however a write ends: a write Google applies after our side gave
 * up on it (timeout), a 5xx whose write had landed, a retry of the mail, an edit by the user in between.
 * Everything goes through the real googleapis client to the local fake Google Docs server.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DocStoreUnavailableError,
  type DocBlock,
  type DocPosition,
} from '../../../src/modules/documents/application/ports/doc-store.port.js';
import type { GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import { ADA, useGoogleDocStore } from '../../support/use-google-doc-store.js';

const BATCH_UPDATE = ':batchUpdate';
const REF = 'ref 3f2a9c0d1e7b';
const BLOCK: DocBlock = {
  heading: 'Quarterly numbers',
  meta: `From Grace <grace@example.com> · 21 Nov 2026, 13:00 UTC · ${REF}`,
  body: 'Revenue is up 4%.\n\nAction items:\n• Reply to Grace by Friday.',
};

const docs = useGoogleDocStore();
let docId: string;

/** What the mail pipeline does on each attempt: look for the mail's reference, write only when absent. */
async function processAttempt(via: GoogleDocsDocStore, position: DocPosition): Promise<void> {
  if ((await via.readText(ADA, docId)).includes(REF)) return;
  await via.write(ADA, docId, BLOCK, position);
}

function copiesOfTheBlock(): number {
  return (docs.google.document(docId)?.text ?? '').split(REF).length - 1;
}

function writeStatuses(): number[] {
  return docs.google.requests.filter((r) => r.path.endsWith(BATCH_UPDATE)).map((r) => r.status);
}

/** The write was carried out by the fake, whatever its answer: its status is recorded. */
async function settledWrites(count: number): Promise<void> {
  await vi.waitFor(() => expect(writeStatuses()).toHaveLength(count));
}

beforeEach(async () => {
  docId = (await docs.store.create(ADA, { title: 'Board mail', intro: 'Intro' })).externalId;
});

describe.each<DocPosition>(['beginning', 'end'])('GoogleDocsDocStore at the %s: a slow write, then the retry of the mail', (position) => {
  /** The first attempt's write reaches Google, which holds it; our side times out and gives up. */
  async function abandonedFirstAttempt(): Promise<{ release(): void }> {
    const slow = docs.google.holdNext('POST', BATCH_UPDATE);
    const impatient = docs.storeWith({ timeoutMs: 100, retry: { retries: 0, baseDelayMs: 1 } });
    await expect(processAttempt(impatient, position)).rejects.toBeInstanceOf(DocStoreUnavailableError);
    return slow;
  }

  it('leaves one block when the slow write lands after the retry wrote it', async () => {
    const slow = await abandonedFirstAttempt();

    await processAttempt(docs.store, position);
    slow.release();
    await settledWrites(3);

    expect(copiesOfTheBlock()).toBe(1);
    // The intro, the retry's write, then the slow one: refused, its revision is gone.
    expect(writeStatuses()).toEqual([200, 200, 400]);
  });

  it("leaves one block when the slow write lands between the retry's read and its write", async () => {
    const slow = await abandonedFirstAttempt();
    // The retry's pipeline check reads the text, then the store reads the revision: release after the latter.
    docs.google.afterNext('GET', `/v1/documents/${docId}`, () => undefined);
    docs.google.afterNext('GET', `/v1/documents/${docId}`, () => slow.release());

    await processAttempt(docs.store, position);

    expect(copiesOfTheBlock()).toBe(1);
    // The slow write landed; the retry's, computed on the revision before it, was refused and not repeated.
    expect(writeStatuses()).toEqual([200, 200, 400]);
    expect(docs.google.document(docId)?.namedRanges).toHaveLength(1);
  });

  it('leaves one block when the slow write landed before the retry', async () => {
    const slow = await abandonedFirstAttempt();
    slow.release();
    await settledWrites(2);

    await processAttempt(docs.store, position);

    expect(copiesOfTheBlock()).toBe(1);
    expect(writeStatuses()).toEqual([200, 200]);
  });

  it('leaves one block when our side gave up on a write that landed, and the store itself repeats it', async () => {
    const slow = docs.google.holdNext('POST', BATCH_UPDATE);
    const impatient = docs.storeWith({ timeoutMs: 100, retry: { retries: 2, baseDelayMs: 1 } });

    await impatient.write(ADA, docId, BLOCK, position);
    slow.release();
    await settledWrites(3);

    expect(copiesOfTheBlock()).toBe(1);
    expect(writeStatuses()).toEqual([200, 200, 400]);
  });

  it('leaves one block when Google applied a write but answered 503', async () => {
    docs.google.failNext('POST', BATCH_UPDATE, 503, 1, { applied: true });

    await docs.store.write(ADA, docId, BLOCK, position);

    expect(copiesOfTheBlock()).toBe(1);
    // The repeat was refused by the revision guard; a read then found the block's marker.
    expect(writeStatuses()).toEqual([200, 503, 400]);
  });

  it('does not write a block whose marker is already in the document, even where its text was edited', async () => {
    await docs.store.write(ADA, docId, BLOCK, position);
    const revenue = (docs.google.document(docId)?.text ?? '').indexOf('Revenue is up') + 1;
    docs.google.edit(docId, [{ insertText: { location: { index: revenue + 'Revenue'.length }, text: ' really' } }]);

    await docs.store.write(ADA, docId, BLOCK, position);

    expect(copiesOfTheBlock()).toBe(1);
    expect(docs.google.document(docId)?.text).toContain('Revenue really is up');
    expect(writeStatuses()).toEqual([200, 200]);
  });
});

describe('GoogleDocsDocStore: the marker and the guard', () => {
  it('marks the block with a named range over its text, in the same batch', async () => {
    await docs.store.write(ADA, docId, BLOCK, 'beginning');

    expect(docs.google.document(docId)?.namedRanges).toEqual([
      { name: expect.stringMatching(/^mailscribe-block-[0-9a-f]{32}$/), text: `Quarterly numbers\n${BLOCK.meta}\nRevenue is up 4%.\n\nAction items:\nReply to Grace by Friday.` },
    ]);
  });

  it("writes at the beginning once, after a user's edit between the read and the write, keeping the user's text", async () => {
    docs.google.afterNext('GET', `/v1/documents/${docId}`, () => docs.google.edit(docId, [{ insertText: { location: { index: 1 }, text: 'Typed by the user\n' } }]));

    await docs.store.write(ADA, docId, BLOCK, 'beginning');

    expect(docs.google.document(docId)?.paragraphs.map((p) => p.text)).toEqual([
      'Quarterly numbers',
      BLOCK.meta,
      'Revenue is up 4%.',
      '',
      'Action items:',
      // An item of the checklist: the box is the list's glyph, not a character of the text.
      'Reply to Grace by Friday.',
      '',
      'Typed by the user',
      'Intro',
    ]);
    expect(writeStatuses()).toEqual([200, 400, 200]);
  });

  it('a user who keeps editing makes the write wait for a later attempt, which writes it once', async () => {
    for (let edit = 0; edit < 5; edit += 1) {
      docs.google.afterNext('GET', `/v1/documents/${docId}`, () => docs.google.edit(docId, [{ insertText: { endOfSegmentLocation: {}, text: '.' } }]));
    }

    const error: unknown = await docs.store.write(ADA, docId, BLOCK, 'beginning').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(DocStoreUnavailableError);
    expect(copiesOfTheBlock()).toBe(0);

    await docs.store.write(ADA, docId, BLOCK, 'beginning');
    expect(copiesOfTheBlock()).toBe(1);
  });

  it('does not repeat a write refused for another reason than an edit', async () => {
    const unmarked = docs.google.seedDocument('ada', 'Notes', ['Text']);
    docs.google.failNext('POST', BATCH_UPDATE, 400);

    await expect(docs.store.write(ADA, unmarked, BLOCK, 'beginning')).rejects.toThrow(/400/);
    expect(docs.google.count('POST', BATCH_UPDATE)).toBe(2);
  });
});
