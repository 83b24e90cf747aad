import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceivedMail } from '../../api/types';
import { aDocumentDetails, renderDocumentDetails, type Reply } from './documents-test-kit';

/** `ada@example.com` with a Cyrillic а (U+0430) in the domain: it renders as the real address. */
const HOMOGLYPH = 'ada@ex\u0430mple.com';

function anIgnoredMail(subject: string, action: ReceivedMail['action'], sourceMail = HOMOGLYPH): ReceivedMail {
  return {
    id: `30000000-0000-4000-8000-${subject === 'Homoglyph' ? '000000000001' : '000000000002'}`,
    sourceMail,
    subject,
    attachments: 0,
    usedTokens: 0,
    receivedAt: '2026-11-21T10:15:00.000Z',
    status: 'ignored',
    reason: `Sender ${sourceMail} is not on this document's allow-list.`,
    authentication: null,
    action,
  };
}

const page = (mails: ReceivedMail[]): Reply => ({ status: 200, body: { data: mails, total: mails.length } });

async function renderRows(mails: ReceivedMail[]) {
  const document = aDocumentDetails({ emails: ['ada@example.com'] });
  const view = await renderDocumentDetails(document, { [`GET /api/document/${document.documentId}/received-mails`]: () => page(mails) });
  const table = await screen.findByRole('table', { name: 'Processed Emails' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  const rowOf = (subject: string) => within(table).getByRole('cell', { name: subject }).closest('tr')!;
  return { ...view, document, rowOf };
}

describe('processed emails: a look-alike sender', () => {
  it('offers to allow it by its ASCII form, with a visible warning that describes the button, and allows the address as received', async () => {
    const mail = anIgnoredMail('Homoglyph', {
      kind: 'allow-sender',
      sender: HOMOGLYPH,
      senderAscii: 'ada@xn--exmple-4nf.com',
      lookalike: true,
      looksLike: 'ada@example.com',
    });
    const { user, api, document, rowOf } = await renderRows([mail]);
    const allowRoute = `POST /api/document/${document.documentId}/received-mails/${mail.id}/allow-and-process`;
    api.on(allowRoute, { status: 202, body: { emails: ['ada@example.com', HOMOGLYPH] } });

    const button = within(rowOf('Homoglyph')).getByRole('button', { name: 'Allow ada@xn--exmple-4nf.com and process' });
    expect(button).toHaveAccessibleDescription('Unusual characters: looks like ada@example.com but is not.');
    expect(button).toHaveAttribute('title', 'Allow ada@xn--exmple-4nf.com and process');
    expect(button).not.toHaveTextContent(HOMOGLYPH);
    expect(within(rowOf('Homoglyph')).getByText('Unusual characters: looks like ada@example.com but is not.')).toBeVisible();

    await user.click(button);
    // The server allows the address it received; the app never sends an address of its own.
    await waitFor(() => expect(api.callsTo(allowRoute)).toHaveLength(1));
  });

  it('warns without a resemblance when the address resembles no plain one', async () => {
    const sender = 'info@東京.example';
    const mail = anIgnoredMail('Tokyo', { kind: 'allow-sender', sender, senderAscii: 'info@xn--1lqs71d.example', lookalike: true, looksLike: null }, sender);
    const { rowOf } = await renderRows([mail]);

    const button = within(rowOf('Tokyo')).getByRole('button', { name: 'Allow info@xn--1lqs71d.example and process' });
    expect(button).toHaveAccessibleDescription('Unusual characters: this address is shown in ASCII. Check it before allowing it.');
  });

  it('shows a plain address as it is, without a warning', async () => {
    const mail = anIgnoredMail('Plain', { kind: 'allow-sender', sender: 'bob@example.com', senderAscii: 'bob@example.com', lookalike: false, looksLike: null }, 'bob@example.com');
    const { rowOf } = await renderRows([mail]);

    const button = within(rowOf('Plain')).getByRole('button', { name: 'Allow bob@example.com and process' });
    expect(button).not.toHaveAttribute('aria-describedby');
    expect(within(rowOf('Plain')).queryByText(/Unusual characters/)).not.toBeInTheDocument();
  });
});
