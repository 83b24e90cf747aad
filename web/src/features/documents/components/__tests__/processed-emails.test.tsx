import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RecordedRequest } from '@/test/fake-fetch';
import type { ReceivedMail } from '../../api/types';
import { aDocumentDetails, heldReply, renderDocumentDetails, type Reply } from './documents-test-kit';
import { documentsAnswer } from '@/test/documents-answer';

let mailSequence = 0;

function aMail(overrides: Partial<ReceivedMail> = {}): ReceivedMail {
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

const page = (mails: ReceivedMail[], total = mails.length): Reply => ({ status: 200, body: { data: mails, total } });

/** Opens the details page with these mails answering every GET of the table. */
async function renderTable(reply: Reply | ((call: RecordedRequest) => Reply | Promise<Reply>), documentOverrides = {}) {
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
function shownText(cell: HTMLElement): string | null {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const label of copy.querySelectorAll('.data-table__label')) label.remove();
  return copy.textContent;
}

function setWindowWidth(width: number) {
  act(() => {
    window.innerWidth = width;
    fireEvent(window, new Event('resize'));
  });
}

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

afterEach(() => {
  window.innerWidth = 1024;
});

describe('processed emails: the table', () => {
  it('asks for receivedAt descending, page 1, 5 rows, and shows each mail with its local time', async () => {
    const mail = aMail({ sourceMail: 'boss@example.com', subject: 'Invoice 7', usedTokens: 3, receivedAt: '2026-11-21T10:15:00.000Z' });
    const { header, lastQuery, bodyRows, table } = await renderTable(page([mail], 12));

    expect(lastQuery()).toEqual({ page: '1', pageSize: '5', sortBy: 'receivedAt', sortOrder: 'desc' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Source mail', 'Subject', 'Tokens', 'Time', 'Status']);
    expect(header('Time')).toHaveAttribute('aria-sort', 'descending');
    for (const name of ['Source mail', 'Subject', 'Tokens']) expect(header(name)).toHaveAttribute('aria-sort', 'none');
    expect(within(header('Status')).queryByRole('button')).not.toBeInTheDocument();
    const cells = within(bodyRows()[0]!).getAllByRole('cell').map(shownText);
    expect(cells.slice(0, 4)).toEqual(['boss@example.com', 'Invoice 7', '3', new Date('2026-11-21T10:15:00.000Z').toLocaleString()]);
    expect(screen.getByText('1–5 of 12')).toBeInTheDocument();
  });

  it('toggles the sorted column and starts a new column at ascending, back on page 1', async () => {
    const { user, sortButton, header, lastQuery } = await renderTable(page([aMail(), aMail()], 12));

    await user.click(sortButton('Time'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '5', sortBy: 'receivedAt', sortOrder: 'asc' }));
    expect(header('Time')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', sortBy: 'receivedAt', sortOrder: 'asc' }));

    await user.click(sortButton('Subject'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '5', sortBy: 'subject', sortOrder: 'asc' }));
    expect(header('Subject')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Time')).toHaveAttribute('aria-sort', 'none');

    await user.click(sortButton('Subject'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'subject', sortOrder: 'desc' }));

    for (const [name, key] of [['Source mail', 'sourceMail'], ['Tokens', 'usedTokens']] as const) {
      await user.click(sortButton(name));
      await waitFor(() => expect(lastQuery()).toMatchObject({ page: '1', sortBy: key, sortOrder: 'asc' }));
    }
  });

  it('offers 5, 10 and 25 rows and goes back to page 1 when the size changes', async () => {
    const { user, lastQuery } = await renderTable(page([aMail()], 30));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ page: '2', pageSize: '5' }));

    const size = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['5', '10', '25']);
    await user.selectOptions(size, '25');

    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '25', sortBy: 'receivedAt', sortOrder: 'desc' }));
  });

  it('cuts source mail and subject shorter on a narrow window, with the full text on hover', async () => {
    const sourceMail = 'accounts-payable.department@very-long-company-name.example.com';
    const subject = 'Your invoice for November 2026 is ready to be reviewed and paid';
    const { table } = await renderTable(page([aMail({ sourceMail, subject })]));

    // Wide (the default 1024 px): 36 and 60 characters.
    expect(within(table).getByTitle(sourceMail)).toHaveTextContent(`${sourceMail.slice(0, 36).trimEnd()}…`);
    expect(within(table).getByTitle(subject)).toHaveTextContent(`${subject.slice(0, 60).trimEnd()}…`);

    setWindowWidth(400);
    expect(within(table).getByTitle(sourceMail)).toHaveTextContent(`${sourceMail.slice(0, 16).trimEnd()}…`);
    expect(within(table).getByTitle(subject)).toHaveTextContent(`${subject.slice(0, 20).trimEnd()}…`);
    // Screen readers still get the whole text.
    expect(within(table).getByRole('cell', { name: subject })).toBeInTheDocument();

    setWindowWidth(800);
    expect(within(table).getByTitle(subject)).toHaveTextContent(`${subject.slice(0, 36).trimEnd()}…`);
  });

  it('keeps a source address on one line, never broken mid-word, with the full address on hover and focus', async () => {
    const sourceMail = 'accounts-payable.department@very-long-company-name.example.com';
    const { table } = await renderTable(page([aMail({ sourceMail, subject: 'Short' })]));
    const address = within(table).getByTitle(sourceMail);

    expect(address.closest('td')).toHaveClass('data-table__cell--nowrap');
    expect(address.closest('td')).not.toHaveClass('data-table__cell--wrap');
    expect(address).toHaveClass('data-table__ellipsis');
    expect(address).toHaveAttribute('data-full-text', sourceMail);
    expect(address).toHaveAttribute('tabindex', '0');
    act(() => address.focus());
    expect(address).toHaveFocus();
    expect(within(table).getByRole('cell', { name: sourceMail })).toBeInTheDocument();
  });

  it('invites a first forward when there is no mail yet', async () => {
    const { table } = await renderTable(page([]));

    expect(within(table).getByText('No emails yet. Forward an email to invoices-k3j9x2ab@in.mailscribe.test to see it here.')).toBeInTheDocument();
  });

  it('says a failed load in the table, not the empty message, and shows the mails after "Try again"', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { table, api, listRoute, user } = await renderTable({ status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } });

    expect(table).toHaveAttribute('aria-busy', 'false');
    expect(warn).toHaveBeenCalledWith('Could not load the processed emails.', expect.anything());
    expect(within(table).getByRole('alert')).toHaveTextContent('The processed emails could not be loaded.');
    expect(within(table).queryByText(/No emails yet/)).not.toBeInTheDocument();

    api.on(listRoute, page([aMail({ subject: 'Recovered' })]));
    await user.click(within(table).getByRole('button', { name: 'Try again' }));

    expect(await within(table).findByRole('cell', { name: 'Recovered' })).toBeInTheDocument();
    expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('processed emails: attachments', () => {
  it('shows how many attachments a mail had beside its subject, and nothing for a mail without any', async () => {
    const { rowOf, table } = await renderTable(
      page([aMail({ subject: 'Two files', attachments: 2 }), aMail({ subject: 'One file', attachments: 1 }), aMail({ subject: 'No files', attachments: 0 })]),
    );

    const two = within(rowOf('Two files 2 attachments')).getByRole('img', { name: '2 attachments' });
    expect(two).toHaveTextContent('2');
    expect(two).toHaveAttribute('title', '2 attachments');
    expect(two.closest('td')).toBe(within(table).getByRole('cell', { name: 'Two files 2 attachments' }));
    expect(within(rowOf('One file 1 attachment')).getByRole('img', { name: '1 attachment' })).toHaveTextContent('1');
    expect(within(rowOf('No files')).queryByRole('img', { name: /attachment/ })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('img', { name: /attachment/ })).toHaveLength(2);
  });

  it('cuts a long subject as the column does and keeps the count beside it, on a narrow window too', async () => {
    const subject = 'Your invoice for November 2026 is ready to be reviewed and paid';
    const { table } = await renderTable(page([aMail({ subject, attachments: 3 })]));

    expect(within(table).getByTitle(subject)).toHaveTextContent(`${subject.slice(0, 60).trimEnd()}…`);
    setWindowWidth(400);
    expect(within(table).getByTitle(subject)).toHaveTextContent(`${subject.slice(0, 20).trimEnd()}…`);
    expect(within(table).getByRole('cell', { name: `${subject} 3 attachments` })).toBeInTheDocument();
  });

  it('says a failed load when a row comes without its attachment count, as for any malformed answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { attachments: _left, ...withoutCount } = aMail({ subject: 'No count' });
    const { table } = await renderTable({ status: 200, body: { data: [withoutCount], total: 1 } });

    expect(warn).toHaveBeenCalledWith('Could not load the processed emails.', expect.anything());
    expect(within(table).getByRole('alert')).toHaveTextContent('The processed emails could not be loaded.');
    expect(within(table).queryByRole('cell', { name: 'No count' })).not.toBeInTheDocument();
  });
});

