import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { aDocumentDetails, documentPageRoutes, heldReply, ok, renderDocumentDetails, renderSignedIn, serverError } from './documents-test-kit';
import { documentsAnswer } from '@/test/documents-answer';

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('document details: loading and not found', () => {
  it('reads "Loading document details ..." until the document arrives', async () => {
    const document = aDocumentDetails({ documentName: 'Invoices' });
    const held = heldReply();
    installFakeFetch({ ...documentPageRoutes(document), [`GET /api/getDocumentDetails/${document.documentId}`]: held.handler });
    renderSignedIn(`/dashboard/doc/${document.documentId}`);

    expect(await screen.findByRole('heading', { name: 'Loading document details ...', level: 1 })).toBeInTheDocument();
    held.release({ status: 200, body: document });

    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
  });

  it('shows the Polish not-found text for a missing document, with the way back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    installFakeFetch({
      'GET /api/getDocumentDetails/00000000-0000-4000-8000-00000000dead': {
        status: 404,
        body: { error: { code: 'DOCUMENT.NOT_FOUND', message: 'Document not found.' } },
      },
      'GET /api/google-docs': documentsAnswer(),
    });
    const { user, router } = renderSignedIn('/dashboard/doc/00000000-0000-4000-8000-00000000dead');

    expect(await screen.findByRole('heading', { name: 'Nie znaleziono dokumentu.', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Dokument mógł zostać usunięty lub nie masz do niego dostępu.')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the document details.', expect.anything());

    await user.click(screen.getByRole('link', { name: 'Back to documents' }));
    expect(router.state.location.pathname).toBe('/dashboard/docs');
  });

  it('says another load failure in words, not as not-found, and shows the document after "Try again"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const document = aDocumentDetails({ documentName: 'Invoices' });
    const api = installFakeFetch({ ...documentPageRoutes(document), [`GET /api/getDocumentDetails/${document.documentId}`]: serverError });
    const { user } = renderSignedIn(`/dashboard/doc/${document.documentId}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('This document could not be loaded.');
    expect(screen.getByRole('heading', { name: 'Document details', level: 1 })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the document details.', expect.anything());
    expect(screen.queryByText('Nie znaleziono dokumentu.')).not.toBeInTheDocument();

    api.on(`GET /api/getDocumentDetails/${document.documentId}`, { status: 200, body: document });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
  });

  it('leads back to the documents list', async () => {
    const { user, router } = await renderDocumentDetails(aDocumentDetails());

    await user.click(screen.getByRole('link', { name: 'Back to documents' }));

    expect(router.state.location.pathname).toBe('/dashboard/docs');
  });

  it('sends /project/:projectId to that document', async () => {
    const document = aDocumentDetails({ documentName: 'Invoices' });
    installFakeFetch(documentPageRoutes(document));
    const { router } = renderSignedIn(`/project/${document.documentId}`);

    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/doc/${document.documentId}`);
  });
});

describe('document details: info cards', () => {
  it('shows the processed count, the forward address with its explanation and the document link', async () => {
    await renderDocumentDetails(
      aDocumentDetails({ processedEmailsCount: 42, forwardEmail: 'invoices-k3j9x2ab@localhost', documentUrl: '/local-docs/doc-1' }),
    );

    // The mail table comes first on the page; the count is on the info card after it.
    const [table, card] = screen.getAllByRole('heading', { name: 'Processed Emails' }).map((heading) => heading.closest('section')!);
    expect(within(table!).getByRole('table', { name: 'Processed Emails' })).toBeInTheDocument();
    expect(within(card!).getByText('42')).toBeInTheDocument();
    const copy = screen.getByRole('button', { name: 'invoices-k3j9x2ab@localhost' });
    expect(copy).toHaveAccessibleDescription('This is the email address you forward incoming emails to from your inbox.');
    expect(screen.getByRole('tooltip')).toHaveTextContent('This is the email address you forward incoming emails to from your inbox.');
    const link = screen.getByRole('link', { name: 'Open document' });
    expect(link).toHaveAttribute('href', '/local-docs/doc-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('heading', { name: 'Document Link' })).toBeInTheDocument();
  });

  it('copies the forward address on click and confirms it for 1.6 s', async () => {
    await renderDocumentDetails(aDocumentDetails({ forwardEmail: 'invoices-k3j9x2ab@localhost' }));
    vi.useFakeTimers();

    // user-event's click never settles under fake timers here; the timing, not the click, is under test.
    fireEvent.click(screen.getByRole('button', { name: 'invoices-k3j9x2ab@localhost' }));
    await act(async () => {});

    expect(await navigator.clipboard.readText()).toBe('invoices-k3j9x2ab@localhost');
    expect(screen.getByText('Copied')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1599));
    expect(screen.getByText('Copied')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied')).not.toBeInTheDocument();
  });

  it('has the processed-mails table under its own heading', async () => {
    await renderDocumentDetails(aDocumentDetails());

    expect(await screen.findByRole('table', { name: 'Processed Emails' })).toBeInTheDocument();
  });
});

describe('document details: content placement', () => {
  async function renderPlacement(overwriteAtBeginning: boolean) {
    const document = aDocumentDetails({ overwriteAtBeginning });
    const view = await renderDocumentDetails(document);
    const select = screen.getByRole('combobox', { name: 'Content Placement' });
    return { ...view, select, route: `PUT /api/document/${document.documentId}/overwrite-at-beginning` };
  }

  it('shows Beginning or End from overwriteAtBeginning under Document Settings', async () => {
    const { select } = await renderPlacement(false);

    expect(screen.getByRole('heading', { name: 'Document Settings' })).toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Beginning', 'End']);
    expect(select).toHaveDisplayValue('End');
  });

  it('sends a new placement behind the overlay and keeps it once the server said ok', async () => {
    const held = heldReply();
    const { user, select, api, route } = await renderPlacement(true);
    api.on(route, held.handler);

    await user.selectOptions(select, 'End');

    expect(screen.getByRole('dialog', { name: 'Please wait…' })).toBeInTheDocument();
    expect(api.bodiesOf(route)).toEqual([{ overwriteAtBeginning: false }]);
    held.release(ok);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(select).toHaveDisplayValue('End');
    expect(within(notifications()).getByRole('status')).toHaveTextContent('Summaries will be added at the end');
  });

  it('confirms a move to the beginning in a toast', async () => {
    const { user, select, api, route } = await renderPlacement(false);
    api.on(route, ok);

    await user.selectOptions(select, 'Beginning');

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Summaries will be added at the beginning');
    expect(select).toHaveDisplayValue('Beginning');
  });

  it('makes no call when the same placement is chosen', async () => {
    const { user, select, api, route } = await renderPlacement(true);

    await user.selectOptions(select, 'Beginning');

    expect(api.callsTo(route)).toHaveLength(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the old placement and shows the error toast when the update fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, select, api, route } = await renderPlacement(true);
    api.on(route, serverError);

    await user.selectOptions(select, 'End');

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Could not update overwrite position. Try again.');
    expect(select).toHaveDisplayValue('Beginning');
  });

  it('keeps the old placement when the server does not answer ok (a malformed answer fails the call)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, select, api, route } = await renderPlacement(true);
    api.on(route, { status: 200, body: { ok: false } });

    await user.selectOptions(select, 'End');

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Could not update overwrite position. Try again.');
    expect(select).toHaveDisplayValue('Beginning');
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });
});
