import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InformationDialog } from '../dialog/information-dialog';

describe('information dialog', () => {
  it('shows a failure as an alert dialog named by its title and described by its message', () => {
    render(<InformationDialog title="Something went wrong" message="Could not rename the document. Try again." onClose={vi.fn()} />);

    const dialog = screen.getByRole('alertdialog', { name: 'Something went wrong' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Could not rename the document. Try again.');
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  it('shows plain information as a dialog with a custom button text', () => {
    render(<InformationDialog variant="info" title="Saved" message="All set." closeText="Got it" onClose={vi.fn()} />);

    expect(screen.getByRole('dialog', { name: 'Saved' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });

  it('closes with its button and with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<InformationDialog title="Something went wrong" message="Try again." onClose={onClose} />);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
