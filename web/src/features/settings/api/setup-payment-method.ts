import { useMutation } from '@tanstack/react-query';
import { subscriptionRoutes } from '@contract/subscription';
import { callRoute } from '@/lib/api-route';

/** POST /api/subscription/setup-payment-method: the card-update page's url (it returns to /settings?cardChange=…). */
export async function setupPaymentMethod(): Promise<string> {
  return (await callRoute(subscriptionRoutes.setupPaymentMethod)).url;
}

/** Asks for the card-update page. Nothing to invalidate: the card changes there, and the page comes back with a full load. */
export function useSetupPaymentMethod() {
  return useMutation({ mutationFn: setupPaymentMethod });
}
