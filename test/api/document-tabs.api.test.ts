import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../src/contract/common.js';
import type { DocumentTabsResponse } from '../../src/contract/documents.js';
import { createDocument } from '../support/documents.js';
import { signIn } from '../support/sign-in.js';
import { databaseKinds } from '../support/test-database.js';
import { useGoogleDocsApp } from '../support/use-google-docs-app.js';
import { useTestApp } from '../support/use-test-app.js';

describe.each(databaseKinds())('the tab blocks go to, on Google Docs (%s)', (kind) => {
  // No document cache: the test points a document at a Google Doc it set up with tabs.
  const { app, database, google, grantGoogle } = useGoogleDocsApp(kind, { env: { DOCUMENT_CACHE_SECONDS: '0' }, resetAfterEach: true });
  let token: string;

  beforeEach(async () => {
    token = await signIn(app, { email: 'ada@example.com' });
    await grantGoogle('ada');
  });

  /** A document whose linked Google Doc has three tabs, as the user set them up in Docs. */
  async function documentWithTabs(): Promise<string> {
    const created = await createDocument(app, token, { docName: 'Supplier' });
    const id = google.seedDocument('ada', 'Supplier', ['Overview'], [{ id: 't.invoices', title: 'Invoices' }, { id: 't.notes', title: 'Notes' }]);
    await database.db('documents').where({ id: created.documentId }).update({ external_id: id });
    return created.documentId;
  }

  const tabsOf = async (documentId: string) => app.fetch(`/api/document/${documentId}/tabs`, { token });

  it('lists the linked document\'s tabs, the first one chosen until the user picks another', async () => {
    const documentId = await documentWithTabs();

    const response = await tabsOf(documentId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      tabs: [
        { id: 't.0', title: 'Tab 1' },
        { id: 't.invoices', title: 'Invoices' },
        { id: 't.notes', title: 'Notes' },
      ],
      tabId: 't.0',
      chosenTabMissing: false,
    } satisfies DocumentTabsResponse);
  });

  it('keeps the tab picked, and answers 422 naming the field for a tab the document does not have (as every domain rule does)', async () => {
    const documentId = await documentWithTabs();

    const set = await app.fetch(`/api/document/${documentId}/tab`, { method: 'PUT', token, json: { tabId: 't.invoices' } });
    expect(set.status).toBe(200);
    expect(((await (await tabsOf(documentId)).json()) as DocumentTabsResponse).tabId).toBe('t.invoices');
    expect(await database.db('documents').where({ id: documentId }).first('tab_id')).toEqual({ tab_id: 't.invoices' });

    const unknown = await app.fetch(`/api/document/${documentId}/tab`, { method: 'PUT', token, json: { tabId: 't.nope' } });
    expect(unknown.status).toBe(422);
    const error = (await unknown.json()) as ErrorResponse;
    expect(error.error.message).toMatch(/no such tab/);
    expect(JSON.stringify(error)).toContain('tabId');
    expect(await database.db('documents').where({ id: documentId }).first('tab_id')).toEqual({ tab_id: 't.invoices' });
  });

  it('refuses a malformed body with 400 and changes nothing', async () => {
    const documentId = await documentWithTabs();

    for (const json of [{}, { tabId: '' }, { tabId: 7 }, { tabId: 'x'.repeat(201) }]) {
      const response = await app.fetch(`/api/document/${documentId}/tab`, { method: 'PUT', token, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
    expect(await database.db('documents').where({ id: documentId }).first('tab_id')).toEqual({ tab_id: null });
  });

  it('says when the chosen tab is gone, and that the first one is used', async () => {
    const documentId = await documentWithTabs();
    await database.db('documents').where({ id: documentId }).update({ tab_id: 't.deleted' });

    expect(await (await tabsOf(documentId)).json()).toMatchObject({ tabId: 't.0', chosenTabMissing: true });
  });

  it('answers 404 for another user\'s document and for a malformed id', async () => {
    const documentId = await documentWithTabs();
    const stranger = await signIn(app, { email: 'mallory@example.com' });

    expect((await app.fetch(`/api/document/${documentId}/tabs`, { token: stranger })).status).toBe(404);
    expect((await app.fetch(`/api/document/${documentId}/tab`, { method: 'PUT', token: stranger, json: { tabId: 't.0' } })).status).toBe(404);
    expect((await app.fetch('/api/document/not-a-uuid/tabs', { token })).status).toBe(404);
  });
});

describe.each(databaseKinds())('the tab of a local document (%s)', (kind) => {
  const { app } = useTestApp(kind, { resetAfterEach: true });
  let token: string;

  beforeEach(async () => {
    token = await signIn(app, { email: 'owner@example.com' });
  });

  it('has one tab, named after the document, which can be picked', async () => {
    const created = await createDocument(app, token, { docName: 'Weekly reports' });

    const tabs = (await (await app.fetch(`/api/document/${created.documentId}/tabs`, { token })).json()) as DocumentTabsResponse;
    expect(tabs).toEqual({ tabs: [{ id: 't.0', title: 'Weekly reports' }], tabId: 't.0', chosenTabMissing: false });
    expect((await app.fetch(`/api/document/${created.documentId}/tab`, { method: 'PUT', token, json: { tabId: 't.0' } })).status).toBe(200);
  });
});
