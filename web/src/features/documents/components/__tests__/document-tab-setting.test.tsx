import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentTabsResponse } from '@contract/documents';
import { aDocumentDetails, ok, renderDocumentDetails, serverError } from './documents-test-kit';

const TABS: DocumentTabsResponse = {
  tabs: [
    { id: 't.0', title: 'Overview' },
    { id: 't.invoices', title: 'Invoices' },
  ],
  tabId: 't.0',
  chosenTabMissing: false,
};

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

async function renderTabs(tabs: DocumentTabsResponse | null) {
  const document = aDocumentDetails();
  const reply = tabs ? { status: 200, body: tabs } : { status: 503, body: { error: { code: 'DOC_STORE.UNAVAILABLE', message: 'Google Docs is not answering right now.' } } };
  const view = await renderDocumentDetails(document, { [`GET /api/document/${document.documentId}/tabs`]: reply });
  const select = screen.getByRole('combobox', { name: 'Tab' });
  return { ...view, select, route: `PUT /api/document/${document.documentId}/tab` };
}

describe('document details: the tab summaries go to', () => {
  it('lists the linked document\'s tabs under Document Settings with the one in use chosen', async () => {
    const { select } = await renderTabs(TABS);

    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Overview', 'Invoices']));
    expect(select).toHaveDisplayValue('Overview');
    expect(select).toBeEnabled();
  });

  it('sends the tab picked and shows it once the server said ok', async () => {
    const { user, select, api, route } = await renderTabs(TABS);
    api.on(route, ok);
    await waitFor(() => expect(select).toBeEnabled());

    await user.selectOptions(select, 'Invoices');

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Summaries will be added to Invoices');
    expect(api.bodiesOf(route)).toEqual([{ tabId: 't.invoices' }]);
    expect(select).toHaveDisplayValue('Invoices');
  });

  it('keeps the tab in use and says so when the server refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, select, api, route } = await renderTabs(TABS);
    api.on(route, serverError);
    await waitFor(() => expect(select).toBeEnabled());

    await user.selectOptions(select, 'Invoices');

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Could not change the tab. Try again.');
    expect(select).toHaveDisplayValue('Overview');
    expect(warn).toHaveBeenCalledWith('Could not change the tab.', expect.anything());
  });

  it('says when the tab chosen before is gone and summaries go to the first tab', async () => {
    await renderTabs({ ...TABS, chosenTabMissing: true });

    expect(await screen.findByText('The tab chosen before is gone from the linked document: summaries go to its first tab.')).toBeInTheDocument();
  });

  it('offers no choice for a document with one tab', async () => {
    const { select } = await renderTabs({ tabs: [{ id: 't.0', title: 'Invoices' }], tabId: 't.0', chosenTabMissing: false });

    await waitFor(() => expect(select).toHaveDisplayValue('Invoices'));
    expect(select).toBeDisabled();
  });

  it('says the tabs could not be read when the server does not answer them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { select } = await renderTabs(null);

    expect(await screen.findByText('The tabs of the linked document could not be read. Reload the page to try again.')).toBeInTheDocument();
    expect(select).toBeDisabled();
    expect(warn).toHaveBeenCalledWith('Could not load the tabs of the linked document.', expect.anything());
  });
});
