import { ThemeToggle } from '@/components/ui/theme/theme-toggle';
import { useSession } from '@/lib/session-store';
import { TokenSummaryButton } from './token-summary';

function initialsOf(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

type DashboardHeaderProps = {
  /** The id of the sidebar, which is the menu drawer on small screens. */
  menuId: string;
  menuOpen: boolean;
  /** Opens the drawer from `trigger`, with focus on `focusSelector` inside it (default: its first control). */
  onOpenMenu: (trigger: HTMLElement, focusSelector?: string) => void;
  onCloseMenu: () => void;
};

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="line-icon dashboard-header__menu-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}

/**
 * The bar above the content: the theme toggle and who is signed in. On small screens it is the only bar:
 * it also holds the menu button (the sidebar becomes a drawer) and the balance in one line.
 */
export function DashboardHeader({ menuId, menuOpen, onOpenMenu, onCloseMenu }: DashboardHeaderProps) {
  const user = useSession((state) => state.user);
  const toggle = (trigger: HTMLElement, focusSelector?: string) => (menuOpen ? onCloseMenu() : onOpenMenu(trigger, focusSelector));

  return (
    <header className="dashboard-header">
      <button
        type="button"
        className="dashboard-header__menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={(event) => toggle(event.currentTarget)}
      >
        <MenuIcon open={menuOpen} />
        Menu
      </button>
      <TokenSummaryButton aria-expanded={menuOpen} aria-controls={menuId} onClick={(event) => toggle(event.currentTarget, '.token-panel a')} />
      <span className="dashboard-header__spacer" />
      <ThemeToggle />
      {user ? (
        <div className="dashboard-header__user" title={user.email}>
          <span className="dashboard-header__avatar" aria-hidden="true">
            {initialsOf(user.name, user.email)}
          </span>
          <span className="dashboard-header__identity">
            {user.name ? <span className="dashboard-header__name">{user.name}</span> : null}
            <span className="dashboard-header__email">{user.email}</span>
          </span>
        </div>
      ) : null}
    </header>
  );
}
