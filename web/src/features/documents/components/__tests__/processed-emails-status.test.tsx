import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from './documents-test-kit';
import { documentsAnswer } from '@/test/documents-answer';
import { aMail, notifications, page, renderTable, shownText } from './processed-emails-test-kit';

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

    // The clock also moves with real time (shouldAdvanceTime): a second short of the poll leaves room
    // for a slow render.
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(queries()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
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
