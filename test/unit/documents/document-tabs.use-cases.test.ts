import { beforeEach, describe, expect, it } from 'vitest';
import type { DocOwner, DocTab } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { ListDocumentTabs } from '../../../src/modules/documents/application/list-document-tabs.use-case.js';
import { SetTab } from '../../../src/modules/documents/application/set-tab.use-case.js';
import { DocNotFoundError } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { InMemoryDocStore, InMemoryDocumentRepository } from '../../support/fakes/in-memory-documents.js';

const OWNER = 'owner-1';
const DOC = '6b0c1c3e-0f43-4f59-9c37-1d6e2e4b7a10';
const TABS: DocTab[] = [
  { id: 't.0', title: 'Overview' },
  { id: 't.invoices', title: 'Invoices' },
];

/** The in-memory store with a Google Doc's tabs. */
class TabbedStore extends InMemoryDocStore {
  gone = false;
  override tabs(_owner: DocOwner, _externalId: string): Promise<DocTab[]> {
    return this.gone ? Promise.reject(new DocNotFoundError('deleted in Drive')) : Promise.resolve(TABS);
  }
}

describe('choosing the tab blocks go to', () => {
  let documents: InMemoryDocumentRepository;
  let store: TabbedStore;

  beforeEach(async () => {
    documents = new InMemoryDocumentRepository();
    store = new TabbedStore();
    await documents.claim({ id: DOC, ownerId: OWNER, name: 'Supplier', description: '', emails: ['a@b.co'], forwardToken: 'abcdefghij', forwardEmail: 'x@in.example.com', overwriteAtBeginning: false });
    const { externalId } = await store.create({ userId: OWNER }, { title: 'Supplier', intro: '' });
    await documents.complete(DOC, externalId);
  });

  it('lists the tabs with the first one in use until another is chosen, then the chosen one', async () => {
    const list = new ListDocumentTabs(documents, store);
    expect(await list.execute(OWNER, DOC)).toEqual({ tabs: TABS, tabId: 't.0', chosenTabMissing: false });

    await new SetTab(documents, store).execute(OWNER, DOC, 't.invoices');

    expect(await list.execute(OWNER, DOC)).toEqual({ tabs: TABS, tabId: 't.invoices', chosenTabMissing: false });
    expect((await documents.findOwned(OWNER, DOC))?.tabId).toBe('t.invoices');
  });

  it('refuses a tab the linked document does not have, keeping the one chosen', async () => {
    const set = new SetTab(documents, store);
    await set.execute(OWNER, DOC, 't.invoices');

    await expect(set.execute(OWNER, DOC, 't.other')).rejects.toMatchObject({ code: 'DOCUMENT.INVALID', details: [{ path: 'tabId' }] });
    expect((await documents.findOwned(OWNER, DOC))?.tabId).toBe('t.invoices');
  });

  it('says the chosen tab is gone and that the first is used', async () => {
    await documents.update(OWNER, DOC, { tabId: 't.deleted' });

    expect(await new ListDocumentTabs(documents, store).execute(OWNER, DOC)).toEqual({ tabs: TABS, tabId: 't.0', chosenTabMissing: true });
  });

  it('answers "not found" for another owner\'s document, and in words for a linked document deleted in Drive', async () => {
    await expect(new ListDocumentTabs(documents, store).execute('someone-else', DOC)).rejects.toMatchObject({ code: 'DOCUMENT.NOT_FOUND' });
    store.gone = true;
    await expect(new SetTab(documents, store).execute(OWNER, DOC, 't.0')).rejects.toMatchObject({ code: 'DOCUMENT.NOT_FOUND', message: expect.stringContaining('gone from your Google Drive') });
  });
});
