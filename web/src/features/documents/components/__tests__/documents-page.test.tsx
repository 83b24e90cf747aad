import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { documentKeys } from '../../api/query-keys';
import { aCard, aDocument, heldReply, ok, pagedDocuments, renderDocumentsList, renderSignedIn, serverError } from './documents-test-kit';

function cards() {
  return within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('listitem');
}

function cardNames() {
  return cards().map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

function cardOf(name: string) {
  const card = cards().find((item) => within(item).queryByRole('link', { name }));
  if (!card) throw new Error(`No card for ${name}`);
  return card;
}

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
    api.on(`GET /api/getDocumentDetails/${document.documentId}`, { status: 404 });

    await user.click(screen.getByRole('link', { name: 'Invoices' }));

    expect(router.state.location.pathname).toBe(`/dashboard/doc/${document.documentId}`);
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

  describe('search', () => {
    const documents = [aDocument({ documentName: 'Invoices' }), aDocument({ documentName: 'Newsletters' }), aDocument({ documentName: 'Old invoices' })];

    it('matches a part of the name in any case', async () => {
      const { user } = await renderDocumentsList(documents);

      await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'INVO');

      expect(cardNames()).toEqual(['Invoices', 'Old invoices']);
      expect(screen.getByPlaceholderText('Search documents...')).toHaveValue('INVO');
    });

    it('says when nothing matches', async () => {
      const { user } = await renderDocumentsList(documents);

      await user.type(screen.getByRole('searchbox'), 'receipts');

      expect(screen.queryByRole('list', { name: 'Documents' })).not.toBeInTheDocument();
      expect(screen.getByText('No documents match “receipts”.')).toBeInTheDocument();
    });

    it('is cleared by Escape', async () => {
      const { user } = await renderDocumentsList(documents);
      const search = screen.getByRole('searchbox');

      await user.type(search, 'news');
      expect(cardNames()).toEqual(['Newsletters']);
      await user.keyboard('{Escape}');

      expect(search).toHaveValue('');
      expect(cardNames()).toHaveLength(3);
    });

    it('is cleared by the clear button, which shows only while there is a search', async () => {
      const { user } = await renderDocumentsList(documents);
      expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();

      await user.type(screen.getByRole('searchbox'), 'news');
      await user.click(screen.getByRole('button', { name: 'Clear search' }));

      expect(screen.getByRole('searchbox')).toHaveValue('');
      expect(screen.getByRole('searchbox')).toHaveFocus();
      expect(cardNames()).toHaveLength(3);
    });
  });

  describe('sort', () => {
    const documents = [
      aDocument({ documentName: 'Zebra', createdAt: '2026-03-01T08:00:00.000Z' }),
      aDocument({ documentName: 'Łódź', createdAt: '2026-01-01T08:00:00.000Z' }),
      aDocument({ documentName: 'Lublin', createdAt: '2026-02-01T08:00:00.000Z' }),
      aDocument({ documentName: 'apteka', createdAt: '2026-04-01T08:00:00.000Z' }),
    ];

    it('offers the four orders, Name (A–Z) first and chosen', async () => {
      await renderDocumentsList(documents);

      const sort = screen.getByRole('combobox', { name: 'Sort' });
      expect(within(sort).getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
        ['nameAsc', 'Name (A–Z)'],
        ['nameDesc', 'Name (Z–A)'],
        ['dateAsc', 'Date created (oldest first)'],
        ['dateDesc', 'Date created (newest first)'],
      ]);
      expect(sort).toHaveValue('nameAsc');
    });

    it('orders names the Polish way by default: Ł after L, whatever the case', async () => {
      await renderDocumentsList(documents);

      expect(cardNames()).toEqual(['apteka', 'Lublin', 'Łódź', 'Zebra']);
    });

    it.each([
      ['nameDesc', ['Zebra', 'Łódź', 'Lublin', 'apteka']],
      ['dateAsc', ['Łódź', 'Lublin', 'Zebra', 'apteka']],
      ['dateDesc', ['apteka', 'Zebra', 'Lublin', 'Łódź']],
      ['nameAsc', ['apteka', 'Lublin', 'Łódź', 'Zebra']],
    ])('orders by %s', async (order, expected) => {
      const { user } = await renderDocumentsList(documents);

      if (order === 'nameAsc') await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'dateDesc');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), order);

      expect(cardNames()).toEqual(expected);
    });

    it('keeps the order while searching', async () => {
      const { user } = await renderDocumentsList(documents);

      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'nameDesc');
      await user.type(screen.getByRole('searchbox'), 'A');

      expect(cardNames()).toEqual(['Zebra', 'apteka']);
    });
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

  describe('an ordinary account (all documents fit in the first page)', () => {
    it('reads the first page once and searches and sorts it here', async () => {
      const { user, api } = await renderDocumentsList([aDocument({ documentName: 'Invoices' }), aDocument({ documentName: 'Newsletters' })]);

      await user.type(screen.getByRole('searchbox'), 'news');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'dateDesc');

      expect(cardNames()).toEqual(['Newsletters']);
      expect(api.callsTo('GET /api/google-docs').map((call) => call.query)).toEqual([{ sortBy: 'nameAsc', page: '1', pageSize: '24' }]);
      expect(screen.queryByRole('navigation', { name: 'Document pages' })).not.toBeInTheDocument();
    });
  });

  describe('a large account (more documents than the first page holds)', () => {
    // 60 documents; the fake server answers them in this order and applies q, page and pageSize.
    const many = Array.from({ length: 60 }, (_, n) => aDocument({ documentName: `Doc ${String(n + 1).padStart(3, '0')}` }));
    const asked = (api: { callsTo: (route: string) => { query: Record<string, string> }[] }) => api.callsTo('GET /api/google-docs').map((call) => call.query);

    it('shows the first page with a page control, and pages on the server', async () => {
      const { user, api } = await renderDocumentsList(many);

      expect(cards()).toHaveLength(24);
      const pager = screen.getByRole('navigation', { name: 'Document pages' });
      expect(pager).toHaveTextContent('1–24 of 60');
      expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument();
      expect(within(pager).getByRole('button', { name: 'Previous page' })).toBeDisabled();

      await user.click(within(pager).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(cardNames()[0]).toBe('Doc 025'));
      expect(pager).toHaveTextContent('25–48 of 60');
      await user.click(within(pager).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(cardNames()).toHaveLength(12));
      expect(within(pager).getByRole('button', { name: 'Next page' })).toBeDisabled();

      expect(asked(api).map((query) => query['page'])).toEqual(['1', '2', '3']);
      expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    });

    it('sends the chosen order to the server and starts again from the first page', async () => {
      const { user, api } = await renderDocumentsList(many);
      await user.click(screen.getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(cardNames()[0]).toBe('Doc 025'));

      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'dateDesc');

      await waitFor(() => expect(asked(api).at(-1)).toEqual({ sortBy: 'dateDesc', page: '1', pageSize: '24' }));
      // The server's order is shown as it comes: the page does not sort it again.
      await waitFor(() => expect(cardNames()[0]).toBe('Doc 001'));
    });

    it('sends the search once the typing pauses, and says when the server finds nothing', async () => {
      const { api } = await renderDocumentsList(many);

      const search = screen.getByRole('searchbox');
      // Keystrokes in a row (no pause between them): only the whole search is sent.
      for (const typed of ['d', 'do', 'doc', 'doc ', 'doc 0', 'doc 02']) fireEvent.change(search, { target: { value: typed } });

      await waitFor(() => expect(cardNames()).toEqual(['Doc 020', 'Doc 021', 'Doc 022', 'Doc 023', 'Doc 024', 'Doc 025', 'Doc 026', 'Doc 027', 'Doc 028', 'Doc 029']));
      expect(asked(api).filter((query) => 'q' in query)).toEqual([{ q: 'doc 02', sortBy: 'nameAsc', page: '1', pageSize: '24' }]);
      expect(screen.queryByRole('navigation', { name: 'Document pages' })).not.toBeInTheDocument();

      fireEvent.change(search, { target: { value: 'receipts' } });
      expect(await screen.findByText('No documents match “receipts”.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Documents', level: 1 })).toBeInTheDocument();
    });

    it('reloads the page it shows when a live update says the documents changed', async () => {
      const { api, queryClient } = await renderDocumentsList(many);
      api.on('GET /api/google-docs', pagedDocuments([aDocument({ documentName: 'Brand new' }), ...many]));

      // What the app's live updates do on a mail or a resync (app/live-updates.ts).
      await act(() => queryClient.invalidateQueries({ queryKey: documentKeys.list() }));

      await waitFor(() => expect(cardNames()[0]).toBe('Brand new'));
      expect(screen.getByRole('navigation', { name: 'Document pages' })).toHaveTextContent('1–24 of 61');
    });

    it('takes a deleted card off the page at once', async () => {
      const doomed = many[0];
      if (!doomed) throw new Error('no document');
      const { user, api } = await renderDocumentsList(many, { [`DELETE /api/deleteGoogleDoc/${doomed.documentId}`]: ok });
      api.on('GET /api/google-docs', pagedDocuments(many.slice(1)));

      await user.click(within(cardOf('Doc 001')).getByRole('button', { name: 'Document menu' }));
      await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Delete document' })).getByRole('button', { name: 'Delete' }));

      await waitFor(() => expect(cardNames()[0]).toBe('Doc 002'));
      expect(screen.getByRole('navigation', { name: 'Document pages' })).toHaveTextContent('1–24 of 59');
    });
  });
});