describe('processed emails: status', () => {
  it('shows a badge per status with the reason written under it', async () => {
    const mails = [
      aMail({ subject: 'A', status: 'processed' }),
      aMail({ subject: 'B', status: 'ignored', reason: "Sender stranger@example.org is not on this document's allow-list." }),
      aMail({ subject: 'C', status: 'held', reason: 'Not enough tokens: this mail needs 2 tokens.' }),
      aMail({ subject: 'D', status: 'failed', reason: 'The mail could not be read (malformed MIME).', action: { kind: 'retry' } }),
      aMail({ subject: 'E', status: 'expired', reason: 'Expired: not enough tokens within 30 days.' }),
      aMail({ subject: 'F', status: 'received' }),
      aMail({ subject: 'G', status: 'processing' }),
    ];
    const { rowOf } = await renderTable(page(mails));

    const statusOf = (subject: string) => within(rowOf(subject)).getAllByRole('cell')[4]!;
    expect(shownText(statusOf('A'))).toBe('Processed');
    expect(within(statusOf('B')).getByText('Ignored')).toBeInTheDocument();
    expect(within(statusOf('B')).getByText("Sender stranger@example.org is not on this document's allow-list.")).toBeVisible();
    expect(within(statusOf('C')).getByText('Held')).toBeInTheDocument();
    expect(within(statusOf('C')).getByText('Not enough tokens: this mail needs 2 tokens.')).toBeInTheDocument();
    expect(within(statusOf('D')).getByText('Failed')).toBeInTheDocument();
    expect(within(statusOf('E')).getByText('Expired')).toBeInTheDocument();
    expect(within(statusOf('F')).getByText('Queued')).toBeInTheDocument();
    expect(within(statusOf('G')).getByText('Processing')).toBeInTheDocument();
    // Only a failed mail the server offers it for can be retried.
    expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
    expect(within(statusOf('D')).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('retries a failed mail and shows the table again as the server now has it', async () => {
    const failed = aMail({ subject: 'Broken', status: 'failed', reason: 'The mail could not be read (malformed MIME).', action: { kind: 'retry' } });
    let current = failed;
    const { user, api, document, rowOf, queries } = await renderTable(() => page([current]));
    const retryRoute = `POST /api/document/${document.documentId}/received-mails/${failed.id}/retry`;
    const held = heldReply();
    api.on(retryRoute, held.handler);
    const loadsBefore = queries().length;

    await user.click(within(rowOf('Broken')).getByRole('button', { name: 'Retry' }));

    expect(within(rowOf('Broken')).getByRole('button', { name: 'Retrying…' })).toBeDisabled();
    expect(api.callsTo(retryRoute)).toHaveLength(1);
    current = { ...failed, status: 'received', reason: null, action: null };
    held.release({ status: 202, body: { ok: true } });

    await waitFor(() => expect(queries().length).toBe(loadsBefore + 1));
    expect(await within(rowOf('Broken')).findByText('Queued')).toBeInTheDocument();
    expect(within(rowOf('Broken')).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('shows the server message in a toast when the mail cannot be retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = aMail({ subject: 'Broken', status: 'failed', reason: 'The mail could not be read (malformed MIME).', action: { kind: 'retry' } });
    const { user, api, document, rowOf, queries } = await renderTable(page([failed]));
    api.on(`POST /api/document/${document.documentId}/received-mails/${failed.id}/retry`, {
      status: 409,
      body: { error: { code: 'MAIL.NOT_RETRYABLE', message: 'This mail can no longer be retried: its content was already removed.' } },
    });
    const loadsBefore = queries().length;

    await user.click(within(rowOf('Broken')).getByRole('button', { name: 'Retry' }));

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('This mail can no longer be retried: its content was already removed.');
    await waitFor(() => expect(queries().length).toBe(loadsBefore + 1));
    expect(within(rowOf('Broken')).getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  it('says so in a toast when a retry fails without a message', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failed = aMail({ subject: 'Broken', status: 'failed', action: { kind: 'retry' } });
    const { user, api, document, rowOf } = await renderTable(page([failed]));
    api.on(`POST /api/document/${document.documentId}/received-mails/${failed.id}/retry`, { status: 502 });

    await user.click(within(rowOf('Broken')).getByRole('button', { name: 'Retry' }));

    expect(await within(notifications()).findByRole('alert')).toHaveTextContent('Could not retry the mail. Try again.');
  });
});

describe('processed emails: polling', () => {
  it('asks again every 5 s while a mail is on its way, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const mail = aMail({ subject: 'Fresh', status: 'received' });
    const answers = [page([mail]), page([{ ...mail, status: 'processing' }]), page([{ ...mail, status: 'processed', usedTokens: 2 }])];
    const { queries, rowOf } = await renderTable(() => answers.shift() ?? page([{ ...mail, status: 'processed', usedTokens: 2 }]));
    expect(queries()).toHaveLength(1);
    expect(within(rowOf('Fresh')).getByText('Queued')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(queries()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(within(rowOf('Fresh')).getByText('Processing')).toBeInTheDocument());
    expect(queries()).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(within(rowOf('Fresh')).getByText('Processed')).toBeInTheDocument());
    expect(queries()).toHaveLength(3);
    expect(within(rowOf('Fresh')).getAllByRole('cell')[2]).toHaveTextContent('2');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(queries()).toHaveLength(3);
  });

  it('keeps polling a held mail, and stops when the page is left', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, queries, api } = await renderTable(page([aMail({ status: 'held', reason: 'Not enough tokens.' })]));
    api.on('GET /api/google-docs', documentsAnswer());

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(queries()).toHaveLength(2));

    await user.click(screen.getByRole('link', { name: 'Back to documents' }));
    await screen.findByRole('heading', { name: 'Documents', level: 1 });
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(queries()).toHaveLength(2);
  });

  it('does not poll when every mail is settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { queries } = await renderTable(page([aMail({ status: 'processed' }), aMail({ status: 'ignored', reason: 'Not on the list.' })]));

    await act(() => vi.advanceTimersByTimeAsync(20_000));

    expect(queries()).toHaveLength(1);
  });

  it('loads again when the user comes back to the page (focus or the tab shown again)', async () => {
    const { queries } = await renderTable(page([]));

    act(() => {
      fireEvent(window, new Event('focus'));
    });
    await waitFor(() => expect(queries()).toHaveLength(2));

    // A focus and a visibility change together are one return, not two.
    act(() => {
      fireEvent(document, new Event('visibilitychange'));
    });
    await new Promise((wait) => setTimeout(wait, 50));
    expect(queries()).toHaveLength(2);

    await new Promise((wait) => setTimeout(wait, 500));
    expect(document.visibilityState).toBe('visible');
    act(() => {
      fireEvent(document, new Event('visibilitychange'));
    });
    await waitFor(() => expect(queries()).toHaveLength(3));
  });
});
