import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { aCard, aDocument, aDocumentDetails, cardNames, cardOf, heldReply, ok, pagedDocuments, renderDocumentsList, renderSignedIn, serveDocumentPage, serverError } from './documents-test-kit';

describe('documents list', () => {
  it('reads "Loading documents ..." until the documents arrive, then "Documents"', async () => {
    const held = heldReply();
    installFakeFetch({ 'GET /api/google-docs': held.handler });
    renderSignedIn('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Loading documents ...', level: 1 })).toBeInTheDocument();
    held.release({ status: 200, body: { data: [aCard(aDocument({ documentName: 'Invoices' }))], total: 1, page: 1, pageSize: 24 } });

    expect(await screen.findByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Invoices']);
  });

  it('shows on a card the name, the allowed-email count, the forward address and the document link', async () => {
    const document = aDocument({
      documentName: 'Invoices',
      emails: ['ada@example.com', 'grace@example.com'],
      forwardEmail: 'invoices-k3j9x2ab@localhost',
      documentUrl: '/local-docs/doc-1',
    });
    await renderDocumentsList([document]);

    const card = cardOf('Invoices');
    expect(within(card).getByText('Allowed emails: 2')).toBeInTheDocument();
    expect(within(card).getByText('Forward mail')).toBeInTheDocument();
    expect(within(card).getByText('invoices-k3j9x2ab@localhost')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy' })).toHaveAccessibleDescription('invoices-k3j9x2ab@localhost');
    const link = within(card).getByRole('link', { name: 'Document Link' });
    expect(link).toHaveAttribute('href', '/local-docs/doc-1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('cuts a name longer than 13 characters and keeps the full name on hover', async () => {
    await renderDocumentsList([aDocument({ documentName: 'Quarterly reports 2026' }), aDocument({ documentName: 'Thirteen char' })]);

    const long = screen.getByRole('link', { name: 'Quarterly reports 2026' });
    // Shown cut (the full name follows, visually hidden, as the link's name).
    expect(within(long).getByText('Quarterly rep…')).toHaveAttribute('aria-hidden', 'true');
    expect(long).toHaveAttribute('title', 'Quarterly reports 2026');
    expect(screen.getByRole('link', { name: 'Thirteen char' })).toHaveTextContent(/^Thirteen char$/);
  });

  it('opens the details page from the name', async () => {
    const document = aDocument({ documentName: 'Invoices' });
    const { user, router, api } = await renderDocumentsList([document]);
    serveDocumentPage(api, aDocumentDetails({ documentId: document.documentId, documentName: 'Invoices' }));

    await user.click(screen.getByRole('link', { name: 'Invoices' }));

    expect(router.state.location.pathname).toBe(`/dashboard/doc/${document.documentId}`);
    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
  });

  it('invites to create the first document when there are none', async () => {
    const { user } = await renderDocumentsList([]);

    expect(screen.getByText(/You have no documents yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first document' }));
    expect(screen.getByRole('dialog', { name: 'Add New Document' })).toBeInTheDocument();
  });

  it('says a failed load in words, not as an empty list, and shows the documents after "Try again"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = installFakeFetch({ 'GET /api/google-docs': serverError });
    const { user } = renderSignedIn('/dashboard');

    expect(await screen.findByRole('alert')).toHaveTextContent('Your documents could not be loaded.');
    expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the documents.', expect.anything());
    expect(screen.queryByText(/You have no documents yet/)).not.toBeInTheDocument();

    api.on('GET /api/google-docs', pagedDocuments([aDocument({ documentName: 'Invoices' })]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(cardNames()).toEqual(['Invoices']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/google-docs')).toHaveLength(2);
  });


  describe('copying the forward address', () => {
    it('copies it and says "Copied" for 2 s', async () => {
      await renderDocumentsList([aDocument({ documentName: 'Invoices', forwardEmail: 'invoices-k3j9x2ab@localhost' })]);
      vi.useFakeTimers();

      // user-event's click never settles under fake timers here; the timing, not the click, is under test.
      fireEvent.click(within(cardOf('Invoices')).getByRole('button', { name: 'Copy' }));
      await act(async () => {});

      expect(await navigator.clipboard.readText()).toBe('invoices-k3j9x2ab@localhost');
      expect(within(cardOf('Invoices')).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1999));
      expect(within(cardOf('Invoices')).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(within(cardOf('Invoices')).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    });
  });

  describe('delete', () => {
    async function openDelete() {
      const keep = aDocument({ documentName: 'Newsletters' });
      const doomed = aDocument({ documentName: 'Invoices' });
      const held = heldReply();
      const view = await renderDocumentsList([keep, doomed], { [`DELETE /api/deleteGoogleDoc/${doomed.documentId}`]: held.handler });
      await view.user.click(within(cardOf('Invoices')).getByRole('button', { name: 'Document menu' }));
      await view.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      return { ...view, held, keep, doomed };
    }

    it('asks for confirmation with the document name', async () => {
      await openDelete();

      const dialog = screen.getByRole('dialog', { name: 'Delete document' });
      expect(within(dialog).getByText(/Are you sure/).textContent).toBe('Are you sure you want to delete the document Invoices?');
      expect(within(dialog).getByText('Invoices').tagName).toBe('STRONG');
      expect(within(dialog).getByText('Its email records are deleted with it; the linked Google Doc stays in your Google Drive.')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('button--danger');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    });

    it('deletes behind the blocking overlay and removes the card only after the server agreed', async () => {
      const { user, held, api, keep, doomed } = await openDelete();

      await user.click(within(screen.getByRole('dialog', { name: 'Delete document' })).getByRole('button', { name: 'Delete' }));

      expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
      const overlay = screen.getByRole('dialog', { name: 'Deleting document' });
      expect(overlay).toHaveAccessibleDescription('Please wait while we remove the document…');
      expect(overlay).toHaveAttribute('aria-busy', 'true');
      expect(cardNames()).toEqual(['Invoices', 'Newsletters']);
      expect(api.callsTo(`DELETE /api/deleteGoogleDoc/${doomed.documentId}`)).toHaveLength(1);

      // From now on the server lists only the other document.
      api.on('GET /api/google-docs', pagedDocuments([keep]));
      held.release(ok);

      await waitFor(() => expect(cardNames()).toEqual(['Newsletters']));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(screen.getByRole('region', { name: 'Notifications' })).getByRole('status')).toHaveTextContent('Document deleted');
    });

    it('keeps the card when the delete fails and only logs it', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { user, held } = await openDelete();

      await user.click(within(screen.getByRole('dialog', { name: 'Delete document' })).getByRole('button', { name: 'Delete' }));
      held.release(serverError);

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deleting document' })).not.toBeInTheDocument());
      expect(warn).toHaveBeenCalledWith('Could not delete the document.', expect.anything());
      expect(cardNames()).toEqual(['Invoices', 'Newsletters']);
      expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Document deleted')).not.toBeInTheDocument();
    });

    it('does nothing when cancelled', async () => {
      const { user, api, doomed } = await openDelete();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(cardNames()).toEqual(['Invoices', 'Newsletters']);
      expect(api.callsTo(`DELETE /api/deleteGoogleDoc/${doomed.documentId}`)).toHaveLength(0);
    });

    it('opens the document menu from the keyboard', async () => {
      const { user } = await renderDocumentsList([aDocument({ documentName: 'Invoices' })]);
      const menuButton = screen.getByRole('button', { name: 'Document menu' });

      menuButton.focus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(menuButton).toHaveFocus();

      await user.keyboard('{ArrowDown}{Enter}');
      expect(screen.getByRole('dialog', { name: 'Delete document' })).toBeInTheDocument();
    });
  });

});
