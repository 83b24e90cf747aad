import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DashboardNav } from './dashboard-nav';
import { LogoutButton } from './logout-button';
import { TokenPanel } from './token-panel';

export function DashboardSidebar() {
  return (
    <aside className="sidebar">
      <Link to={paths.dashboard.getHref()} className="brand-link sidebar__brand">
        <span className="brand-link__mark" aria-hidden="true" />
        Mailscribe
      </Link>
      <DashboardNav />
      <div className="sidebar__footer">
        <TokenPanel />
        <LogoutButton />
      </div>
    </aside>
  );
}
