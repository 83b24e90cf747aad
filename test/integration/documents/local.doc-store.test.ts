import { beforeAll, describe, expect, it } from 'vitest';
import { DocNotFoundError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { LocalDocStore } from '../../../src/modules/documents/infra/local.doc-store.js';
import { databaseKinds } from '../../support/test-database.js';
import { useTestDatabase } from '../../support/use-test-app.js';

const owner = { userId: '00000000-0000-4000-8000-000000000001' };
const block = (n: number) => ({ heading: `Subject ${n}`, meta: `From a@b.co · day ${n}`, body: `Summary ${n}.\n\nSecond paragraph ${n}.` });

describe.each(databaseKinds())('the local document store (%s)', (kind) => {
  const database = useTestDatabase(kind, { resetAfterEach: true });
  let store: LocalDocStore;

  beforeAll(async () => {
    store = new LocalDocStore(database.db, 'http://app.test');
  });

  it('creates a document with an unguessable id and a local link', async () => {
    const { externalId } = await store.create(owner, { title: 'Invoices', intro: 'Intro.' });
    expect(externalId).toMatch(/^local-[\w-]{22}$/);
    expect(store.urlOf(externalId)).toBe(`http://app.test/local-docs/${externalId}`);
    expect(await store.readText(owner, externalId)).toBe('Invoices\n\nIntro.');
  });

  it('writes blocks at the beginning and at the end in the order asked', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: 'I' });
    await store.write(owner, externalId, block(1), 'end');
    await store.write(owner, externalId, block(2), 'end');
    await store.write(owner, externalId, block(3), 'beginning');
    const view = await store.view(externalId);
    expect(view?.blocks.map((b) => b.heading)).toEqual(['Subject 3', 'Subject 1', 'Subject 2']);
  });

  it('keeps every block of concurrent writes, each in its own place', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: 'I' });
    await Promise.all(Array.from({ length: 12 }, (_, n) => store.write(owner, externalId, block(n), n % 2 === 0 ? 'end' : 'beginning')));
    const positions = (await database.db('local_doc_blocks').where({ doc_id: externalId }).pluck('position')) as number[];
    expect(new Set(positions).size).toBe(12);
  });

  it('writes a block once: the same block written again, even by runs at the same time, adds nothing', async () => {
    const { externalId } = await store.create(owner, { title: 'T', intro: 'I' });
    await store.write(owner, externalId, block(1), 'end');
    await Promise.all([
      store.write(owner, externalId, block(2), 'end'),
      store.write(owner, externalId, { ...block(2), body: 'Another run summarised it differently.' }, 'beginning'),
      store.write(owner, externalId, block(1), 'end'),
    ]);
    const view = await store.view(externalId);
    // Which of the two runs of mail 2 lands first is a race; that exactly one lands is not.
    expect(view?.blocks.map((b) => b.heading).sort()).toEqual(['Subject 1', 'Subject 2']);
  });

  it('renames, and refuses another owner or a missing document', async () => {
    const { externalId } = await store.create(owner, { title: 'Old', intro: '' });
    await store.rename(owner, externalId, 'New');
    expect((await store.view(externalId))?.title).toBe('New');
    const stranger = { userId: '00000000-0000-4000-8000-000000000002' };
    await expect(store.rename(stranger, externalId, 'Mine')).rejects.toBeInstanceOf(DocNotFoundError);
    await expect(store.write(stranger, externalId, block(1), 'end')).rejects.toBeInstanceOf(DocNotFoundError);
    await expect(store.readText(owner, 'local-missing')).rejects.toBeInstanceOf(DocNotFoundError);
  });
});
