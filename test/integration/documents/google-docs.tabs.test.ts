import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocBlock, DocOwner } from '../../../src/modules/documents/application/ports/doc-store.port.js';
import { type GoogleDocsDocStore } from '../../../src/modules/documents/infra/google-docs.doc-store.js';
import { blockMarker } from '../../../src/modules/documents/infra/google-docs.requests.js';
import type { ProviderCredentials } from '../../../src/modules/identity/application/ports/provider-credentials.port.js';
import { startFakeGoogleDocs, type FakeGoogleDocs, type FakeTab } from '../../support/fakes/fake-google-docs.server.js';
import { googleStoreOn } from '../../support/fakes/fake-google-docs.store.js';

const ADA: DocOwner = { userId: 'user-ada' };
const block: DocBlock = {
  heading: 'Invoice 2291',
  meta: 'From billing@acme.example · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a',
  body: 'Invoice due on 15 Dec.\n\nAction items:\n• Pay invoice 2291 by 15 Dec',
  link: 'https://app.test/dashboard/doc/d-1?mail=m-1',
};

let google: FakeGoogleDocs;
let store: GoogleDocsDocStore;

beforeEach(async () => {
  google = await startFakeGoogleDocs();
  const refreshToken = google.issueRefreshToken('ada');
  const credentials: ProviderCredentials = { refreshTokenOf: () => Promise.resolve(refreshToken) };
  store = googleStoreOn(google, credentials);
});

afterEach(async () => {
  await google.close();
});

function tabsOf(id: string): FakeTab[] {
  const doc = google.document(id);
  if (!doc) throw new Error(`the fake has no document ${id}`);
  return doc.tabs;
}

const seedWithTabs = () => google.seedDocument('ada', 'Supplier', ['Overview'], [{ id: 't.invoices', title: 'Invoices', paragraphs: ['Invoices so far'] }, { id: 't.notes', title: 'Notes' }]);

describe('GoogleDocsDocStore: tabs', () => {
  it('lists the document\'s tabs in order, reading it with includeTabsContent', async () => {
    const id = seedWithTabs();

    expect(await store.tabs(ADA, id)).toEqual([
      { id: 't.0', title: 'Tab 1' },
      { id: 't.invoices', title: 'Invoices' },
      { id: 't.notes', title: 'Notes' },
    ]);
    expect(google.requests.at(-1)?.query.includeTabsContent).toBe('true');
  });

  it('writes the block into the chosen tab, at its end, and leaves the other tabs alone', async () => {
    const id = seedWithTabs();

    expect(await store.write(ADA, id, block, 'end', 't.invoices')).toEqual({ tabMissing: false });

    const [first, invoices, notes] = tabsOf(id);
    expect(first?.text).toBe('Overview\n');
    expect(notes?.text).toBe('\n');
    expect(invoices?.paragraphs.map((p) => [p.text, p.preset])).toEqual([
      ['Invoices so far', null],
      ['', null],
      ['Invoice 2291', null],
      ['From billing@acme.example · 28 Nov 2026, 18:00 UTC · ref 0f9e8d7c6b5a', null],
      ['Invoice due on 15 Dec.', null],
      ['', null],
      ['Action items:', null],
      ['Pay invoice 2291 by 15 Dec', 'BULLET_CHECKBOX'],
      ['Open in Mailscribe', null],
    ]);
    expect(invoices?.namedRanges).toEqual([blockMarker(block)]);
    // One batch, every location and range in it naming the tab.
    const batch = google.requests.filter((request) => request.path.endsWith(':batchUpdate')).at(-1)?.body as { requests: Record<string, Record<string, { tabId?: string }>>[] };
    for (const request of batch.requests) {
      const args = Object.values(request)[0] ?? {};
      for (const key of ['location', 'range'] as const) if (args[key]) expect(args[key].tabId).toBe('t.invoices');
    }
  });

  it('writes at the beginning of the chosen tab', async () => {
    const id = seedWithTabs();

    await store.write(ADA, id, block, 'beginning', 't.invoices');

    expect(tabsOf(id)[1]?.text.startsWith('Invoice 2291\n')).toBe(true);
    expect(tabsOf(id)[1]?.text.endsWith('\n\nInvoices so far\n')).toBe(true);
  });

  it('falls back to the first tab when the chosen one is gone, and says so', async () => {
    const id = seedWithTabs();

    expect(await store.write(ADA, id, block, 'end', 't.deleted')).toEqual({ tabMissing: true });

    expect(tabsOf(id)[0]?.text).toContain('Invoice 2291\n');
    expect(tabsOf(id)[1]?.text).toBe('Invoices so far\n');
  });

  it('writes a block once across tabs: a retry after the tab setting changed finds its marker in the other tab', async () => {
    const id = seedWithTabs();
    await store.write(ADA, id, block, 'end', 't.invoices');
    const writes = google.count('POST', ':batchUpdate');

    await store.write(ADA, id, block, 'end', 't.notes');
    await store.write(ADA, id, block, 'end', 't.invoices');

    expect(google.count('POST', ':batchUpdate')).toBe(writes);
    expect(tabsOf(id)[2]?.text).toBe('\n');
  });

  it('writes into a document without tabs set up (one tab) as before when its tab is named', async () => {
    const { externalId } = await store.create(ADA, { title: 'Plain', intro: 'Intro' });

    expect(await store.write(ADA, externalId, block, 'end', 't.0')).toEqual({ tabMissing: false });
    expect(tabsOf(externalId)[0]?.text).toContain('Intro\n\nInvoice 2291\n');
  });
});

describe('the fake Google Docs: tabs as Google has them', () => {
  it('answers 400 to a request naming a tab the document does not have, and applies nothing of the batch', () => {
    const id = seedWithTabs();
    const before = tabsOf(id);

    expect(() => google.edit(id, [{ insertText: { location: { index: 1 }, text: 'x' } }, { insertText: { location: { index: 1, tabId: 't.unknown' }, text: 'y' } }])).toThrow(/tab/i);
    expect(tabsOf(id)).toEqual(before);
  });
});
