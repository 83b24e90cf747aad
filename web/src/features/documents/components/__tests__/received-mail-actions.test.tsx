import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReceivedMail } from '../../api/types';
import { aDocumentDetails, heldReply, renderDocumentDetails, type Reply } from './documents-test-kit';

let sequence = 0;

function aMail(overrides: Partial<ReceivedMail> = {}): ReceivedMail {
  sequence += 1;
  return {
    id: `20000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    sourceMail: 'bob@example.com',
    subject: `Mail ${sequence}`,
    attachments: 0,
    usedTokens: 0,
    receivedAt: '2026-11-21T10:15:00.000Z',
    status: 'ignored',
    reason: "Sender bob@example.com is not on this document's allow-list.",
    authentication: null,
    action: { kind: 'allow-sender', sender: 'bob@example.com', senderAscii: 'bob@example.com', lookalike: false, looksLike: null },
    ...overrides,
  };
}

const page = (mails: ReceivedMail[]): Reply => ({ status: 200, body: { data: mails, total: mails.length } });

/** The details page with these mails in its table (a function answers each load as the server now would). */
async function renderRows(mails: () => ReceivedMail[]) {
  const document = aDocumentDetails({ emails: ['ada@example.com'] });
  const listRoute = `GET /api/document/${document.documentId}/received-mails`;
  const view = await renderDocumentDetails(document, { [listRoute]: () => page(mails()) });
  const table = await screen.findByRole('table', { name: 'Processed Emails' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  const rowOf = (subject: string) => within(table).getByRole('cell', { name: subject }).closest('tr')!;
  /** The row's status cell, where its action is (the subject is the row's own "open" button). */
  const statusOf = (subject: string) => within(rowOf(subject)).getAllByRole('cell')[4]!;
  const allowRoute = (mail: ReceivedMail) => `POST /api/document/${document.documentId}/received-mails/${mail.id}/allow-and-process`;
  const loads = () => view.api.callsTo(listRoute).length;
  const allowedList = () =>
    within(within(screen.getByRole('region', { name: 'Allowed Source Emails' })).getByRole('list', { name: 'Allowed Source Emails' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  return { ...view, document, table, rowOf, statusOf, allowRoute, loads, allowedList };
}

describe('processed emails: the action on each row', () => {
  it('offers what the server says: allow the sender, Retry, tokens or a plan, and nothing for a duplicate or a failed sender check', async () => {
    const mails = [
      aMail({ subject: 'Unlisted' }),
      aMail({ subject: 'Broken', status: 'failed', reason: 'The model refused.', action: { kind: 'retry' } }),
      aMail({ subject: 'Short', status: 'held', reason: 'Not enough tokens: this mail needs 2 tokens.', action: { kind: 'buy-tokens' } }),
      aMail({ subject: 'Planless', status: 'held', reason: 'No active plan.', action: { kind: 'choose-plan' } }),
      aMail({ subject: 'Again', status: 'duplicate', reason: 'The same mail arrived before.', action: null }),
      aMail({ subject: 'Spoofed', reason: "The sender's domain failed DMARC/DKIM checks (dmarc=fail).", action: null }),
    ];
    const { rowOf, statusOf } = await renderRows(() => mails);

    expect(within(rowOf('Unlisted')).getByRole('button', { name: 'Allow bob@example.com and process' })).toBeEnabled();
    expect(within(rowOf('Broken')).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(within(rowOf('Short')).getByRole('link', { name: 'Buy tokens' })).toHaveAttribute('href', '/dashboard/purchaseTokens');
    expect(within(rowOf('Planless')).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/subscriptionPage');
    for (const subject of ['Again', 'Spoofed']) {
      expect(within(statusOf(subject)).queryByRole('button')).not.toBeInTheDocument();
      expect(within(rowOf(subject)).queryByRole('link')).not.toBeInTheDocument();
    }
    expect(within(rowOf('Spoofed')).getByText("The sender's domain failed DMARC/DKIM checks (dmarc=fail).")).toBeInTheDocument();
  });

  it('allows the sender and processes the mail: "Allowing…", then "Allowed; processing…", the sender on the list, and the row as the server has it', async () => {
    let current = aMail({ subject: 'Unlisted' });
    const ignored = current;
    const { user, api, rowOf, statusOf, allowRoute, loads, allowedList } = await renderRows(() => [current]);
    const held = heldReply();
    api.on(allowRoute(ignored), held.handler);
    const loadsBefore = loads();

    await user.click(within(rowOf('Unlisted')).getByRole('button', { name: 'Allow bob@example.com and process' }));

    expect(within(rowOf('Unlisted')).getByRole('button', { name: 'Allowing…' })).toBeDisabled();
    expect(api.callsTo(allowRoute(ignored))).toHaveLength(1);
    current = { ...ignored, status: 'received', reason: null, action: null };
    held.release({ status: 202, body: { emails: ['ada@example.com', 'bob@example.com'] } });

    expect(await within(rowOf('Unlisted')).findByRole('status')).toHaveTextContent('Allowed; processing…');
    await waitFor(() => expect(loads()).toBe(loadsBefore + 1));
    expect(within(rowOf('Unlisted')).getByText('Queued')).toBeInTheDocument();
    expect(within(statusOf('Unlisted')).queryByRole('button')).not.toBeInTheDocument();
    expect(allowedList()).toEqual(['ada@example.com', 'bob@example.com']);
    // No blocking overlay: the page stays usable while the mail is on its way.
    expect(screen.queryByText('Please wait…')).not.toBeInTheDocument();
  });

  it('shows the server message in the row when the mail can no longer be let in, and offers the action again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ignored = aMail({ subject: 'Old' });
    const { user, api, rowOf, allowRoute, allowedList } = await renderRows(() => [ignored]);
    api.on(allowRoute(ignored), {
      status: 409,
      body: { error: { code: 'MAIL.NOT_ALLOWABLE', message: 'This mail can no longer be processed: the content of ignored mail is kept for 30 days.' } },
    });

    await user.click(within(rowOf('Old')).getByRole('button', { name: 'Allow bob@example.com and process' }));

    expect(await within(rowOf('Old')).findByRole('alert')).toHaveTextContent('This mail can no longer be processed: the content of ignored mail is kept for 30 days.');
    expect(within(rowOf('Old')).getByRole('button', { name: 'Allow bob@example.com and process' })).toBeEnabled();
    expect(allowedList()).toEqual(['ada@example.com']);
  });

  it('says so in the row when the call fails without a message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ignored = aMail({ subject: 'Flaky' });
    const { user, api, rowOf, allowRoute } = await renderRows(() => [ignored]);
    api.on(allowRoute(ignored), { status: 502 });

    await user.click(within(rowOf('Flaky')).getByRole('button', { name: 'Allow bob@example.com and process' }));

    expect(await within(rowOf('Flaky')).findByRole('alert')).toHaveTextContent('Could not allow the sender. Try again.');
  });

  it('keeps a long sender whole: cut with an ellipsis, the full address in the name, on hover and on focus', async () => {
    const sender = 'accounts-payable.department@very-long-company-name.example.com';
    const { rowOf } = await renderRows(() => [aMail({ subject: 'Long', sourceMail: sender, action: { kind: 'allow-sender', sender, senderAscii: sender, lookalike: false, looksLike: null } })]);

    const button = within(rowOf('Long')).getByRole('button', { name: `Allow ${sender} and process` });
    expect(button).toHaveAttribute('title', `Allow ${sender} and process`);
    expect(within(button).getByText(sender)).toHaveClass('mail-action__address');
  });
});
