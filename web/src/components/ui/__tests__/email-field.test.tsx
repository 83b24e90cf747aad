import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EmailField, type EmailFieldProps } from '../email-input/email-field';

type Shown = Pick<EmailFieldProps, 'hint' | 'error' | 'keepHint' | 'action' | 'hideLabel'>;

function Field(props: Shown) {
  const [value, setValue] = useState('');
  return <EmailField label="Your email" block="field" value={value} onValueChange={setValue} {...props} />;
}

const box = () => screen.getByRole('textbox', { name: 'Your email' });

describe('email field', () => {
  it('is named by its label and described by its hint while there is no error', () => {
    render(<Field hint="Receipts go here." />);

    expect(box()).toHaveAccessibleDescription('Receipts go here.');
    expect(box()).not.toHaveAttribute('aria-invalid');
  });

  it('puts the error in the hint’s place, marks the box invalid and announces it', () => {
    render(<Field hint="Receipts go here." error="Enter a valid email address." />);

    expect(box()).toHaveAccessibleDescription('Enter a valid email address.');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address.');
    expect(screen.queryByText('Receipts go here.')).not.toBeInTheDocument();
  });

  it('keeps the hint beside the error when asked, described by both in reading order', () => {
    render(<Field hint="Type your address." error="Nothing was deleted." keepHint />);

    expect(box()).toHaveAccessibleDescription('Type your address. Nothing was deleted.');
    expect(screen.getByText('Type your address.')).toBeInTheDocument();
  });

  it('has no description at all when it has neither hint nor error', () => {
    render(<Field />);

    expect(box()).not.toHaveAttribute('aria-describedby');
  });

  it('sets its action beside the box and reports what is typed as a string', async () => {
    const user = userEvent.setup();
    render(<Field action={<button type="button">Add</button>} />);

    await user.type(box(), 'ada@example.com');

    expect(box()).toHaveValue('ada@example.com');
    expect(box().parentElement).toContainElement(screen.getByRole('button', { name: 'Add' }));
  });

  it('styles its parts by the block it is given, and hides only a label it is told to hide', () => {
    const { unmount } = render(<Field hint="Receipts go here." action={<button type="button">Add</button>} />);
    expect(screen.getByText('Your email')).toHaveClass('field__label');
    expect(box()).toHaveClass('field__input');
    expect(box().parentElement).toHaveClass('field__row');
    expect(screen.getByText('Receipts go here.')).toHaveClass('field__hint');
    unmount();

    render(<Field hideLabel error="Enter a valid email address." />);
    expect(screen.getByText('Your email')).toHaveClass('visually-hidden');
    expect(screen.getByRole('alert')).toHaveClass('field__error');
  });
});
