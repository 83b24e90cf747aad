import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu } from '../menu/menu';

function renderMenu() {
  const user = userEvent.setup();
  const actions = { rename: vi.fn(), remove: vi.fn() };
  render(
    <>
      <Menu
        label="Document menu"
        actions={[
          { label: 'Rename', onSelect: actions.rename },
          { label: 'Delete', tone: 'danger', onSelect: actions.remove },
        ]}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  const button = screen.getByRole('button', { name: 'Document menu' });
  return { user, actions, button };
}

describe('menu', () => {
  it('is a collapsed menu button until clicked, then shows its items and focuses the first', async () => {
    const { user, button } = renderMenu();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Document menu' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
  });

  it('moves with the arrow keys, Home and End, wrapping around', async () => {
    const { user, button } = renderMenu();
    await user.click(button);

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
  });

  it('runs the chosen action, closes and gives focus back to the button', async () => {
    const { user, actions, button } = renderMenu();
    await user.click(button);

    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    expect(actions.remove).toHaveBeenCalledTimes(1);
    expect(actions.rename).not.toHaveBeenCalled();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('closes on Escape, on a click elsewhere and on Tab without running anything', async () => {
    const { user, actions, button } = renderMenu();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(actions.rename).not.toHaveBeenCalled();
    expect(actions.remove).not.toHaveBeenCalled();
  });

  it('opens from the keyboard with the arrow keys', async () => {
    const { user, button } = renderMenu();
    button.focus();

    await user.keyboard('{ArrowDown}');

    expect(screen.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
  });
});
