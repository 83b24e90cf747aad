import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { documentKeys } from '../../api/query-keys';
import type { DocumentsPage } from '../../api/types';
import { FIRST_PAGE } from '../../utils/document-list';
import type { FakeFetch, RecordedRequest } from '@/test/fake-fetch';
import { aDocument, aDocumentDetails, heldReply, pagedDocuments, renderDocumentsList, serveDocumentPage, serverError } from './documents-test-kit';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** From its creation on, the server answers the new document's page (the dialog opens it); answers its id. */
function servePageOf(api: FakeFetch, request: RecordedRequest, documentName: string): string {
  const { documentId } = request.body as { documentId: string };
  serveDocumentPage(api, aDocumentDetails({ documentId, documentName }));
  return documentId;
}

/** An address of exactly `length` characters that matches the basic pattern. */
function emailOfLength(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

async function openDialog(routes: Parameters<typeof renderDocumentsList>[1] = {}) {
  const existing = aDocument({ documentName: 'Existing' });
  const view = await renderDocumentsList([existing], routes);
  await view.user.click(screen.getByRole('button', { name: '+ Add New Document' }));
  const dialog = screen.getByRole('dialog', { name: 'Add New Document' });
  const nameInput = within(dialog).getByLabelText('Document Name');
  const emailInput = within(dialog).getByLabelText('Source Emails');
  const addButton = within(dialog).getByRole('button', { name: 'Add' });
  const createButton = () => within(dialog).queryByRole('button', { name: 'Create' });
  const addEmail = async (email: string) => {
    await view.user.type(emailInput, email);
    await view.user.click(addButton);
  };
  return { ...view, existing, dialog, nameInput, emailInput, addButton, createButton, addEmail };
}

describe('create document dialog', () => {
  it('opens from "+ Add New Document" with the name field focused and Create disabled', async () => {
    const { dialog, nameInput, createButton } = await openDialog();

    expect(nameInput).toHaveFocus();
    expect(within(dialog).getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(createButton()).toBeDisabled();
  });

  it('says the name is over the limit above 70 characters and disables Create', async () => {
    const { dialog, user, nameInput, addEmail, createButton } = await openDialog();
    await addEmail('ada@example.com');

    await user.type(nameInput, 'x'.repeat(70));
    expect(within(dialog).queryByText('Character limit exceeded. Max allowed: 70 characters.')).not.toBeInTheDocument();
    expect(createButton()).toBeEnabled();

    await user.type(nameInput, 'y');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Character limit exceeded. Max allowed: 70 characters.');
    expect(nameInput).toHaveAttribute('aria-invalid', 'true');
    expect(createButton()).toBeDisabled();
  });

  it('keeps Create disabled for a blank name and until a source email is added', async () => {
    const { user, nameInput, addEmail, createButton } = await openDialog();

    await user.type(nameInput, '   ');
    await addEmail('ada@example.com');
    expect(createButton()).toBeDisabled();

    await user.clear(nameInput);
    await user.type(nameInput, 'Invoices');
    expect(createButton()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove ada@example.com' }));
    expect(createButton()).toBeDisabled();
  });

  it('keeps Add disabled until the email matches the basic pattern', async () => {
    const { user, emailInput, addButton } = await openDialog();

    for (const invalid of ['ada', 'ada@', 'ada@example', 'a da@example.com', 'ada@@example.com']) {
      await user.clear(emailInput);
      await user.type(emailInput, invalid);
      expect(addButton).toBeDisabled();
    }
    await user.clear(emailInput);
    await user.type(emailInput, 'ada@example.com');
    expect(addButton).toBeEnabled();
  });

  it('says "Please enter a valid email address." once an invalid email is left or entered, and not while typing', async () => {
    const { dialog, user, emailInput } = await openDialog();

    await user.type(emailInput, 'ada@');
    expect(within(dialog).queryByText('Please enter a valid email address.')).not.toBeInTheDocument();

    await user.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address.');

    await user.type(emailInput, 'x');
    expect(within(dialog).queryByText('Please enter a valid email address.')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
  });

  it('accepts an email of exactly 100 characters and refuses 101 with the length message', async () => {
    const { dialog, user, emailInput, addButton } = await openDialog();

    await user.click(emailInput);
    await user.paste(emailOfLength(101));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is too long. Maximum allowed is 100 characters.');
    expect(addButton).toBeDisabled();

    await user.clear(emailInput);
    await user.paste(emailOfLength(100));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(addButton);
    expect(within(dialog).getByRole('list', { name: 'Added source emails' })).toHaveTextContent(emailOfLength(100));
  });

  it('refuses an exact duplicate with "Email is already added." but takes another spelling', async () => {
    const { dialog, user, emailInput, addButton, addEmail } = await openDialog();
    await addEmail('ada@example.com');

    await user.type(emailInput, 'ada@example.com');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is already added.');
    expect(addButton).toBeDisabled();

    await user.clear(emailInput);
    await user.type(emailInput, 'Ada@example.com');
    expect(addButton).toBeEnabled();
  });

  it('adds a trimmed email with Enter, shows it as a chip and empties the input', async () => {
    const { dialog, user, emailInput } = await openDialog();

    await user.type(emailInput, '  grace@example.com {Enter}');

    const chips = within(dialog).getByRole('list', { name: 'Added source emails' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['grace@example.com×']);
    expect(emailInput).toHaveValue('');
    expect(dialog).toBeInTheDocument();
  });

  it('creates the document: a uuid, the trimmed name and description, the emails; then it goes first and opens', async () => {
    let created: ReturnType<typeof aDocument> | undefined;
    const { dialog, user, nameInput, addEmail, createButton, api, router, queryClient, existing } = await openDialog();
    api.on('POST /api/createGoogleDoc', (request) => {
      const [body] = api.bodiesOf('POST /api/createGoogleDoc') as { documentId: string }[];
      created = aDocument({ documentId: body?.documentId, documentName: 'Invoices 2026' });
      // The server lists it from now on, newest first.
      api.on('GET /api/google-docs', pagedDocuments([created, existing]));
      servePageOf(api, request, 'Invoices 2026');
      return { status: 201, body: created };
    });

    await user.type(nameInput, '  Invoices 2026 ');
    await addEmail('ada@example.com');
    await addEmail('grace@example.com');
    await user.type(within(dialog).getByLabelText('Description'), '\n  Amounts and due dates.  ');
    await user.click(createButton()!);

    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/doc/${created?.documentId}`));
    const [body] = api.bodiesOf('POST /api/createGoogleDoc');
    expect(body).toEqual({
      documentId: expect.stringMatching(UUID_V4),
      docName: 'Invoices 2026',
      description: 'Amounts and due dates.',
      allowedEmails: ['ada@example.com', 'grace@example.com'],
    });
    const listed = queryClient.getQueryData<DocumentsPage>(documentKeys.page(FIRST_PAGE));
    expect(listed?.data.map((item) => item.documentName)).toEqual(['Invoices 2026', 'Existing']);
  });

  it('shows "Creating document..." and blocks the form while the document is created', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const held = heldReply();
    const { dialog, user, nameInput, addEmail, createButton } = await openDialog({ 'POST /api/createGoogleDoc': held.handler });
    await user.type(nameInput, 'Invoices');
    await addEmail('ada@example.com');

    await user.click(createButton()!);

    expect(within(dialog).getByRole('button', { name: 'Creating document...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(nameInput).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    held.release(serverError);
    expect(await within(dialog).findByRole('button', { name: 'Create' })).toBeEnabled();
  });

  it('only logs a failed creation and keeps the dialog and its values for another try with the same id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let attempts = 0;
    const { dialog, user, nameInput, addEmail, createButton, api, router } = await openDialog();
    // The first try fails; the second creates the document under the id the dialog sent.
    api.on('POST /api/createGoogleDoc', (request) => {
      attempts += 1;
      if (attempts === 1) return serverError;
      const documentId = servePageOf(api, request, 'Invoices');
      return { status: 201, body: aDocument({ documentId, documentName: 'Invoices' }) };
    });
    await user.type(nameInput, 'Invoices');
    await addEmail('ada@example.com');

    await user.click(createButton()!);

    await waitFor(() => expect(createButton()).toBeEnabled());
    expect(warn).toHaveBeenCalledWith('Could not create the document.', expect.anything());
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
    expect(nameInput).toHaveValue('Invoices');
    expect(router.state.location.pathname).toBe('/dashboard/docs');

    await user.click(createButton()!);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/dashboard\/doc\//));
    const [first, second] = api.bodiesOf('POST /api/createGoogleDoc') as { documentId: string }[];
    expect(second?.documentId).toBe(first?.documentId);
  });

  it('closes with Cancel and with Escape without a call', async () => {
    const { user, dialog, api } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '+ Add New Document' }));
    expect(screen.getByRole('dialog', { name: 'Add New Document' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/createGoogleDoc')).toHaveLength(0);
  });

  it('asks before discarding what was typed: Keep editing keeps it, Discard closes', async () => {
    const { user, dialog, nameInput } = await openDialog();
    await user.type(nameInput, 'Weekly notes');

    await user.keyboard('{Escape}');
    const question = within(dialog).getByRole('alertdialog', { name: 'Discard your changes?' });
    expect(within(question).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(nameInput).toHaveValue('Weekly notes');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape on the question means keep editing', async () => {
    const { user, dialog, nameInput } = await openDialog();
    await user.type(nameInput, 'Weekly notes');

    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Add New Document' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(nameInput).toHaveValue('Weekly notes');
  });
});
