import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aDocumentDetails, heldReply, ok, renderDocumentDetails, serverError } from './documents-test-kit';

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

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
