/**
 * Google's limits against the store, through the real googleapis client to the local fake Google Docs
 * server enforcing them: a 429 is DocStoreBusyError (the caller waits), never a retry within the minute,
 * and a write that would pass the document's size limit is refused whole.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DocStoreBusyError, type DocBlock, type DocOwner } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { googleStoreOn } from '../../support/fakes/fake-google-docs.store.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import { fixedClock } from '../../../src/shared/clock.js';
import { startFakeGoogleDocs, type FakeGoogleDocs, type GoogleLimits } from '../../support/fakes/fake-google-docs.server.js';

const ADA: DocOwner = { userId: 'user-ada' };
const BOB: DocOwner = { userId: 'user-bob' };
const BATCH_UPDATE = ':batchUpdate';
const block = (n: number): DocBlock => ({ heading: `Invoice ${n}`, meta: `From grace@example.com · ref 00000000000${n}`, body: 'Pay by Friday.' });

let google: FakeGoogleDocs | null = null;
afterEach(async () => {
  await google?.close();
  google = null;
});

async function setUp(limits: Omit<GoogleLimits, 'now'>, options: { maxDocumentCharacters?: number } = {}) {
  const clock = fixedClock('2026-11-02T10:00:10Z');
  const fake = await startFakeGoogleDocs({ limits: { ...limits, now: () => clock.now() }, ...options });
  google = fake;
  const tokens = new Map([ADA, BOB].map((owner) => [owner.userId, fake.issueRefreshToken(owner.userId)]));
  const credentials: ProviderCredentials = { refreshTokenOf: (userId) => Promise.resolve(tokens.get(userId) ?? null) };
  const store = googleStoreOn(fake, credentials);
  return { fake, clock, store };
}

const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => new Error('expected a rejection'), (reason: unknown) => reason);

describe('GoogleDocsDocStore under Google\'s rate limits (fake server enforcing them)', () => {
  it("answers Google's 429 on a write with DocStoreBusyError at once, writes nothing, and writes once in the next minute", async () => {
    const { fake, clock, store } = await setUp({ writesPerMinutePerUser: 2 });
    const { externalId } = await store.create(ADA, { title: 'Invoices', intro: '' });
    await store.write(ADA, externalId, block(1), 'end');

    const error = await rejection(store.write(ADA, externalId, block(2), 'end'));
    expect(error).toBeInstanceOf(DocStoreBusyError);
    expect(error).toMatchObject({ retryAfterSeconds: 60, message: expect.stringContaining("Write requests per minute per user") });
    // Refused once, not retried within the minute: the retries would be refused too.
    expect(fake.requests.filter((r) => r.path.endsWith(BATCH_UPDATE)).map((r) => r.status)).toEqual([200, 429]);
    expect(fake.quota).toMatchObject({ writes: 2, refused: 1 });

    clock.advance(60_000);
    await store.write(ADA, externalId, block(2), 'end');
    const text = fake.document(externalId)?.text ?? '';
    expect(text.split('Invoice 2')).toHaveLength(2);
    expect(text.split('Invoice 1')).toHaveLength(2);
  });

  it("counts the project's writes across users: one user's burst makes another wait", async () => {
    const { store } = await setUp({ writesPerMinutePerProject: 3 });
    const ada = await store.create(ADA, { title: 'Ada', intro: '' });
    await store.create(BOB, { title: 'Bob', intro: '' });
    await store.write(ADA, ada.externalId, block(1), 'end');

    await expect(store.create(BOB, { title: 'Bob again', intro: '' })).rejects.toBeInstanceOf(DocStoreBusyError);
  });

  it('answers a read over the per-user read limit with DocStoreBusyError', async () => {
    const { store } = await setUp({ readsPerMinutePerUser: 2 });
    const { externalId } = await store.create(ADA, { title: 'Invoices', intro: '' });
    await store.readText(ADA, externalId);
    await store.readText(ADA, externalId);

    await expect(store.readText(ADA, externalId)).rejects.toBeInstanceOf(DocStoreBusyError);
  });

  it("writes one document's blocks one at a time in a process, so none is refused for a stale revision and Google's quota pays each once", async () => {
    const { fake, store } = await setUp({ writesPerMinutePerUser: 60 });
    const { externalId } = await store.create(ADA, { title: 'Invoices', intro: '' });

    await Promise.all([1, 2, 3, 4].map((n) => store.write(ADA, externalId, block(n), 'end')));

    expect(fake.requests.filter((r) => r.path.endsWith(BATCH_UPDATE)).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const text = fake.document(externalId)?.text ?? '';
    for (const n of [1, 2, 3, 4]) expect(text.split(`Invoice ${n}`)).toHaveLength(2);
  });

  it('refuses, whole, a write that would take the document past its size limit, as Google does', async () => {
    const { fake, store } = await setUp({}, { maxDocumentCharacters: 120 });
    const { externalId } = await store.create(ADA, { title: 'Invoices', intro: '' });
    await store.write(ADA, externalId, block(1), 'end');
    const before = fake.document(externalId);

    const error = await rejection(store.write(ADA, externalId, { ...block(2), body: 'x'.repeat(200) }, 'end'));
    expect(error).toBeInstanceOf(Error);
    expect(String((error as Error).message)).toContain('400');
    expect(fake.document(externalId)).toEqual(before);
  });
});
