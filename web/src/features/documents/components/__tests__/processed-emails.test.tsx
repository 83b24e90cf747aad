import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMail, page, renderTable, setWindowWidth, shownText } from './processed-emails-test-kit';

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
