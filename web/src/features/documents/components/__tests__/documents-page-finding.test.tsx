import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_LENGTH } from '@contract/common';
import { documentKeys } from '../../api/query-keys';
import { aDocument, cardNames, cardOf, cards, ok, pagedDocuments, renderDocumentsList } from './documents-test-kit';

describe('documents list: search, order and pages', () => {
  describe('search', () => {
    const documents = [aDocument({ documentName: 'Invoices' }), aDocument({ documentName: 'Newsletters' }), aDocument({ documentName: 'Old invoices' })];

    it('matches a part of the name in any case', async () => {
      const { user } = await renderDocumentsList(documents);

      await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'INVO');

      expect(cardNames()).toEqual(['Invoices', 'Old invoices']);
      expect(screen.getByPlaceholderText('Search documents...')).toHaveValue('INVO');
    });

    it('takes no longer a search than the server does', async () => {
      await renderDocumentsList(documents);

      expect(screen.getByRole('searchbox', { name: 'Search documents' })).toHaveAttribute('maxLength', String(MAX_SEARCH_LENGTH));
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
