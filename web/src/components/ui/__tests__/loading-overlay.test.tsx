import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoadingOverlay } from '../dialog/loading-overlay';

describe('loading overlay', () => {
  it('shows the default title and message in a busy modal dialog', () => {
    render(<LoadingOverlay />);

    const dialog = screen.getByRole('dialog', { name: 'Please wait…' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(dialog).toHaveAccessibleDescription('Processing your request');
  });

  it('shows a custom title and message', () => {
    render(<LoadingOverlay title="Deleting document" message="Please wait while we remove the document…" />);

    expect(screen.getByRole('dialog', { name: 'Deleting document' })).toHaveAccessibleDescription(
      'Please wait while we remove the document…',
    );
  });

  it('takes focus and cannot be dismissed with Escape', async () => {
    const user = userEvent.setup();
    render(<LoadingOverlay />);

    expect(screen.getByRole('dialog')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
