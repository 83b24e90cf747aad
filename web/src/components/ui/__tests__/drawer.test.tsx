import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Drawer } from '../drawer/drawer';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open mail
      </button>
      {open ? (
        <Drawer titleId="drawer-title" title={<h2 id="drawer-title">Invoice 42</h2>} onClose={() => setOpen(false)} footer={<a href="/doc">Open in document</a>}>
          <p>The summary.</p>
        </Drawer>
      ) : null}
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  const { container } = render(<Harness />);
  return { user, container, opener: screen.getByRole('button', { name: 'Open mail' }) };
}

describe('drawer', () => {
  it('is a modal dialog named by its heading, with its body and footer, and the page behind is inert', async () => {
    const { user, container, opener } = setup();

    await user.click(opener);

    const drawer = screen.getByRole('dialog', { name: 'Invoice 42' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('The summary.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in document' })).toBeInTheDocument();
    expect(container).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('closes on Escape and on ×, gives the focus back and leaves the page usable', async () => {
    const { user, container, opener } = setup();

    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(container).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
