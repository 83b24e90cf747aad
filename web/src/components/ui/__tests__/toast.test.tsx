import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../toast/toast-store';
import { ToastViewport } from '../toast/toast-viewport';

describe('toasts', () => {
  it('shows success and info as status messages and errors as alerts', () => {
    render(<ToastViewport />);
    const notifications = screen.getByRole('region', { name: 'Notifications' });

    act(() => void toast.success('Subscription reactivated successfully!'));
    expect(within(notifications).getByRole('status')).toHaveTextContent('Subscription reactivated successfully!');
    act(() => void toast.info('Payment method update was cancelled.'));
    expect(within(notifications).getByRole('status')).toHaveTextContent('Payment method update was cancelled.');
    act(() => void toast.error('Could not update overwrite position. Try again.'));
    expect(within(notifications).getByRole('alert')).toHaveTextContent('Could not update overwrite position. Try again.');
  });

  it('shows one toast at a time: a new one replaces the one shown', () => {
    render(<ToastViewport />);

    act(() => {
      toast.success('Description saved.');
      toast.error('Could not add the email. Try again.');
    });

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getAllByRole('alert')).toHaveLength(1);
    expect(within(notifications).queryByRole('status')).not.toBeInTheDocument();
    expect(notifications).not.toHaveTextContent('Description saved.');
    expect(notifications).toHaveTextContent('Could not add the email. Try again.');
  });

  it('keeps the newer toast for its whole lifetime when an older one would have expired', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => void toast.info('First'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => void toast.info('Second'));

    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('dismisses a toast by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<ToastViewport />);
    act(() => {
      toast.success('Saved');
    });

    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('can be closed by hand', async () => {
    const user = userEvent.setup();
    render(<ToastViewport />);
    act(() => {
      toast.error('Failed');
    });

    await user.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
  });
});
