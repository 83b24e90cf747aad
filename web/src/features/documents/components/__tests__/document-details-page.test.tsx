import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { aDocumentDetails, heldReply, ok, renderDocumentDetails, renderSignedIn, serverError } from './documents-test-kit';
import { documentsAnswer } from '@/test/documents-answer';

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('document details: loading and not found', () => {
  it('reads "Loading document details ..." until the document arrives', async () => {
    const document = aDocumentDetails({ documentName: 'Invoices' });
    const held = heldReply();
    installFakeFetch({ [`GET /api/getDocumentDetails/${document.documentId}`]: held.handler });
    renderSignedIn(`/dashboard/doc/${document.documentId}`);

    expect(await screen.findByRole('heading', { name: 'Loading document details ...', level: 1 })).toBeInTheDocument();
    held.release({ status: 200, body: document });

    expect(await screen.findByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
  });

  it('shows the Polish not-found text for a missing document, with the way back', async () => {
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

    await user.click(screen.getByRole('link', { name: 'Back to documents' }));
    expect(router.state.location.pathname).toBe('/dashboard/docs');
  });

  it('says another load failure in words, not as not-found, and shows the document after "Try again"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const document = aDocumentDetails({ documentName: 'Invoices' });
    const api = installFakeFetch({ [`GET /api/getDocumentDetails/${document.documentId}`]: serverError });
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
    const { user, router, api } = await renderDocumentDetails(aDocumentDetails());
    api.on('GET /api/google-docs', { status: 200, body: [] });

    await user.click(screen.getByRole('link', { name: 'Back to documents' }));

    expect(router.state.location.pathname).toBe('/dashboard/docs');
  });

  it('sends /project/:projectId to that document', async () => {
    const document = aDocumentDetails({ documentName: 'Invoices' });
    installFakeFetch({ [`GET /api/getDocumentDetails/${document.documentId}`]: { status: 200, body: document } });
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

describe('document details: rename', () => {
  async function startRename(name = 'Invoices', routes: Parameters<typeof renderDocumentDetails>[1] = {}) {
    const document = aDocumentDetails({ documentName: name });
    const view = await renderDocumentDetails(document, routes);
    await view.user.click(within(screen.getByRole('heading', { level: 1 })).getByRole('button', { name }));
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'Document name' });
    return { ...view, document, input, route: `PUT /api/document/${document.documentId}/title` };
  }

  it('cuts a title over 30 characters and keeps the full name on hover', async () => {
    const name = 'Quarterly supplier invoices and receipts';
    await renderDocumentDetails(aDocumentDetails({ documentName: name }));

    const title = screen.getByRole('heading', { level: 1 });
    expect(title).toHaveTextContent(/^Quarterly supplier invoices an…$/);
    expect(within(title).getByRole('button')).toHaveAttribute('title', name);
  });

  it('edits on click, with the full name selected', async () => {
    const { input } = await startRename('Invoices');

    expect(input).toHaveValue('Invoices');
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 'Invoices'.length]);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('saves the trimmed name on Enter behind the overlay', async () => {
    const held = heldReply();
    const { user, input, api, route } = await startRename('Invoices', {});
    api.on(route, held.handler);

    await user.clear(input);
    await user.type(input, '  Receipts {Enter}');

    expect(screen.getByRole('dialog', { name: 'Please wait…' })).toHaveAccessibleDescription('Processing your request');
    expect(api.bodiesOf(route)).toEqual([{ title: 'Receipts' }]);
    held.release(ok);
    expect(await screen.findByRole('heading', { name: 'Receipts', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(notifications()).getByRole('status')).toHaveTextContent('Document renamed');
  });

  it('saves on blur', async () => {
    const { user, input, api, route } = await startRename('Invoices');
    api.on(route, ok);

    await user.type(input, ' 2026');
    await user.click(screen.getByRole('heading', { name: 'Allowed Source Emails' }));

    expect(await screen.findByRole('heading', { name: 'Invoices 2026', level: 1 })).toBeInTheDocument();
    expect(api.bodiesOf(route)).toEqual([{ title: 'Invoices 2026' }]);
  });

  it('cancels with Escape', async () => {
    const { user, input, api, route } = await startRename('Invoices');

    await user.type(input, ' changed{Escape}');

    expect(screen.getByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('heading', { level: 1 })).getByRole('button')).toHaveFocus();
    expect(api.callsTo(route)).toHaveLength(0);
  });

  it('makes no call for an unchanged name', async () => {
    const { user, input, api, route } = await startRename('Invoices');

    await user.type(input, ' {Enter}');

    expect(screen.getByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(route)).toHaveLength(0);
  });

  it('refuses an empty name with a toast and keeps the old one', async () => {
    const { user, input, api, route } = await startRename('Invoices');

    await user.clear(input);
    await user.type(input, '   {Enter}');

    expect(within(notifications()).getByRole('alert')).toHaveTextContent('Document name cannot be empty');
    expect(screen.getByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(route)).toHaveLength(0);
  });

  it('refuses a name over 70 characters with a toast and keeps the old one', async () => {
    const { user, input, api, route } = await startRename('Invoices');

    await user.clear(input);
    await user.paste('x'.repeat(71));
    await user.keyboard('{Enter}');

    expect(within(notifications()).getByRole('alert')).toHaveTextContent('Document name is too long (max 70 characters)');
    expect(screen.getByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(route)).toHaveLength(0);
  });

  it('takes a name of exactly 70 characters', async () => {
    const { user, input, api, route } = await startRename('Invoices');
    api.on(route, ok);

    await user.clear(input);
    await user.paste('x'.repeat(70));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(api.bodiesOf(route)).toEqual([{ title: 'x'.repeat(70) }]));
  });

  it('keeps the old name and explains in a dialog when the rename fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, input, api, route } = await startRename('Invoices');
    api.on(route, serverError);

    await user.type(input, ' 2026{Enter}');

    const dialog = await screen.findByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog).toHaveAccessibleDescription('Could not rename the document. Try again.');
    expect(screen.getByRole('heading', { name: 'Invoices', level: 1 })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
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

  it('keeps the old placement when the server does not answer ok', async () => {
    const { user, select, api, route } = await renderPlacement(true);
    api.on(route, { status: 200, body: { ok: false } });

    await user.selectOptions(select, 'End');

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Could not update overwrite position. Try again.');
    expect(select).toHaveDisplayValue('Beginning');
    expect(within(notifications()).queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('document details: description', () => {
  async function renderDescription(description = 'Amounts and due dates.') {
    const document = aDocumentDetails({ description });
    const view = await renderDocumentDetails(document);
    return {
      ...view,
      field: screen.getByRole('textbox', { name: 'Description' }),
      save: screen.getByRole('button', { name: 'Save' }),
      reset: screen.getByRole('button', { name: 'Reset' }),
      route: `PUT /api/documents/${document.documentId}/updateDescription`,
    };
  }

  it('shows the saved text with Save and Reset disabled until it changes', async () => {
    const { user, field, save, reset } = await renderDescription();

    expect(field).toHaveValue('Amounts and due dates.');
    expect(save).toBeDisabled();
    expect(reset).toBeDisabled();

    await user.type(field, '   ');
    expect(save).toBeDisabled();
    await user.type(field, ' Also totals.');
    expect(save).toBeEnabled();
    expect(reset).toBeEnabled();
  });

  it('Reset brings back the saved text without a call', async () => {
    const { user, field, reset, api, route } = await renderDescription();

    await user.clear(field);
    await user.type(field, 'Something else');
    await user.click(reset);

    expect(field).toHaveValue('Amounts and due dates.');
    expect(api.callsTo(route)).toHaveLength(0);
  });

  it('Save stores the trimmed text behind the overlay, confirms it and makes it the saved text', async () => {
    const held = heldReply();
    const { user, field, save, reset, api, route } = await renderDescription();
    api.on(route, held.handler);

    await user.clear(field);
    await user.type(field, '  Only the totals.  ');
    await user.click(save);

    expect(screen.getByRole('dialog', { name: 'Please wait…' })).toBeInTheDocument();
    expect(api.bodiesOf(route)).toEqual([{ description: 'Only the totals.' }]);
    held.release(ok);

    expect(await within(notifications()).findByRole('status')).toHaveTextContent('Description saved.');
    expect(field).toHaveValue('Only the totals.');
    expect(save).toBeDisabled();
    await user.type(field, ' More.');
    await user.click(reset);
    expect(field).toHaveValue('Only the totals.');
  });

  it('keeps the edited text and explains in a dialog when saving fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, field, save, api, route } = await renderDescription();
    api.on(route, serverError);

    await user.type(field, ' Also totals.');
    await user.click(save);

    expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveAccessibleDescription(
      'Could not save the description. Try again.',
    );
    expect(field).toHaveValue('Amounts and due dates. Also totals.');
    expect(save).toBeEnabled();
  });
});
