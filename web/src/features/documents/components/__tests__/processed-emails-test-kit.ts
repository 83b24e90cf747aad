// The processed-emails table's fixtures, shared by its test files (table, status).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { RecordedRequest } from '@/test/fake-fetch';
import type { ReceivedMail, ReceivedMailDetail } from '../../api/types';
import { aDocumentDetails, renderDocumentDetails, type Reply } from './documents-test-kit';

let mailSequence = 0;

export function aMail(overrides: Partial<ReceivedMail> = {}): ReceivedMail {
  mailSequence += 1;
  return {
    id: `10000000-0000-4000-8000-${String(mailSequence).padStart(12, '0')}`,
    sourceMail: 'boss@example.com',
    subject: `Invoice ${mailSequence}`,
    attachments: 0,
    usedTokens: 1,
    receivedAt: '2026-11-21T10:15:00.000Z',
    status: 'processed',
    reason: null,
    authentication: null,
    action: null,
    ...overrides,
  };
}

/** What the mail panel reads for `mail` (GET …/received-mails/{id}): its block, a processed history, the doc's link. */
export function aMailDetail(documentId: string, mail: ReceivedMail, overrides: Partial<ReceivedMailDetail> = {}): ReceivedMailDetail {
  return {
    ...mail,
    documentId,
    block: {
      heading: mail.subject,
      meta: ['From boss@example.com · 21 Nov 2026 · ref 7f3a', 'Forwarded by ada@example.com', 'Attachments: budget.pdf'],
      summary: ['The quarterly budget is approved.', 'Final invoices are due on Friday.'],
      keyPoints: ['Budget approved'],
      actionItems: ['Send the final invoices by Friday'],
    },
    history: [
      { status: 'received', reason: null, at: '2026-11-21T10:15:00.000Z' },
      { status: 'processing', reason: null, at: '2026-11-21T10:15:02.000Z' },
      { status: 'processed', reason: null, at: '2026-11-21T10:15:09.000Z' },
    ],
    documentUrl: 'https://docs.example.com/d/abc',
    ...overrides,
  };
}

export const page = (mails: ReceivedMail[], total = mails.length): Reply => ({ status: 200, body: { data: mails, total } });

/** Opens the details page with these mails answering every GET of the table. */
export async function renderTable(reply: Reply | ((call: RecordedRequest) => Reply | Promise<Reply>), documentOverrides = {}) {
  const document = aDocumentDetails({ forwardEmail: 'invoices-k3j9x2ab@in.mailscribe.test', ...documentOverrides });
  const listRoute = `GET /api/document/${document.documentId}/received-mails`;
  const view = await renderDocumentDetails(document, { [listRoute]: reply });
  const table = await screen.findByRole('table', { name: 'Processed Emails' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  const queries = () => view.api.callsTo(listRoute).map((call) => call.query);
  const lastQuery = () => queries().at(-1);
  const header = (name: string) => within(table).getByRole('columnheader', { name });
  const sortButton = (name: string) => within(header(name)).getByRole('button', { name });
  const bodyRows = () => within(table).getAllByRole('row').slice(1);
  const rowOf = (subject: string) => within(table).getByRole('cell', { name: subject }).closest('tr')!;
  return { ...view, document, table, listRoute, queries, lastQuery, header, sortButton, bodyRows, rowOf };
}

/** A cell's text as shown on a wide screen: without the column name it carries for the phone's cards. */
export function shownText(cell: HTMLElement): string | null {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const label of copy.querySelectorAll('.data-table__label')) label.remove();
  return copy.textContent;
}

export function setWindowWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    fireEvent(window, new Event('resize'));
  });
}

export function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}
