import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { useSession } from '@/lib/session-store';
import { openSettings } from './settings-test-kit';

const EXPORT = 'GET /api/account/export';
const DELETE = 'POST /api/account/delete';
const EMAIL = 'ada@example.com';

function yourData() {
  return within(screen.getByRole('region', { name: 'Your data' }));
}

async function openDeleteDialog(routes: Parameters<typeof openSettings>[0] = {}) {
  const view = await openSettings(routes);
  await view.user.click(yourData().getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete my account' });
  return { ...view, dialog: within(dialog), dialogElement: dialog };
}

describe('settings: your data', () => {
  describe('download my data', () => {
    let createObjectURL: MockInstance<typeof URL.createObjectURL>;
    let revokeObjectURL: MockInstance<typeof URL.revokeObjectURL>;
    let clicked: HTMLAnchorElement[];

    beforeEach(() => {
      // Restored after each test by the shared setup (vi.restoreAllMocks).
      createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/export-1');
      revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
      clicked = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
        expect(this.isConnected).toBe(true);
      });
    });

    it('fetches the export with the session and saves it under the server\'s file name', async () => {
      const held = heldReply();
      const { user, api } = await openSettings({ [EXPORT]: held.handler });

      await user.click(yourData().getByRole('button', { name: 'Download my data' }));

      const busy = yourData().getByRole('button', { name: 'Preparing download...' });
      expect(busy).toBeDisabled();
      held.release({
        status: 200,
        body: { user: { email: EMAIL }, documents: [] },
        headers: { 'content-disposition': 'attachment; filename="mailscribe-export-2026-05-01.json"' },
      });

      await waitFor(() => expect(clicked).toHaveLength(1));
      const [call] = api.callsTo(EXPORT);
      expect(call?.authorization).toMatch(/^Bearer /);
      const link = clicked[0];
      expect(link?.download).toBe('mailscribe-export-2026-05-01.json');
      expect(link?.getAttribute('href')).toBe('blob:http://localhost/export-1');
      expect(link?.isConnected).toBe(false);
      const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
      expect(JSON.parse(await blob.text())).toEqual({ user: { email: EMAIL }, documents: [] });
      await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/export-1'));
      expect(await yourData().findByRole('button', { name: 'Download my data' })).toBeEnabled();
    });

    it('shows an error toast when the export fails and saves nothing', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user } = await openSettings({ [EXPORT]: { status: 500, body: { error: { code: 'INTERNAL', message: '' } } } });

      await user.click(yourData().getByRole('button', { name: 'Download my data' }));

      expect(await screen.findByText('Your data could not be downloaded. Please try again.')).toBeInTheDocument();
      expect(clicked).toHaveLength(0);
      expect(createObjectURL).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith('Could not download the account data.', expect.anything());
      expect(yourData().getByRole('button', { name: 'Download my data' })).toBeEnabled();
    });
  });

  describe('delete my account', () => {
    it('explains what is deleted and kept, with a link to the privacy policy', async () => {
      const { dialog, dialogElement } = await openDeleteDialog();

      expect(dialogElement).toHaveTextContent(/documents, with their email records and allow-lists/);
      expect(dialogElement).toHaveTextContent(/sessions/);
      expect(dialogElement).toHaveTextContent(/Google Docs linked to your documents stay in your Google Drive/);
      expect(dialogElement).toHaveTextContent(/Billing records that the law requires us to keep are kept/);
      expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    });

    it('keeps the delete button disabled until the typed email matches (ignoring case and spaces)', async () => {
      const { user, dialog } = await openDeleteDialog();
      const input = dialog.getByLabelText('Your email address');
      const remove = dialog.getByRole('button', { name: 'Delete my account' });

      expect(remove).toBeDisabled();
      await user.type(input, 'ada@example.co');
      expect(remove).toBeDisabled();
      await user.type(input, 'mx');
      expect(remove).toBeDisabled();
      await user.clear(input);
      await user.type(input, '  Ada@Example.COM ');
      expect(remove).toBeEnabled();
    });

    it('closes on Cancel without deleting anything', async () => {
      const { user, dialog, api } = await openDeleteDialog();

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(api.callsTo(DELETE)).toHaveLength(0);
    });

    it('shows the server\'s message on a 400 and keeps the dialog open', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user, dialog, router } = await openDeleteDialog({
        [DELETE]: { status: 400, body: { error: { code: 'ACCOUNT.EMAIL_MISMATCH', message: 'The email does not match your account.' } } },
      });

      await user.type(dialog.getByLabelText('Your email address'), EMAIL);
      await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent('The email does not match your account.');
      expect(screen.getByRole('dialog', { name: 'Delete my account' })).toBeInTheDocument();
      expect(dialog.getByRole('button', { name: 'Delete my account' })).toBeEnabled();
      expect(useSession.getState().status).toBe('authenticated');
      expect(router.state.location.pathname).toBe('/dashboard/settings');
      expect(warn).toHaveBeenCalledWith('Could not delete the account.', expect.anything());
    });

    it('says nothing was deleted when the payment provider could not cancel (503 without a message)', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user, dialog } = await openDeleteDialog({ [DELETE]: { status: 503 } });

      await user.type(dialog.getByLabelText('Your email address'), EMAIL);
      await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect(await dialog.findByRole('alert')).toHaveTextContent('Your account could not be deleted. Nothing was deleted. Please try again.');
      expect(screen.getByRole('dialog', { name: 'Delete my account' })).toBeInTheDocument();
    });

    it('on a 204 sends the typed email, signs out and goes to the landing page', async () => {
      const held = heldReply();
      const { user, dialog, api, router } = await openDeleteDialog({ [DELETE]: held.handler });

      await user.type(dialog.getByLabelText('Your email address'), ` ${EMAIL.toUpperCase()} `);
      await user.click(dialog.getByRole('button', { name: 'Delete my account' }));

      expect(dialog.getByRole('button', { name: 'Deleting account...' })).toBeDisabled();
      expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      held.release({ status: 204 });

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(api.bodiesOf(DELETE)).toEqual([{ email: EMAIL.toUpperCase() }]);
      expect(api.callsTo(DELETE)[0]?.authorization).toMatch(/^Bearer /);
      expect(useSession.getState()).toMatchObject({ token: null, user: null, status: 'unauthenticated' });
      expect(window.localStorage.getItem('auth_token')).toBeNull();
      expect(api.callsTo('POST /api/logout')).toHaveLength(0);
    });

    it('has no axe violations in the section and the open dialog', async () => {
      const { dialogElement } = await openDeleteDialog();

      const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });

      expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(dialogElement).toBeInTheDocument();
    });
  });
});
