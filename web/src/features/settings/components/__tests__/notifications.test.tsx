import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '@/test/fake-fetch';
import { NOTIFICATION_SAVE_FAILED_MESSAGE } from '../notifications-section';
import { openSettings, serverError } from './settings-test-kit';

const GET = 'GET /api/notification-settings';
const PUT = 'PUT /api/notification-settings';
const ALL_ON = { lowBalance: true, heldMail: true, refusedSender: true, failedMail: true, documentContinued: true };

function notifications() {
  return within(screen.getByRole('region', { name: 'Email notifications' }));
}

/** The server as it is: PUT merges the switches and answers the saved settings. */
function savingServer(initial = ALL_ON) {
  let settings = { ...initial };
  return {
    [GET]: () => ({ status: 200, body: { settings, delivering: true } }),
    [PUT]: (request: RecordedRequest) => {
      settings = { ...settings, ...(request.body as Partial<typeof ALL_ON>) };
      return { status: 200, body: { settings, delivering: true } };
    },
  };
}

describe('settings: notifications', () => {
  it('shows one switch per kind of email, as the server has them', async () => {
    await openSettings({ [GET]: { status: 200, body: { settings: { ...ALL_ON, refusedSender: false }, delivering: true } } });
    expect(await notifications().findByRole('switch', { name: /Tokens running low/ })).toBeChecked();
    expect(notifications().getByRole('switch', { name: /Emails waiting for tokens/ })).toBeChecked();
    expect(notifications().getByRole('switch', { name: /Senders not on the allowed list/ })).not.toBeChecked();
    expect(notifications().getByRole('switch', { name: /Emails that could not be processed/ })).toBeChecked();
  });

  it('saves a switch turned off, sending only that switch', async () => {
    const { user, api } = await openSettings(savingServer());
    await user.click(await notifications().findByRole('switch', { name: /Emails waiting for tokens/ }));
    await waitFor(() => expect(notifications().getByRole('switch', { name: /Emails waiting for tokens/ })).not.toBeChecked());
    expect(api.bodiesOf(PUT)).toEqual([{ heldMail: false }]);
    expect(api.callsTo(PUT)[0]?.authorization).toMatch(/^Bearer /);
  });

  it('keeps the switch as it was and says so when saving fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openSettings({ [PUT]: serverError(500) });
    await user.click(await notifications().findByRole('switch', { name: /Tokens running low/ }));
    expect(await screen.findByText(NOTIFICATION_SAVE_FAILED_MESSAGE)).toBeInTheDocument();
    expect(notifications().getByRole('switch', { name: /Tokens running low/ })).toBeChecked();
    expect(warn).toHaveBeenCalledWith('Could not save the notification setting.', expect.anything());
  });

  it('says when this server sends no email', async () => {
    await openSettings({ [GET]: { status: 200, body: { settings: ALL_ON, delivering: false } } });
    expect(await notifications().findByText('This server does not send emails, so these settings have no effect here.')).toBeInTheDocument();
  });
});
