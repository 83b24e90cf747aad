import { SESSION_ID_PLACEHOLDER } from '../domain/checkout-session.js';

/** Where the payment pages send the browser back to: the web app's routes (docs/product.md § Screens). */
export function checkoutUrls(publicUrl: string) {
  return {
    success: `${publicUrl}/success?session_id=${SESSION_ID_PLACEHOLDER}`,
    cancelSubscription: `${publicUrl}/cancel?type=subscription`,
    cancelTokens: `${publicUrl}/cancel?type=tokens`,
    cardChanged: `${publicUrl}/settings?cardChange=success`,
    cardChangeCancelled: `${publicUrl}/settings?cardChange=cancelled`,
  };
}
