import { useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { readUsableToken } from '@/lib/auth-token';
import { LandingPage } from './landing-page';
import type { LandingNavigation } from './landing-navigation';

/** The landing page inside the app's router: a signed-in visitor goes to the dashboard (docs/product.md § Landing page). */
export function LandingRoute() {
  const { hash } = useLocation();
  const navigate = useNavigate();
  const [signedIn] = useState(() => readUsableToken() !== null);
  const navigation = useMemo<LandingNavigation>(() => ({ navigate: (href) => void navigate(href) }), [navigate]);

  if (signedIn) return <Navigate to={DEFAULT_SIGNED_IN_PATH} replace />;
  return <LandingPage navigation={navigation} hash={hash} />;
}
