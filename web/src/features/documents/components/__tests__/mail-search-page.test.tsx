import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import type { ReceivedMailAcrossDocuments } from '../../api/types';
import { renderSignedIn } from './documents-test-kit';

const mail: ReceivedMailAcrossDocuments = {
  id: '40000000-0000-4000-8000-000000000001',
  documentId: '00000000-0000-4000-8000-0000000000aa',
  documentName: 'Supplier invoices',
  sourceMail: 'accounts@supplier.example',
  subject: 'Invoice 42 is due',
  attachments: 0,
  usedTokens: 2,
  receivedAt: '2026-11-21T10:15:00.000Z',
  status: 'processed',
  reason: null,
  authentication: null,
  action: null,
};

describe('search across all documents (/dashboard/mail)', () => {
  it('searches the mail of every document and opens a row in its document, in the panel', async () => {
    const api = installFakeFetch({ 'GET /api/received-mails': { status: 200, body: { data: [mail], total: 1 } } });
    const { user, router } = renderSignedIn('/dashboard/mail?q=invoice');

    const table = await screen.findByRole('table', { name: 'All processed emails' });
    expect(await within(table).findByRole('link', { name: 'Supplier invoices' })).toHaveAttribute('href', `/dashboard/doc/${mail.documentId}`);
    expect(api.callsTo('GET /api/received-mails').at(-1)?.query).toMatchObject({ q: 'invoice', page: '1', sortBy: 'receivedAt', sortOrder: 'desc' });

    await user.click(within(table).getByRole('button', { name: 'Invoice 42 is due' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/doc/${mail.documentId}`));
    expect(new URLSearchParams(router.state.location.search).get('mail')).toBe(mail.id);
  });

  it('says a failed search with "Try again", not an empty result', async () => {
    installFakeFetch({ 'GET /api/received-mails': { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } } });
    renderSignedIn('/dashboard/mail');

    const table = await screen.findByRole('table', { name: 'All processed emails' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('The mail could not be searched.');
    expect(within(table).queryByText(/No mail yet/)).not.toBeInTheDocument();
  });
});
