import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import type { ReceivedMailAcrossDocuments } from '../../api/types';
import { aDocumentDetails, documentPageRoutes, renderSignedIn } from './documents-test-kit';
import { aMail, aMailDetail } from './processed-emails-test-kit';

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
    const document = aDocumentDetails({ documentId: mail.documentId, documentName: mail.documentName });
    const detail = aMailDetail(mail.documentId, aMail({ id: mail.id, subject: mail.subject }));
    const api = installFakeFetch({
      ...documentPageRoutes(document),
      'GET /api/received-mails': { status: 200, body: { data: [mail], total: 1 } },
      [`GET /api/document/${mail.documentId}/received-mails/${mail.id}`]: { status: 200, body: detail },
    });
    const { user, router } = renderSignedIn('/dashboard/mail?q=invoice');

    const table = await screen.findByRole('table', { name: 'All processed emails' });
    expect(await within(table).findByRole('link', { name: 'Supplier invoices' })).toHaveAttribute('href', `/dashboard/doc/${mail.documentId}`);
    expect(api.callsTo('GET /api/received-mails').at(-1)?.query).toMatchObject({ q: 'invoice', page: '1', sortBy: 'receivedAt', sortOrder: 'desc' });

    await user.click(within(table).getByRole('button', { name: 'Invoice 42 is due' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/doc/${mail.documentId}`));
    expect(new URLSearchParams(router.state.location.search).get('mail')).toBe(mail.id);
    expect(await screen.findByRole('dialog', { name: 'Invoice 42 is due' })).toBeInTheDocument();
  });

  it('says a failed search with "Try again", not an empty result', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeFetch({ 'GET /api/received-mails': { status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } } });
    renderSignedIn('/dashboard/mail');

    const table = await screen.findByRole('table', { name: 'All processed emails' });
    expect(await within(table).findByRole('alert')).toHaveTextContent('The mail could not be searched.');
    expect(warn).toHaveBeenCalledWith('Could not search the mail.', expect.anything());
    expect(within(table).queryByText(/No mail yet/)).not.toBeInTheDocument();
  });
});
