import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PROBE_INTERVAL_MS, reportReachable, reportUnreachable, setServerProbe, useConnection } from '../connection-store';
import { OfflineBanner } from '../offline-banner';

describe('offline banner', () => {
  it('says nothing while the server answers', () => {
    render(<OfflineBanner />);

    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByText('Offline — reconnecting')).not.toBeInTheDocument();
  });

  it('says "Offline — reconnecting" once a call cannot reach the server, and goes when one gets an answer', () => {
    render(<OfflineBanner />);

    act(() => reportUnreachable());
    expect(screen.getByRole('status')).toHaveTextContent('Offline — reconnecting');

    act(() => reportReachable());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('asks the server every few seconds while offline and goes by itself when it answers again', async () => {
    vi.useFakeTimers();
    const answers = [false, true];
    const probe = vi.fn(() => Promise.resolve(answers.shift() ?? true));
    setServerProbe(probe);
    try {
      render(<OfflineBanner />);
      act(() => reportUnreachable());

      await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
      expect(probe).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Offline — reconnecting');

      await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS));
      expect(probe).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();

      // Online again: no more probing.
      await act(() => vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3));
      expect(probe).toHaveBeenCalledTimes(2);
    } finally {
      setServerProbe(null);
    }
  });

  it('keeps one probe going however many calls fail', async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.resolve(false));
    setServerProbe(probe);
    try {
      reportUnreachable();
      reportUnreachable();
      reportUnreachable();
      await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
      expect(probe).toHaveBeenCalledTimes(1);
      expect(useConnection.getState().offline).toBe(true);
    } finally {
      setServerProbe(null);
    }
  });
});
