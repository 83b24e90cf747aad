import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ForwardingConfirmation } from '../../api/types';
import { aDocumentDetails, renderDocumentDetails, type Reply } from './documents-test-kit';

const aConfirmation = (overrides: Partial<ForwardingConfirmation> = {}): ForwardingConfirmation => ({
  code: '482913057',
  link: 'https://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-abc',
  requester: 'ada.lovelace@gmail.com',
  receivedAt: '2026-11-21T09:00:00.000Z',
  ...overrides,
});

async function renderNotice(reply: Reply) {
  const document = aDocumentDetails();
  const route = `GET /api/document/${document.documentId}/forwarding-confirmation`;
  const view = await renderDocumentDetails(document, { [route]: reply });
  await waitFor(() => expect(view.api.callsTo(route)).toHaveLength(1));
  return { ...view, document, route };
}

const found = (confirmation: ForwardingConfirmation | null): Reply => ({ status: 200, body: { forwardingConfirmation: confirmation } });

describe('document details: Gmail forwarding confirmation', () => {
  it('shows the requester, the code to copy and the confirmation link in a new tab', async () => {
    await renderNotice(found(aConfirmation()));

    const notice = await screen.findByRole('region', { name: 'Confirm Gmail forwarding' });
    expect(notice).toHaveTextContent('Gmail asked to confirm forwarding from ada.lovelace@gmail.com');
    expect(within(notice).getByText('Confirmation code')).toBeInTheDocument();
    expect(within(notice).getByText('482913057')).toBeInTheDocument();
    const link = within(notice).getByRole('link', { name: 'Open confirmation link' });
    expect(link).toHaveAttribute('href', 'https://mail-settings.google.com/mail/vf-%5BANGjdJ8%5D-abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('copies the code', async () => {
    await renderNotice(found(aConfirmation()));
    const notice = await screen.findByRole('region', { name: 'Confirm Gmail forwarding' });

    fireEvent.click(within(notice).getByRole('button', { name: 'Copy code' }));

    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('482913057'));
    expect(within(notice).getByRole('status')).toHaveTextContent('Copied');
  });

  it('has no link button when Gmail sent none, and no requester when unknown', async () => {
    await renderNotice(found(aConfirmation({ link: null, requester: null })));

    const notice = await screen.findByRole('region', { name: 'Confirm Gmail forwarding' });
    expect(notice).toHaveTextContent("Gmail asked to confirm forwarding to this document's address.");
    expect(within(notice).getByText('482913057')).toBeInTheDocument();
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows nothing when there is no confirmation', async () => {
    await renderNotice(found(null));

    expect(screen.queryByRole('region', { name: 'Confirm Gmail forwarding' })).not.toBeInTheDocument();
    expect(screen.queryByText('Confirm Gmail forwarding')).not.toBeInTheDocument();
  });

  it('only logs a load failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderNotice({ status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } });

    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not load the forwarding confirmation.', expect.anything()));
    expect(screen.queryByText('Confirm Gmail forwarding')).not.toBeInTheDocument();
  });

  it('stays dismissed for that confirmation, and shows a newer one', async () => {
    const { user, api, route } = await renderNotice(found(aConfirmation()));
    const notice = await screen.findByRole('region', { name: 'Confirm Gmail forwarding' });

    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Confirm Gmail forwarding' })).not.toBeInTheDocument();

    api.on(route, found(aConfirmation({ code: '111222333', receivedAt: '2026-11-22T09:00:00.000Z' })));
    act(() => {
      fireEvent(window, new Event('focus'));
    });
    expect(await screen.findByRole('region', { name: 'Confirm Gmail forwarding' })).toHaveTextContent('111222333');
  });
});
