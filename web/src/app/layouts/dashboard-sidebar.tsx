import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { DashboardNav } from './dashboard-nav';
import { LogoutButton } from './logout-button';
import { TokenPanel } from './token-panel';
import './dashboard-sidebar.css';

type DashboardSidebarProps = {
  id: string;
  /** Small screens only: the drawer is shown (dashboard-sidebar.css). */
  open: boolean;
  drawerRef: RefObject<HTMLElement | null>;
};

/** The sidebar on wide screens; below 768 px the drawer the header's menu button opens. */
export function DashboardSidebar({ id, open, drawerRef }: DashboardSidebarProps) {
  return (
    <aside id={id} ref={drawerRef} className={`sidebar${open ? ' sidebar--open' : ''}`}>
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
