import { ThemeToggle } from '@/components/ui/theme/theme-toggle';
import { useSession } from '@/lib/session-store';

function initialsOf(name: string, email: string): string {
  const source = name.trim() || email;
  const parts = source.split(/[\s@._-]+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The bar above the content: the theme toggle and who is signed in. */
export function DashboardHeader() {
  const user = useSession((state) => state.user);

  return (
    <header className="dashboard-header">
      <ThemeToggle />
      {user ? (
        <div className="dashboard-header__user">
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
