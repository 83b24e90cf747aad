import { NavLink, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';

type NavItem = {
  label: string;
  to: string;
  /** Other paths that show the same page (/usage and /settings have two paths: docs/product.md § Screens). */
  aliases: string[];
  icon: string;
};

const NAV_ITEMS: NavItem[] = [
  {
    label: 'Documents',
    to: paths.documents.getHref(),
    aliases: [paths.dashboard.getHref(), '/dashboard/doc/'],
    icon: 'M4 3h9l5 5v13H4z M13 3v5h5 M7 12h8 M7 16h8',
  },
  {
    label: 'Usage',
    to: paths.dashboardUsage.getHref(),
    aliases: [paths.usage.getHref()],
    icon: 'M4 20V10 M10 20V4 M16 20v-7 M2 20h20',
  },
  {
    label: 'Settings',
    to: paths.dashboardSettings.getHref(),
    aliases: [paths.settings.getHref()],
    icon: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.9 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.9-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.9H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.9l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.9-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.9 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.9H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  },
];

function matchesAlias(pathname: string, alias: string): boolean {
  return alias.endsWith('/') ? pathname.startsWith(alias) : pathname === alias;
}

export function DashboardNav() {
  const { pathname } = useLocation();

  return (
    <nav className="sidebar__nav" aria-label="Dashboard">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          className={({ isActive }) =>
            `sidebar__link${isActive || item.aliases.some((alias) => matchesAlias(pathname, alias)) ? ' sidebar__link--active' : ''}`
          }
        >
          <svg className="line-icon sidebar__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={item.icon} />
          </svg>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
