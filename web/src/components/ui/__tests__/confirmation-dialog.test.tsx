import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmationDialog, type ConfirmationDialogProps } from '../dialog/confirmation-dialog';

function renderDialog(overrides: Partial<ConfirmationDialogProps> = {}) {
  const props: ConfirmationDialogProps = {
    title: 'Delete document',
    message: 'Are you sure you want to delete the document',
    highlight: 'Invoices',
    question: true,
    approveText: 'Delete',
    variant: 'delete',
    onApprove: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
  render(<ConfirmationDialog {...props} />);
  return props;
}

describe('confirmation dialog', () => {
  it('is a modal dialog named by its title and described by its message', () => {
    renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Delete document' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(/^Are you sure you want to delete the document/);
    const message = screen.getByText(/Are you sure/);
    expect(message.textContent).toBe('Are you sure you want to delete the document Invoices?');
    expect(screen.getByText('Invoices').tagName).toBe('STRONG');
  });

  it('adds a detail sentence under the message, keeping the message as it is', () => {
    renderDialog({ detail: 'The linked Google Doc stays in your Google Drive.' });

    expect(screen.getByText(/Are you sure/).textContent).toBe('Are you sure you want to delete the document Invoices?');
    expect(screen.getByText('The linked Google Doc stays in your Google Drive.').tagName).toBe('P');
  });

  it('has a Cancel button by default and the approve button in the chosen style', () => {
    renderDialog();

    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveClass('button--danger');
  });

  it('takes a custom cancel text and the approve style', () => {
    renderDialog({ cancelText: 'Keep it', approveText: 'Reactivate', variant: 'approve', question: false, highlight: undefined });

    expect(screen.getByRole('button', { name: 'Keep it' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivate' })).toHaveClass('button--primary');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Are you sure you want to delete the document');
  });

  it('moves focus into the dialog when it opens', () => {
    renderDialog();

    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderDialog();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('cancels on Escape', async () => {
    const user = userEvent.setup();
    const props = renderDialog();

    await user.keyboard('{Escape}');

    expect(props.onCancel).toHaveBeenCalledTimes(1);
    expect(props.onApprove).not.toHaveBeenCalled();
  });

  it('approves and cancels with its buttons', async () => {
    const user = userEvent.setup();
    const props = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(props.onApprove).toHaveBeenCalledTimes(1);
    expect(props.onCancel).toHaveBeenCalledTimes(1);
  });

  it('disables its buttons and shows the pending text while the action runs', () => {
    renderDialog({ pending: true, pendingText: 'Deleting...' });

    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
