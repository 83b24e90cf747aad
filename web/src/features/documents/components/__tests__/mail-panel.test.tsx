import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { documentKeys } from '../../api/query-keys';
import type { ReceivedMail, ReceivedMailDetail } from '../../api/types';
import { aDocumentDetails, renderDocumentDetails, serverError, type Reply } from './documents-test-kit';
import { aMail, aMailDetail } from './processed-emails-test-kit';

const MAIL_ID = '20000000-0000-4000-8000-000000000001';

/** The one mail in the table. */
const MAIL: ReceivedMail = aMail({ id: MAIL_ID, subject: 'Quarterly budget approved', attachments: 1, usedTokens: 3 });

function aDetail(documentId: string, overrides: Partial<ReceivedMailDetail> = {}): ReceivedMailDetail {
  return aMailDetail(documentId, MAIL, overrides);
}

/** The details page with one mail in its table, and its detail answered by `detail`. */
async function renderWithMail(detail: (documentId: string) => Reply, search = '') {
  const document = aDocumentDetails();
  const detailRoute = `GET /api/document/${document.documentId}/received-mails/${MAIL_ID}`;
  const view = await renderDocumentDetails(
    document,
    {
      [`GET /api/document/${document.documentId}/received-mails`]: { status: 200, body: { data: [MAIL], total: 1 } },
      [detailRoute]: () => detail(document.documentId),
    },
    search,
  );
  const table = await screen.findByRole('table', { name: 'Processed Emails' });
  const subject = await within(table).findByRole('button', { name: /Quarterly budget approved/ });
  return { ...view, document, table, subject, detailRoute };
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('the mail panel', () => {
  it('opens from a row and shows the block as written, its cost, its status history and "Open in document"', async () => {
    const { user, subject, router, document } = await renderWithMail((documentId) => ({ status: 200, body: aDetail(documentId) }));

    await user.click(subject);

    const panel = await screen.findByRole('dialog', { name: 'Quarterly budget approved' });
    expect(search(router).get('mail')).toBe(MAIL_ID);
    expect(within(panel).getByText('From boss@example.com · 21 Nov 2026 · ref 7f3a')).toBeInTheDocument();
    expect(within(panel).getByText('Forwarded by ada@example.com')).toBeInTheDocument();
    expect(within(panel).getByText('Attachments: budget.pdf')).toBeInTheDocument();
    expect(within(panel).getByText('Final invoices are due on Friday.')).toBeInTheDocument();
    expect(within(within(panel).getAllByRole('list')[0]!).getByText('Budget approved')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Action items' })).toBeInTheDocument();
    expect(within(panel).getByText('Send the final invoices by Friday')).toBeInTheDocument();
    expect(within(panel).getByText('Tokens').nextElementSibling).toHaveTextContent('3');
    const history = within(panel).getAllByRole('listitem').filter((item) => item.classList.contains('mail-history__step'));
    expect(history.map((item) => item.querySelector('.mail-history__status')?.textContent)).toEqual(['Queued', 'Processing', 'Processed']);
    const open = within(panel).getByRole('link', { name: 'Open in document' });
    expect(open).toHaveAttribute('href', 'https://docs.example.com/d/abc');
    expect(open).toHaveAttribute('target', '_blank');
    expect(document.documentId).toBeTruthy();
  });

  it('closes on Escape, gives the focus back to the row and leaves the URL without the mail', async () => {
    const { user, subject, router } = await renderWithMail((documentId) => ({ status: 200, body: aDetail(documentId) }));
    await user.click(subject);
    await screen.findByRole('dialog', { name: 'Quarterly budget approved' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(subject).toHaveFocus();
    expect(search(router).get('mail')).toBeNull();
  });

  it('opens from anywhere on the row, and from the keyboard on the subject', async () => {
    const { user, table, subject } = await renderWithMail((documentId) => ({ status: 200, body: aDetail(documentId) }));

    await user.click(within(table).getByText('boss@example.com'));
    await screen.findByRole('dialog', { name: 'Quarterly budget approved' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    subject.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Quarterly budget approved' })).toBeInTheDocument();
  });

  it('opens by itself when the page is loaded with ?mail=<id> (a reload or a shared link)', async () => {
    await renderWithMail((documentId) => ({ status: 200, body: aDetail(documentId) }), `?mail=${MAIL_ID}`);

    expect(await screen.findByRole('dialog', { name: 'Quarterly budget approved' })).toBeInTheDocument();
  });

  it('says when nothing was written for the mail, and still shows why in its history', async () => {
    await renderWithMail(
      (documentId) => ({
        status: 200,
        body: aDetail(documentId, {
          subject: 'You won a prize',
          status: 'ignored',
          reason: 'stranger@example.org is not on this document\'s allow-list.',
          block: null,
          documentUrl: null,
          history: [{ status: 'ignored', reason: 'stranger@example.org is not on this document\'s allow-list.', at: '2026-11-21T10:15:00.000Z' }],
        }),
      }),
      `?mail=${MAIL_ID}`,
    );

    const panel = await screen.findByRole('dialog', { name: 'You won a prize' });
    expect(within(panel).getByText('Nothing was written to the document for this mail.')).toBeInTheDocument();
    expect(within(panel).getAllByText("stranger@example.org is not on this document's allow-list.").length).toBeGreaterThan(0);
    expect(within(panel).queryByRole('link', { name: 'Open in document' })).not.toBeInTheDocument();
  });

  it('says a failed load with "Try again", never an empty panel, and shows the mail after it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let fail = true;
    const { user } = await renderWithMail((documentId) => (fail ? serverError : { status: 200, body: aDetail(documentId) }), `?mail=${MAIL_ID}`);

    const panel = await screen.findByRole('dialog', { name: 'Mail' });
    expect(within(panel).getByRole('alert')).toHaveTextContent('This mail could not be loaded.');
    expect(warn).toHaveBeenCalledWith('Could not load the mail.', expect.anything());
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('dialog', { name: 'Quarterly budget approved' })).toBeInTheDocument();
  });

  it('follows the mail when a mail event refreshes the document (live updates)', async () => {
    let status: ReceivedMail['status'] = 'processing';
    const { queryClient, document } = await renderWithMail(
      (documentId) => ({ status: 200, body: aDetail(documentId, { status, block: status === 'processed' ? aDetail(documentId).block : null }) }),
      `?mail=${MAIL_ID}`,
    );
    const panel = await screen.findByRole('dialog', { name: 'Quarterly budget approved' });
    expect(within(panel).getByText('Nothing was written to the document for this mail.')).toBeInTheDocument();

    status = 'processed';
    // What a `mail` event does (app/live-updates): the document's mail, the open panel included.
    await queryClient.invalidateQueries({ queryKey: documentKeys.receivedMails(document.documentId) });

    expect(await within(panel).findByText('Send the final invoices by Friday')).toBeInTheDocument();
  });
});
