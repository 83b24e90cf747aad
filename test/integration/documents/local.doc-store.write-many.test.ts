import { beforeAll, describe, expect, it } from 'vitest';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const owner = { userId: '00000000-0000-4000-8000-000000000001' };
const block = (n: number) => ({ heading: `Subject ${n}`, meta: `From a@b.co · day ${n} · ref 00000000000${n}`, body: `Summary ${n}.`, link: `http://app.test/dashboard/doc/d?mail=${n}` });

/** Several blocks in one write (the mail pipeline's batches, docs/operations.md § Google's quotas), as the local store keeps them. */
describe.each(databaseKinds())('the local document store writing several blocks at once (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let store: LocalDocStore;

  beforeAll(async () => {
    store = new LocalDocStore(database.db, 'http://app.test');
  });

  it('writes them in their order at the end, and each above the one before at the beginning, with their links', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: 'I' });
    await store.write(owner, externalId, block(0), 'end');
    await store.writeMany(owner, externalId, [block(1), block(2)], 'end');
    await store.writeMany(owner, externalId, [block(3), block(4)], 'beginning');
    const view = await store.view(externalId);
    expect(view?.blocks.map((b) => b.heading)).toEqual(['Subject 4', 'Subject 3', 'Subject 0', 'Subject 1', 'Subject 2']);
    expect(view?.blocks.map((b) => b.link)).toEqual([4, 3, 0, 1, 2].map((n) => block(n).link));
  });

  it('leaves out the blocks the document holds, even when batches that share blocks run at the same time', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: 'I' });
    await store.write(owner, externalId, block(2), 'end');
    await Promise.all([store.writeMany(owner, externalId, [block(1), block(2), block(3)], 'end'), store.writeMany(owner, externalId, [block(3), block(4)], 'end')]);
    const view = await store.view(externalId);
    expect(view?.blocks.map((b) => b.heading).sort()).toEqual(['Subject 1', 'Subject 2', 'Subject 3', 'Subject 4']);
  });
});
