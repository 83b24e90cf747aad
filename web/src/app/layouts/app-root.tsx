import { Outlet } from 'react-router-dom';
import { useFocusOnNavigate } from '../focus-on-navigate';

/** The root of every route (router.tsx): what holds for all pages, here the focus after a navigation. */
export function AppRoot() {
  useFocusOnNavigate();
  return <Outlet />;
}
