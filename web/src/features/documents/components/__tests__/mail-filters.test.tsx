import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '@/test/fake-fetch';
import type { ReceivedMail } from '../../api/types';
import { aDocumentDetails, renderDocumentDetails, serverError, type Reply } from './documents-test-kit';
import { aMail } from './processed-emails-test-kit';

/** The server: the mail whose subject contains `q`, and nothing when another filter is set. */
const server = (mails: ReceivedMail[]) => (call: RecordedRequest): Reply => {
  const q = (call.query['q'] ?? '').toLowerCase();
  const data = mails.filter((mail) => mail.subject.toLowerCase().includes(q));
  return { status: 200, body: { data, total: data.length } };
};

async function renderFiltered(reply: (call: RecordedRequest) => Reply, search = '') {
  const document = aDocumentDetails({ forwardEmail: 'invoices-k3j9x2ab@in.mailscribe.test' });
  const listRoute = `GET /api/document/${document.documentId}/received-mails`;
  const view = await renderDocumentDetails(document, { [listRoute]: reply }, search);
  const table = await screen.findByRole('table', { name: 'Processed Emails' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  const filters = screen.getByRole('search', { name: 'Filter processed emails' });
  const lastQuery = () => view.api.callsTo(listRoute).at(-1)?.query;
  return { ...view, table, filters, lastQuery };
}

describe('processed emails: search and filters', () => {
  it('searches subject and sender once typing pauses, from the first page, and keeps the search in the URL', async () => {
    const { user, table, filters, lastQuery, router } = await renderFiltered(server([aMail({ subject: 'Invoice 7' }), aMail({ subject: 'Lunch on Friday' })]));

    await user.type(within(filters).getByRole('searchbox', { name: 'Search mail' }), 'invoice');

    await waitFor(() => expect(lastQuery()).toMatchObject({ q: 'invoice', page: '1' }));
    await waitFor(() => expect(within(table).queryByText('Lunch on Friday')).not.toBeInTheDocument());
    expect(within(table).getByText('Invoice 7')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('invoice');
  });

  it('filters by status and by a date range', async () => {
    const { user, filters, lastQuery } = await renderFiltered(server([aMail({ subject: 'Invoice 7' })]));

    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'Failed');
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'failed' }));
    await user.type(within(filters).getByLabelText('From date'), '2026-11-01');
    await user.type(within(filters).getByLabelText('To date'), '2026-11-30');

    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'failed', from: '2026-11-01', to: '2026-11-30' }));
  });

  it('says "No mail matches" for a filtered list with nothing in it, not the first-forward invitation, and clears the filters', async () => {
    const { user, table, filters, lastQuery } = await renderFiltered(server([aMail({ subject: 'Invoice 7' })]), '?q=nothing');

    expect(within(filters).getByRole('searchbox', { name: 'Search mail' })).toHaveValue('nothing');
    expect(lastQuery()).toMatchObject({ q: 'nothing' });
    expect(await within(table).findByText('No mail matches these filters.')).toBeInTheDocument();
    expect(within(table).queryByText(/No emails yet/)).not.toBeInTheDocument();

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));

    expect(await within(table).findByText('Invoice 7')).toBeInTheDocument();
    expect(lastQuery()).not.toHaveProperty('q');
    expect(within(filters).getByRole('searchbox', { name: 'Search mail' })).toHaveValue('');
  });

  it('shows a failed filtered load as an error with "Try again", never as "No mail matches"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { table } = await renderFiltered(() => serverError, '?status=held');

    expect(await within(table).findByRole('alert')).toHaveTextContent('The processed emails could not be loaded.');
    expect(within(table).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the processed emails.', expect.anything());
    expect(within(table).queryByText('No mail matches these filters.')).not.toBeInTheDocument();
  });
});
