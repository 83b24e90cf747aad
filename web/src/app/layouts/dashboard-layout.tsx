import { useId } from 'react';
import { Outlet } from 'react-router-dom';
import { useLiveUpdates } from '../live-updates';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import { SkipLink } from './skip-link';
import { TokenBanner } from './token-banner';
import { useDrawer } from './use-drawer';
import './dashboard-layout.css';

/**
 * The dashboard shell (docs/product.md § Dashboard): left sidebar, a header bar above the content. Below 768 px the header is the
 * one bar (menu button, the balance in one line) and the sidebar a drawer over the content.
 */
export function DashboardLayout() {
  // Tables, counts and the token panel follow the server without a reload.
  useLiveUpdates();
  const menuId = useId();
  const drawer = useDrawer();
  return (
    <div className="dashboard">
      <SkipLink targetId="main-content" />
      <DashboardSidebar id={menuId} open={drawer.open} drawerRef={drawer.drawerRef} />
      {drawer.open ? <div className="dashboard__backdrop" aria-hidden="true" onClick={drawer.close} /> : null}
      <div className="dashboard__body">
        <DashboardHeader menuId={menuId} menuOpen={drawer.open} onOpenMenu={drawer.show} onCloseMenu={drawer.close} />
        <main className="dashboard__content" id="main-content" tabIndex={-1}>
          <TokenBanner />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
