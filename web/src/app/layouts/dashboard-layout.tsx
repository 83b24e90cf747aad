import { Outlet } from 'react-router-dom';
import { DashboardHeader } from './dashboard-header';
import { DashboardSidebar } from './dashboard-sidebar';
import './dashboard-layout.css';

/** Spec §2 dashboard shell: left sidebar, a header bar above the content. */
export function DashboardLayout() {
  return (
    <div className="dashboard">
      <DashboardSidebar />
      <div className="dashboard__body">
        <DashboardHeader />
        <main className="dashboard__content" id="main-content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
