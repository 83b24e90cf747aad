import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../toast/toast-store';
import { ToastViewport } from '../toast/toast-viewport';

describe('toasts', () => {
  it('shows success and info as status messages and errors as alerts', () => {
    render(<ToastViewport />);

    act(() => {
      toast.success('Subscription reactivated successfully!');
      toast.info('Payment method update was cancelled.');
      toast.error('Could not update overwrite position. Try again.');
    });

    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(notifications).toHaveTextContent('Subscription reactivated successfully!');
    expect(screen.getAllByRole('status')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not update overwrite position. Try again.');
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
