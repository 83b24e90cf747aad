import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aDocumentDetails, heldReply, renderDocumentDetails, serverError, type Reply } from './documents-test-kit';

async function renderEditor(emails: string[], routes: Parameters<typeof renderDocumentDetails>[1] = {}) {
  const document = aDocumentDetails({ emails });
  const view = await renderDocumentDetails(document, routes);
  const section = screen.getByRole('region', { name: 'Allowed Source Emails' });
  return {
    ...view,
    section,
    input: within(section).getByPlaceholderText('Write Email'),
    add: within(section).getByRole('button', { name: 'Add' }),
    addRoute: `POST /api/addAllowedEmail/${document.documentId}/emails`,
    removeRoute: `DELETE /api/deleteAllowedEmail/${document.documentId}/emails`,
  };
}

function listed(section: HTMLElement) {
  const list = within(section).queryByRole('list', { name: 'Allowed Source Emails' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.textContent) : [];
}

const emailsReply = (emails: string[]): Reply => ({ status: 200, body: { emails } });

describe('allowed source emails on the details page', () => {
  it('lists each email with its own remove button', async () => {
    const { section } = await renderEditor(['ada@example.com', 'grace@example.com']);

    expect(listed(section)).toEqual(['ada@example.com', 'grace@example.com']);
    expect(within(section).getByRole('button', { name: 'Remove ada@example.com' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Remove grace@example.com' })).toBeInTheDocument();
  });

  it('warns when no source email is on the list', async () => {
    const { section } = await renderEditor([]);

    expect(
      within(section).getByText(
        'No source emails have been added. Please add at least one, otherwise there are no emails that can overwrite the document.',
      ),
    ).toBeInTheDocument();
  });

  it('adds a trimmed email with Enter behind the overlay and shows the list the server answers', async () => {
    const held = heldReply();
    const { user, section, input, api, addRoute } = await renderEditor(['ada@example.com']);
    api.on(addRoute, held.handler);

    await user.type(input, '  Grace@Example.com {Enter}');

    expect(screen.getByRole('dialog', { name: 'Please wait…' })).toHaveAccessibleDescription('Processing your request');
    expect(api.bodiesOf(addRoute)).toEqual([{ email: 'Grace@Example.com' }]);
    held.release(emailsReply(['ada@example.com', 'grace@example.com']));

    await waitFor(() => expect(listed(section)).toEqual(['ada@example.com', 'grace@example.com']));
    expect(input).toHaveValue('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds with the Add button', async () => {
    const { user, section, input, add, api, addRoute } = await renderEditor([]);
    api.on(addRoute, emailsReply(['ada@example.com']));

    await user.type(input, 'ada@example.com');
    await user.click(add);

    await waitFor(() => expect(listed(section)).toEqual(['ada@example.com']));
  });

  it.each([
    ['an empty input', '   ', 'Email cannot be empty.'],
    ['an invalid address', 'ada@example', 'Please enter a valid email address.'],
    ['an address with a space', 'ada lovelace@example.com', 'Please enter a valid email address.'],
    ['an address already on the list, in another case and with spaces', '  ADA@example.com ', 'This email is already on the list.'],
    ['an address of 100 characters', `${'a'.repeat(88)}@example.com`, 'Email is too long. Maximum allowed is 100 characters.'],
  ])('refuses %s without a call', async (_case, typed, message) => {
    const { user, section, input, add, api, addRoute } = await renderEditor(['ada@example.com']);

    await user.click(input);
    await user.paste(typed);
    await user.click(add);

    expect(within(section).getByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(addRoute)).toHaveLength(0);
  });

  it('takes an address of 99 characters', async () => {
    const email = `${'a'.repeat(87)}@example.com`;
    const { user, input, add, api, addRoute } = await renderEditor([]);
    api.on(addRoute, emailsReply([email]));

    await user.click(input);
    await user.paste(email);
    await user.click(add);

    await waitFor(() => expect(api.bodiesOf(addRoute)).toEqual([{ email }]));
  });

  it('clears the message as soon as the input is edited', async () => {
    const { user, section, input, add } = await renderEditor([]);

    await user.click(add);
    expect(within(section).getByRole('alert')).toHaveTextContent('Email cannot be empty.');

    await user.type(input, 'a');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says "Could not add the email. Try again." when the call fails, keeping the input', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, section, input, api, addRoute } = await renderEditor([], { });
    api.on(addRoute, serverError);

    await user.type(input, 'grace@example.com{Enter}');

    expect(await within(section).findByRole('alert')).toHaveTextContent('Could not add the email. Try again.');
    expect(input).toHaveValue('grace@example.com');
    expect(listed(section)).toEqual([]);
  });

  it('says the email is already on the list when the server finds it there', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user, section, input, api, addRoute } = await renderEditor([]);
    api.on(addRoute, { status: 409, body: { error: { code: 'DOCUMENT.EMAIL_EXISTS', message: 'This email is already on the list.' } } });

    await user.type(input, 'grace@example.com{Enter}');

    expect(await within(section).findByRole('alert')).toHaveTextContent('This email is already on the list.');
  });

  describe('removing', () => {
    it('asks first, naming the email', async () => {
      const { user, section } = await renderEditor(['ada@example.com']);

      await user.click(within(section).getByRole('button', { name: 'Remove ada@example.com' }));

      const dialog = screen.getByRole('dialog', { name: 'Remove Email' });
      expect(within(dialog).getByText(/Are you sure/).textContent).toBe('Are you sure you want to remove this email from the list ada@example.com?');
      expect(within(dialog).getByText('ada@example.com').tagName).toBe('STRONG');
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    });

    it('removes after Remove, behind the overlay, showing the list the server answers', async () => {
      const held = heldReply();
      const { user, section, api, removeRoute } = await renderEditor(['ada@example.com', 'grace@example.com'], {});
      api.on(removeRoute, held.handler);

      await user.click(within(section).getByRole('button', { name: 'Remove ada@example.com' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Remove Email' })).getByRole('button', { name: 'Remove' }));

      expect(screen.getByRole('dialog', { name: 'Please wait…' })).toBeInTheDocument();
      expect(api.bodiesOf(removeRoute)).toEqual([{ email: 'ada@example.com' }]);
      held.release(emailsReply(['grace@example.com']));

      await waitFor(() => expect(listed(section)).toEqual(['grace@example.com']));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('keeps the email when cancelled', async () => {
      const { user, section, api, removeRoute } = await renderEditor(['ada@example.com']);

      await user.click(within(section).getByRole('button', { name: 'Remove ada@example.com' }));
      await user.keyboard('{Escape}');

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(listed(section)).toEqual(['ada@example.com']);
      expect(api.callsTo(removeRoute)).toHaveLength(0);
    });

    it('keeps the email and explains in a dialog when the removal fails', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { user, section, api, removeRoute } = await renderEditor(['ada@example.com']);
      api.on(removeRoute, serverError);

      await user.click(within(section).getByRole('button', { name: 'Remove ada@example.com' }));
      await user.click(within(screen.getByRole('dialog', { name: 'Remove Email' })).getByRole('button', { name: 'Remove' }));

      expect(await screen.findByRole('alertdialog', { name: 'Something went wrong' })).toHaveAccessibleDescription(
        'Could not remove the email. Try again.',
      );
      expect(listed(section)).toEqual(['ada@example.com']);
    });
  });
});
