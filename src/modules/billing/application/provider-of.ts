import type { BillingProvider } from '../domain/subscription.js';
import { billingDisabled } from './billing-settings.js';
import type { PaymentGateway } from './ports/payment-gateway.port.js';

/** The provider billing records belong to; with billing off there is none, and nothing is recorded. */
export function providerOf(gateway: PaymentGateway): BillingProvider {
  if (gateway.provider === 'off') throw billingDisabled();
  return gateway.provider;
}
