import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { readUsableToken } from '@/lib/auth-token';

/**
 * /pricing is linked by "Subscribe Now" (docs/product.md § Screens). A signed-in
 * user is choosing a plan, so they go to plan selection; a guest sees the landing pricing section.
 */
export function PricingRedirect() {
  const [signedIn] = useState(() => readUsableToken() !== null);
  return <Navigate to={signedIn ? paths.planSelection.getHref() : paths.landingPricing.getHref()} replace />;
}
